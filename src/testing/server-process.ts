import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ServerProcess {
  /** http://127.0.0.1:<port>, once the server reported its port ('' with `waitForReady: false`). */
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Sends a signal and waits for the process to end; returns its exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

const MAIN = path.resolve(import.meta.dirname, '../server/main.ts');
/** The bundle `npm run build` makes, for browser tests and benchmarks of the built app. */
export const BUILT_SERVER = path.resolve(import.meta.dirname, '../../dist/server/main.js');

/** What main.ts sends its parent over the IPC channel once it serves requests. */
interface ListeningMessage {
  event: 'server.listening';
  port: number;
}

const isListening = (message: unknown): message is ListeningMessage =>
  typeof message === 'object' && message !== null && (message as ListeningMessage).event === 'server.listening';

/**
 * The real server as its own process (`node --import tsx src/server/main.ts`, or `entry`), for crash,
 * restart and browser tests. It binds port 0 unless `env.PORT` says otherwise, and reports the port
 * it got over an IPC channel when it is ready: no port can be taken by someone else in between, and
 * no polling.
 */
export async function startServerProcess(env: Record<string, string>, options: { waitForReady?: boolean; entry?: string } = {}): Promise<ServerProcess> {
  const entry = options.entry ?? MAIN;
  let output = '';
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      AUTH_RATE_LIMIT_MAX: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const handle: ServerProcess = {
    url: '',
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitForReady === false) return handle;
  handle.url = `http://127.0.0.1:${await reportedPort(child, exited, handle.output)}`;
  return handle;
}

/** Waits for the port a server process reports when it is ready (main.ts, bench-server.ts); kills it on failure. */
export function reportedPort(child: ChildProcess, exited: Promise<number | null>, output: () => string, timeoutMs = 30_000): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${output()}`)), timeoutMs);
    child.on('message', (message) => {
      if (!isListening(message)) return;
      clearTimeout(timer);
      resolve(message.port);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
}
