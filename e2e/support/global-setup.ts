import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './built-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Set when the suite runs against two instances on PostgreSQL (E2E_INSTANCES=2). */
    databaseUrl: string | undefined;
  }
}

/** Starts the built app once for all browser tests, with the built-in offline writer. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('databaseUrl', server.databaseUrl);
  return server.stop;
}
