import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILT_SERVER, startServerProcess } from '@server/testing/server-process';

export interface BuiltServer {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * The built app (`dist/`, made by `npm run build`) on SQLite in a temp folder, on a port it binds and
 * reports itself. Without `env` it uses the built-in offline writer; `AI_BASE_URL` and `AI_MODEL`
 * point it at a model (e.g. the fake one).
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
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
