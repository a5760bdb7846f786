/**
 * `npm run bench:publish -- --posts 10000 --workers 2 --latency 300`: the burst on PostgreSQL with
 * several worker processes (the real server with ROLE=worker, beside one ROLE=web that takes the
 * API calls), a receiver that answers each request after `latency` ms, and one run where the first
 * worker is killed (SIGKILL) mid-burst while the others go on. The posts are written through the API
 * once and copied in the database (real rows the workers claim and send like any other).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '@testing/server-process';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';
import { dueMinute, scheduledBenchPost, userWithWebhook } from './lib/burst';
import { summarise } from './lib/cpu-profile';
import { createBenchDatabase, postgresReachable } from './lib/postgres';
import { commandLine, machine, median, pass, percentile, seconds, table, writeSection } from './lib/report';

export interface WorkersOptions {
  posts: number;
  workers: number;
  latency: number;
  lanes: number;
  runs: number;
  kill: boolean;
  write: boolean;
  /** A directory for the workers' CPU profiles ('' for none). */
  profile: string;
}

interface Run {
  label: string;
  delivered: number;
  first: number;
  p50: number;
  p99: number;
  max: number;
  /** When the last post arrived, from the due minute. */
  last: number;
  withinMinute: number;
  duplicates: number;
  unknown: number;
  /** Unknown ones the receiver did get (sent by the killed worker before it died; their answer was never recorded). */
  unknownReceived: number;
  lost: number;
  load: number;
  /** CPU seconds spent from 2 s before the due minute to the last arrival: the workers together, and this process (the receiver and the harness). */
  workersCpu: number;
  receiverCpu: number;
}

/** node 20 refuses --cpu-prof in NODE_OPTIONS: a preloaded module profiles the worker instead. */
const PROFILER = path.resolve(import.meta.dirname, 'support/cpu-profile-preload.mjs');
/** The receiver's accept queue: the workers open up to all their lanes' connections at once (net.core.somaxconn caps it). */
const RECEIVER_BACKLOG = 4096;
/** CPU seconds a process has used so far (user and system, from /proc; 0 once it is gone). */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quote = (column: string) => `"${column}"`;

/** Copies the template post and its delivery `count` times: same text, account and due time, new ids. */
async function copyPosts(client: pg.Client, postId: string, count: number) {
  const columns = async (table: string) =>
    (
      await client.query<{ name: string }>(`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`, [
        table,
      ])
    ).rows.map((row) => row.name);
  const copy = async (table: string, key: string, values: Record<string, string>) => {
    const names = await columns(table);
    const chosen = names.map((name) => values[name] ?? `t.${quote(name)}`);
    await client.query(
      `INSERT INTO ${table} (${names.map(quote).join(', ')}) SELECT ${chosen.join(', ')} FROM ${table} t, generate_series(1, $2) g WHERE t.${quote(key)} = $1`,
      [postId, count],
    );
  };
  await copy('posts', 'id', { id: `t.id || '-' || g` });
  await copy('deliveries', 'postId', { id: `'msg_' || md5(t.id || '-' || g)`, postId: `t."postId" || '-' || g` });
}

