/**
 * npm run bench:publish — 1,000 posts due in the same minute, delivered by the real server (its own
 * process, SQLite) to a webhook receiver on loopback that checks every signature. Run twice: undisturbed,
 * and with the server killed (SIGKILL) once mid-burst and started again on the same data.
 * Figures: lateness after the due minute (p50, p99, max), duplicates by webhook-id, lost posts.
 * Flags: --posts 1000 --no-write --no-kill (the undisturbed run only; prints, writes nothing)
 * With --workers N (PostgreSQL, N worker processes; publish-workers.ts): --latency 300 (ms the receiver
 * takes per answer), --lanes 1000 (PUBLISH_LANES of each worker: with 600 lanes in all and 300 ms
 * answers, 10,000 posts cannot all leave within 5 s), --runs 3 (undisturbed runs before the kill),
 * --profile DIR (each worker writes a V8 CPU profile there and its hottest frames are printed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '@testing/server-process';
import { TestClient, TEST_PASSWORD, read } from '@testing/test-client';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';
import { dueMinute, scheduledBenchPost, userWithWebhook } from './lib/burst';
import { commandLine, flags, machine, pass, percentile, seconds, table, writeSection } from './lib/report';
import { runWorkers } from './publish-workers';

const options = flags({ posts: 1000, write: true, kill: true, workers: 0, latency: 0, lanes: 1000, runs: 3, profile: '' });
if (options.workers > 0) {
  await runWorkers(options);
  process.exit(0);
}
const LEASE_WAIT_MS = 150_000;

async function startServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({ DATA_DIR: dataDir, PUBLISH_ALLOW_PRIVATE_URLS: 'true', POSTS_PER_MONTH_MAX: String(options.posts + 10), LOG_LEVEL: 'warn' });
}

/** Runs `work` over `items`, `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, until: number) {
  while (!condition() && Date.now() < until) await sleep(200);
}

interface Run {
  label: string;
  delivered: number;
  /** Lateness of the first arrival: how long the worker took to wake. */
  first: number;
  p50: number;
  p99: number;
  max: number;
  withinMinute: number;
  duplicates: number;
  duplicatesNotUnknown: number;
  unknown: number;
  lost: number;
  /** The 1-minute load average (`uptime`) just after the due minute. */
  load: number;
}

async function run(label: string, kill: boolean): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-bench-publish-'));
  const receiver: WebhookReceiver = await startWebhookReceiver();
  let server = await startServer(dataDir);
  try {
    const user = await userWithWebhook(server.url, receiver);
    const { email } = user;
    let { client } = user;

    // The first whole minute at least 75 s away leaves time to write the posts.
    const { due, dueIso, ...at } = dueMinute(75_000);
    console.log(`${label}: writing ${options.posts} posts due at ${dueIso}`);
    const postIds: string[] = [];
    await inLanes(
      Array.from({ length: options.posts }, (_v, n) => n),
      8,
      async (n) => {
        postIds.push(await scheduledBenchPost(client, at, `Post ${n}`));
      },
    );
    const unique = () => new Set(receiver.posts().map((item) => item.id)).size;
    let load = NaN;
    void sleep(due + 5_000 - Date.now()).then(() => (load = loadavg()[0]!));
    if (kill) {
      await waitFor(() => unique() >= options.posts / 4, due + 120_000);
      console.log(`${label}: SIGKILL after ${unique()} delivered`);
      await server.stop('SIGKILL');
      server = await startServer(dataDir);
      client = new TestClient(server.url);
      await client.signIn(email, TEST_PASSWORD);
      // Deliveries the killed process held stay 'publishing' until their lease lapses, then read as unknown.
      await waitFor(() => false, Date.now() + LEASE_WAIT_MS);
    } else {
      await waitFor(() => unique() >= options.posts, due + 120_000);
    }
    // A burst that ends within 5 s is read when it ends.
    if (Number.isNaN(load)) load = loadavg()[0]!;
    const deliveries = (await read(client.api.deliveries.$get({ query: {} }))).body as { id: string; status: string }[];
    const unknownIds = new Set(deliveries.filter((item) => item.status === 'unknown').map((item) => item.id));
    const firstSeen = new Map<string, number>();
    const counts = new Map<string, number>();
    for (const item of receiver.posts()) {
      counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
      if (!firstSeen.has(item.id)) firstSeen.set(item.id, item.receivedAt);
    }
    const lateness = [...firstSeen.values()].map((at) => at - due);
    const duplicated = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
    const received = new Set(firstSeen.keys());
    const lost = deliveries.filter((item) => !received.has(item.id) && item.status !== 'unknown').length + (options.posts - deliveries.length);
    return {
      label,
      delivered: received.size,
      first: Math.min(...lateness),
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      max: Math.max(...lateness),
      withinMinute: lateness.filter((value) => value <= 60_000).length,
      duplicates: duplicated.length,
      duplicatesNotUnknown: duplicated.filter((id) => !unknownIds.has(id)).length,
      unknown: unknownIds.size,
      lost,
      load,
    };
  } finally {
    await server.stop();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = [await run('undisturbed', false)];
if (!options.kill) {
  console.log(JSON.stringify(runs[0]));
  process.exit(0);
}
runs.push(await run('killed once mid-burst', true));
const rows = runs.map((r) => [
  r.label,
  `${r.delivered} / ${options.posts}`,
  `${r.withinMinute}`,
  seconds(r.first),
  seconds(r.p50),
  seconds(r.p99),
  seconds(r.max),
  r.duplicates,
  r.unknown,
  r.lost,
  r.load.toFixed(2),
]);
const markdown = [
  '## 5. Publishing (`npm run bench:publish`)',
  '',
  machine(commandLine('bench:publish')),
  '',
  `${options.posts} posts due in the same minute, delivered by the real server (its own process, SQLite; its worker wakes at the due time and sends 25 at once, claiming as many as lanes are free) to a webhook receiver on loopback that checks each Standard Webhooks signature. Lateness is from the due minute to the first arrival of each webhook-id; "first" is the earliest arrival (the worker's wake-up). Load: the 1-minute load average (\`uptime\`) 5 s after the due minute (or when the burst ends, if sooner), on this 2-core machine shared with other work.`,
  '',
  table(['run', 'delivered', 'within 60 s', 'first', 'p50 late', 'p99 late', 'max late', 'duplicate ids', 'unknown', 'lost', 'load'], rows),
  '',
  table(
    ['target', 'result'],
    [
      ['all delivered within 60 s of their time (undisturbed)', pass(runs[0]!.withinMinute === options.posts)],
      ['p99 lateness under 5 s (undisturbed)', pass(runs[0]!.p99 < 5000)],
      ['0 duplicates by webhook-id (undisturbed)', pass(runs[0]!.duplicates === 0)],
      ['killed once: 0 lost', pass(runs[1]!.lost === 0)],
      ['killed once: duplicates only where the outcome was marked unknown', pass(runs[1]!.duplicatesNotUnknown === 0)],
    ],
  ),
  '',
  'After the kill, the deliveries the killed process had claimed stay `publishing` until their lease (2 minutes) lapses and then read as `unknown`: they are not re-sent by themselves, so they show up as unknown, not as duplicates. The user confirms or retries them (the retry keeps the webhook-id).',
].join('\n');
console.log(`\n${markdown}`);
if (options.write) writeSection('publish', markdown);
