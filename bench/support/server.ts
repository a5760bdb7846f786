/** Starts bench/support/bench-server.ts as its own process (bundled like `npm run build`), for load and memory figures. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { reportedPort } from '@testing/server-process';
import { ROOT } from '../lib/report';

export interface BenchServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resident memory now and at its peak (VmRSS, VmHWM from /proc), in bytes. */
  memory: () => { rss: number; peak: number };
  stop: () => Promise<void>;
}

let bundled: string | undefined;

/** Bundles the bench server once per benchmark run: npm packages stay external, as in dist/server. */
async function bundle(): Promise<string> {
  if (bundled) return bundled;
  const dir = mkdtempSync(path.join(ROOT, 'node_modules', '.bench-server-'));
  const outfile = path.join(dir, 'bench-server.mjs');
  await build({
    entryPoints: [path.join(ROOT, 'bench/support/bench-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  bundled = outfile;
  return outfile;
}

function procStatus(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN) * 1024;
}

export async function startBenchServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<BenchServer> {
  const entry = await bundle();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-bench-'));
  let output = '';
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    // The bundle sits inside node_modules/, so its bare imports resolve to the project's packages.
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      AUTH_RATE_LIMIT_MAX: '100000',
      ...env,
    },
    // The request log goes where a production log would: out of the process, not kept here. The
    // server reports the port it bound over the IPC channel.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${await reportedPort(child, exited, () => output, 60_000)}`;
  return {
    url,
    pid: child.pid!,
    child,
    memory: () => ({ rss: procStatus(child.pid!, 'VmRSS'), peak: procStatus(child.pid!, 'VmHWM') }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
