import { spawn } from 'node:child_process';
import path from 'node:path';

const SCRIPTS = path.resolve(import.meta.dirname, '../../scripts');

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup -- <target>` as its own process, without blocking this one (the test keeps writing meanwhile). */
export function runBackupScript(env: Record<string, string>, target: string): Promise<ScriptRun> {
  return runScript('backup.ts', [target], env);
}

/** One of scripts/ as its own process (as `npm run <name> -- <args>` runs it), with only `env` set. */
export function runScript(file: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SCRIPTS, file), ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}
