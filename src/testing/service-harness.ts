/**
 * The services as production wires them (`createServices`: real repositories, real transactions) on a
 * fresh, migrated database (SQLite or PostgreSQL, as TEST_DB says), without HTTP: for tests of the
 * rules themselves. Users are real better-auth accounts; other rows come from the factories.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createWriter } from '@server/ai/create-writer';
import { createAuth, migrateAuthTables } from '@server/platform/auth';
import { loadConfig } from '@server/config';
import { openDatabase, type DatabaseHandle } from '@server/platform/db/database';
import { migrateToLatest } from '@server/platform/db/migrate';
import { createLogger } from '@server/platform/logger';
import { createServices, type Services } from '@server/compose';
import { createFactories, type Factories } from './factories';
import { TEST_PASSWORD } from './test-client';
import { createTestDatabase, databaseEnv } from './test-database';

export interface ServiceHarness {
  services: Services;
  database: DatabaseHandle;
  factories: Factories;
  /** A new account (better-auth's sign-up, no HTTP); its id. */
  createUser: () => Promise<string>;
  close: () => Promise<void>;
}

/** `env` as for the server (e.g. VERSIONS_PER_POST); `now` is the services' clock. */
export async function openServiceHarness({ env = {}, now }: { env?: Record<string, string>; now?: () => Date } = {}): Promise<ServiceHarness> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...databaseEnv(testDb.database),
    ...env,
  });
  const log = createLogger('silent');
  const database = openDatabase(config.database);
  const auth = createAuth(config, database, log);
  await migrateAuthTables(auth);
  await migrateToLatest(database.db);
  const services = createServices(database, {
    writer: createWriter(config.ai),
    log,
    mediaDir: path.join(config.dataDir, 'media'),
    publicUrl: config.publicUrl,
    limits: config.limits,
    now,
  });
  await services.runner.work();
  return {
    services,
    database,
    factories: createFactories(database.db),
    createUser: async () => {
      const email = `user-${randomBytes(5).toString('hex')}@example.com`;
      const { user } = await auth.api.signUpEmail({ body: { email, password: TEST_PASSWORD, name: '' } });
      return user.id;
    },
    close: async () => {
      await services.runner.shutdown();
      await database.close();
      await testDb.drop();
    },
  };
}
