import { spawn } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/backup.ts');

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup -- <target>` as its own process, without blocking this one (the test keeps writing meanwhile). */
export function runBackupScript(env: Record<string, string>, target: string): Promise<ScriptRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, target], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}
