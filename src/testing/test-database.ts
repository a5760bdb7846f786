import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '@server/config';

/** Which database the API tests run against: set by scripts/test.mjs, one run per kind. */
export const TEST_DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  dataDir: string;
  database: Config['database'];
  drop: () => Promise<void>;
}

/** The environment that points a server at this database: DATABASE_URL on PostgreSQL, nothing on SQLite (DATA_DIR holds the file). */
export function databaseEnv(database: Config['database']): { DATABASE_URL?: string } {
  return database.kind === 'postgres' ? { DATABASE_URL: database.url } : {};
}

/** A fresh, empty database for one test file: a SQLite file in a temp folder or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (TEST_DB_KIND === 'sqlite') {
    return { dataDir, database: { kind: 'sqlite', file: path.join(dataDir, 'planner.db') }, drop: async () => removeDir() };
  }
  const name = `planner_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    database: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      removeDir();
    },
  };
}
