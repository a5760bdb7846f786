import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './built-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** Starts the built app once for all browser tests, with the built-in offline writer. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
