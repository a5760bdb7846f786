import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/server/testing/server-process';

export interface BuiltServer {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

async function waitForServer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/me`);
      if (response.status === 401) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start within 30 s:\n${output()}`);
}

/**
 * The built app (`dist/`, made by `npm run build`) on SQLite in a temp folder. Without `env` it uses
 * the built-in offline writer; `AI_BASE_URL` and `AI_MODEL` point it at a model (e.g. the fake one).
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000', DATABASE_URL: '', AI_BASE_URL: '', AI_API_KEY: '', OPENAI_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForServer(baseUrl, child, () => log);
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
