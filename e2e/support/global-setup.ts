import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUILT_SERVER, startServerProcess } from '../../src/server/testing/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** Starts the built app (`dist/`, made by `npm run build`) once for all browser tests, on SQLite in a temp folder. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-e2e-'));
  const server = await startServerProcess({ DATA_DIR: dataDir }, { entry: BUILT_SERVER });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
