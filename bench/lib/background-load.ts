/**
 * `--background-load N`: N child processes that each spin on one core for the whole run, so a bench
 * measures the app while another process keeps the machine busy. Each is pinned to its own core with
 * `taskset` (cores counted from the last one) when the machine has it, and killed when the run ends.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';

const SPIN = 'for (;;) {}';

export interface BackgroundLoad {
  /** What the report says about it, e.g. "1 busy-loop process pinned to core 1". */
  description: string;
  stop: () => Promise<void>;
}

export function startBackgroundLoad(processes: number): BackgroundLoad {
  if (processes <= 0) return { description: 'none', stop: async () => undefined };
  const cores = os.cpus().length;
  const pinned = spawnSync('taskset', ['--version']).status === 0;
  const children: ChildProcess[] = [];
  const placed: number[] = [];
  for (let i = 0; i < processes; i++) {
    const core = (cores - 1 - (i % cores) + cores) % cores;
    const command = pinned ? ['taskset', ['-c', String(core), process.execPath, '-e', SPIN]] : [process.execPath, ['-e', SPIN]];
    children.push(spawn(command[0] as string, command[1] as string[], { stdio: 'ignore' }));
    placed.push(core);
  }
  // A child killed by a signal keeps exitCode null (signalCode says it ended), so both are read: a
  // second stop() must not wait for an 'exit' that has already happened.
  const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  // A bench that crashes must not leave its spinners behind.
  const killAll = () => children.forEach((child) => running(child) && child.kill('SIGKILL'));
  process.once('exit', killAll);
  return {
    description: `${processes} busy-loop process${processes > 1 ? 'es' : ''} (\`node -e "${SPIN}"\`)${pinned ? ` pinned to core ${placed.join(', ')} (\`taskset\`)` : ''}`,
    stop: async () => {
      const exits = children.map((child) => (running(child) ? new Promise<void>((resolve) => child.once('exit', () => resolve())) : Promise.resolve()));
      killAll();
      await Promise.all(exits);
      process.removeListener('exit', killAll);
    },
  };
}