async function run(options: WorkersOptions, label: string, kill: boolean): Promise<Run> {
  const database = await createBenchDatabase('bench_publish');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-bench-publish-'));
  const receiver: WebhookReceiver = await startWebhookReceiver({ latencyMs: options.latency, backlog: RECEIVER_BACKLOG });
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, PUBLISH_ALLOW_PRIVATE_URLS: 'true', LOG_LEVEL: 'warn', PUBLISH_LANES: String(options.lanes) };
  const processes: ServerProcess[] = [];
  const db = new pg.Client({ connectionString: database.url });
  try {
    // The web instance migrates the database first; then the workers start on it.
    const web = await startServerProcess({ ...env, ROLE: 'web' });
    processes.push(web);
    // Profiled workers write their .cpuprofile when they exit (SIGTERM at the end; the killed one writes none).
    const profiling: Record<string, string> = options.profile ? { NODE_OPTIONS: `--import ${PROFILER}`, CPU_PROFILE_DIR: path.resolve(options.profile) } : {};
    for (let n = 0; n < options.workers; n++) processes.push(await startServerProcess({ ...env, ...profiling, ROLE: 'worker' }));
    const workers = processes.slice(1);
    const { client } = await userWithWebhook(web.url, receiver);

    // The first whole minute at least 40 s away leaves time to copy the posts.
    const postId = await scheduledBenchPost(client, dueMinute(40_000), 'Post of the burst');
    await db.connect();
    await copyPosts(db, postId, options.posts - 1);
    const due = Date.parse((await db.query<{ dueAt: string }>(`SELECT "dueAt" FROM deliveries LIMIT 1`)).rows[0]!.dueAt);
    console.log(`${label}: ${options.posts} posts due at ${new Date(due).toISOString()} on ${options.workers} workers`);

    // Counted as they arrive (polled every 100 ms: recounting all 10,000 each time cost the shared cores).
    const seen = new Set<string>();
    let counted = 0;
    const unique = () => {
      for (; counted < receiver.received.length; counted++) {
        const item = receiver.received[counted]!;
        if (item.body.type === 'post.publish') seen.add(item.id);
      }
      return seen.size;
    };
    const count = async (status: string) => Number((await db.query(`SELECT count(*) AS n FROM deliveries WHERE status = $1`, [status])).rows[0].n);
    let load = NaN;
    void sleep(due + 5_000 - Date.now()).then(() => (load = loadavg()[0]!));
    const workersCpu = () => workers.reduce((sum, worker) => sum + cpuSecondsOf(worker.child.pid), 0);
    await sleep(due - 2_000 - Date.now());
    const cpuBefore = { workers: workersCpu(), own: ownCpuSeconds() };
    const until = due + 300_000;
    if (kill) {
      while (unique() < options.posts / 4 && Date.now() < until) await sleep(50);
      console.log(`${label}: SIGKILL of one worker after ${unique()} delivered`);
      await workers[0]!.stop('SIGKILL');
      // The others send the rest; what the killed one held lapses after its lease (2 minutes) and is written off as unknown.
      while (((await count('scheduled')) > 0 || (await count('publishing')) > 0) && Date.now() < until) await sleep(1000);
    } else {
      while (unique() < options.posts && Date.now() < until) await sleep(100);
    }
    if (Number.isNaN(load)) load = loadavg()[0]!;
    // A killed worker's CPU can no longer be read.
    const cpu = { workers: kill ? NaN : workersCpu() - cpuBefore.workers, own: ownCpuSeconds() - cpuBefore.own };
    const unknownIds = new Set((await db.query<{ id: string }>(`SELECT id FROM deliveries WHERE status = 'unknown'`)).rows.map((row) => row.id));
    const rows = Number((await db.query(`SELECT count(*) AS n FROM deliveries`)).rows[0].n);
    const firstSeen = new Map<string, number>();
    const counts = new Map<string, number>();
    for (const item of receiver.posts()) {
      counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
      if (!firstSeen.has(item.id)) firstSeen.set(item.id, item.receivedAt);
    }
    const lateness = [...firstSeen.values()].map((at) => at - due);
    const notReceived = options.posts - firstSeen.size;
    const unknownReceived = [...unknownIds].filter((id) => firstSeen.has(id)).length;
    return {
      label,
      delivered: firstSeen.size,
      first: Math.min(...lateness),
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      max: Math.max(...lateness),
      last: Math.max(...lateness),
      withinMinute: lateness.filter((value) => value <= 60_000).length,
      duplicates: [...counts.values()].filter((n) => n > 1).length,
      unknown: unknownIds.size,
      unknownReceived,
      // Neither received nor marked unknown (or missing from the table).
      lost: notReceived - (unknownIds.size - unknownReceived) + (options.posts - rows),
      load,
      workersCpu: cpu.workers,
      receiverCpu: cpu.own,
    };
  } finally {
    await db.end().catch(() => undefined);
    for (const process of processes) await process.stop();
    await receiver.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The hottest frames of each profile a run's workers wrote. */
function printProfiles(dir: string) {
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const { self, total, samples } = summarise(path.join(dir, file), 25);
    const list = (shares: { frame: string; share: number }[]) => shares.map((s) => `  ${(s.share * 100).toFixed(1).padStart(5)}%  ${s.frame}`).join('\n');
    console.log(`\n${file}: ${samples} samples\nself:\n${list(self)}\ntotal:\n${list(total)}`);
  }
}

