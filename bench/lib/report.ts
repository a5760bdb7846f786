/**
 * Shared by the benchmarks: statistics, the machine description, a Markdown table printed to the
 * terminal, and the section of docs/performance.md that each benchmark rewrites with its latest run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DOC = path.join(ROOT, 'docs/performance.md');

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of the values; NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

export const ms = (value: number, digits = 1) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a');
export const seconds = (valueMs: number) => (Number.isFinite(valueMs) ? `${(valueMs / 1000).toFixed(2)} s` : 'n/a');
export const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const pass = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim();
  } catch {
    return 'n/a';
  }
}

/** `nproc`, `free -h`, CPU model, Node version, date and the command, as the doc states them. */
export function machine(command: string): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const memory =
    run('free', ['-h'])
      .split('\n')
      .find((line) => line.startsWith('Mem:'))
      ?.split(/\s+/)[1] ?? `${Math.round(os.totalmem() / 2 ** 30)}Gi`;
  return [
    `- Machine: ${run('nproc', [])} cores (\`nproc\`), ${cpu}; memory ${memory} total (\`free -h\`); ${os.type()} ${os.release()}`,
    `- Node ${process.version}; run ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Command: \`${command}\``,
  ].join('\n');
}

export function commandLine(script: string): string {
  const args = process.argv.slice(2);
  return `npm run ${script}${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`;
}

const SKELETON = `# Performance

Benchmarks are scripts (\`npm run bench:<name>\`): each starts what it needs on loopback, runs bounded in
count and time, prints its table and rewrites its own section below with the machine, date and
command. Nothing here is a timed assertion in \`npm test\`.
`;

/** Replaces the text between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` (appends it the first time). */
export function writeSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : SKELETON;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const next = from >= 0 && to > from ? doc.slice(0, from) + block + doc.slice(to + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(DOC, next);
  console.log(`\nWrote the figures to ${path.relative(process.cwd(), DOC) || DOC} (section bench:${name}).`);
}

/** Parses `--name value` and `--name=value` flags into numbers/strings with defaults. */
export function flags<T extends Record<string, number | string | boolean>>(defaults: T): T {
  const result: Record<string, number | string | boolean> = { ...defaults };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const match = /^--(no-)?([\w-]+)(?:=(.*))?$/.exec(args[i]!);
    if (!match) throw new Error(`Unknown argument ${args[i]}`);
    const key = match[2]!.replace(/-(\w)/g, (_all, letter: string) => letter.toUpperCase());
    if (!(key in defaults)) throw new Error(`Unknown flag --${match[2]}; known: ${Object.keys(defaults).join(', ')}`);
    const fallback = defaults[key];
    const nextIsBoolean = args[i + 1] === 'true' || args[i + 1] === 'false';
    const raw = match[1] ? 'false' : (match[3] ?? (typeof fallback === 'boolean' ? (nextIsBoolean ? args[++i] : 'true') : args[++i]));
    if (raw === undefined) throw new Error(`--${match[2]} needs a value`);
    result[key] = typeof fallback === 'number' ? Number(raw) : typeof fallback === 'boolean' ? raw !== 'false' : raw;
    if (typeof fallback === 'number' && !Number.isFinite(result[key])) throw new Error(`--${match[2]} must be a number`);
  }
  return result as T;
}
