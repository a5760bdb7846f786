import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRoundRobinProxy } from '@testing/round-robin-proxy';
import { startS3Server } from '@testing/s3-server';
import { BUILT_SERVER, startServerProcess, type ServerProcess } from '@testing/server-process';
import { createTestDatabase } from '@testing/test-database';

export interface BuiltServer {
  baseUrl: string;
  dataDir: string;
  /** The PostgreSQL database the instances share (E2E_INSTANCES=2); undefined on SQLite. */
  databaseUrl?: string;
  stop: () => Promise<void>;
}

/**
 * The built app (`dist/`, made by `npm run build`) on SQLite in a temp folder, on a port it binds and
 * reports itself. Without `env` it uses the built-in offline writer; `AI_BASE_URL` and `AI_MODEL`
 * point it at a model (e.g. the fake one). With E2E_INSTANCES=2 it is two instances on a fresh
 * PostgreSQL database (TEST_POSTGRES_URL) with media in s3rver, behind a round-robin proxy.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  if (process.env.E2E_INSTANCES === '2') return startBuiltCluster(env);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-e2e-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, ...env }, { entry: BUILT_SERVER });
  return {
    baseUrl: server.url,
    dataDir,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two instances of the built app on one PostgreSQL database and one bucket, each request to the next in turn. */
async function startBuiltCluster(env: Record<string, string>): Promise<BuiltServer> {
  const database = await createTestDatabase();
  if (database.database.kind !== 'postgres') throw new Error('E2E_INSTANCES=2 needs TEST_DB=postgres (and TEST_POSTGRES_URL)');
  const s3 = await startS3Server();
  const proxy = await startRoundRobinProxy();
  const folders = [mkdtempSync(path.join(tmpdir(), 'planner-e2e-a-')), mkdtempSync(path.join(tmpdir(), 'planner-e2e-b-'))];
  const instances: ServerProcess[] = [];
  for (const dataDir of folders) {
    instances.push(
      await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: database.database.url, PUBLIC_URL: proxy.url, ...s3.env, ...env }, { entry: BUILT_SERVER }),
    );
  }
  proxy.setTargets(instances.map((instance) => instance.url));
  return {
    baseUrl: proxy.url,
    dataDir: folders[0]!,
    databaseUrl: database.database.url,
    stop: async () => {
      for (const instance of instances) await instance.stop();
      await proxy.close();
      await s3.close();
      await database.drop();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}