export async function runWorkers(options: WorkersOptions) {
  const unreachable = await postgresReachable();
  if (unreachable) throw new Error(unreachable);
  if (options.profile) mkdirSync(options.profile, { recursive: true });
  const runs: Run[] = [];
  for (let n = 1; n <= options.runs; n++) runs.push(await run(options, `undisturbed ${n}`, false));
  if (options.kill) runs.push(await run(options, `one worker killed mid-burst`, true));
  if (options.profile) printProfiles(options.profile);
  const calm = runs.filter((r) => r.label.startsWith('undisturbed'));
  const row = (r: Run) => [
    r.label,
    `${r.delivered} / ${options.posts}`,
    r.withinMinute,
    seconds(r.first),
    seconds(r.p50),
    seconds(r.p99),
    seconds(r.max),
    r.duplicates,
    `${r.unknown} (${r.unknownReceived} received)`,
    r.lost,
    r.load.toFixed(2),
    `${Number.isFinite(r.workersCpu) ? `${r.workersCpu.toFixed(1)} s` : 'n/a'} / ${r.receiverCpu.toFixed(1)} s`,
  ];
  const mid = (pick: (r: Run) => number) => median(calm.map(pick));
  const killed = runs.find((r) => !r.label.startsWith('undisturbed'));
  const markdown = [
    `### ${options.posts.toLocaleString('en')} posts on ${options.workers} workers, PostgreSQL, a receiver answering in ${options.latency} ms`,
    '',
    machine(commandLine('bench:publish')),
    '',
    `${options.posts} posts of one account due in the same minute on PostgreSQL: one \`ROLE=web\` instance takes the API calls and ${options.workers} \`ROLE=worker\` processes (PUBLISH_LANES=${options.lanes} each) claim and send them to a webhook receiver on loopback that answers each request ${options.latency} ms after it arrives and checks every signature. One post is written and scheduled through the API, the rest are copies of its rows made in the database. Lateness is from the due minute to the first arrival of each webhook-id. Load: the 1-minute load average (\`uptime\`) 5 s after the due minute, on this 2-core machine shared with other work. CPU: seconds of CPU the workers together and the receiver (with the harness, one process) used from 2 s before the due minute to the last arrival (not read for a killed worker). In the last run the first worker is killed (SIGKILL) once a quarter of the posts have arrived; the others go on, and what it held is written off as unknown when its lease (2 minutes) lapses.`,
    '',
    table(
      [
        'run',
        'delivered',
        'within 60 s',
        'first',
        'p50 late',
        'p99 late',
        'max late',
        'duplicate ids',
        'unknown (of which received)',
        'lost',
        'load',
        'CPU: workers / receiver',
      ],
      runs.map(row),
    ),
    '',
    table(
      ['target', 'result'],
      [
        [`all delivered within 60 s of their time (undisturbed, every run)`, pass(calm.every((r) => r.withinMinute === options.posts))],
        [`p99 lateness under 5 s (median of ${calm.length}: ${seconds(mid((r) => r.p99))})`, pass(mid((r) => r.p99) < 5000)],
        ['0 duplicates by webhook-id (every run)', pass(runs.every((r) => r.duplicates === 0))],
        ...(killed
          ? [
              ['one worker killed: 0 lost', pass(killed.lost === 0)],
              [`one worker killed: unknown only for what it had in flight (at most its ${options.lanes} lanes)`, pass(killed.unknown <= options.lanes)],
            ]
          : []),
      ],
    ),
  ].join('\n');
  console.log(`\n${markdown}`);
  if (options.write) writeSection('publish-workers', markdown);
}
