import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../src/server/testing/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
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

/** Starts the built app (`dist/`, made by `npm run build`) once for all browser tests, on SQLite in a temp folder. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000', DATABASE_URL: '', AI_BASE_URL: '', AI_API_KEY: '', OPENAI_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForServer(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
