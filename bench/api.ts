/**
 * bench:api — autocannon on loopback against the real server (its own process, bundled as in
 * `npm run build`), signed in: GET of a month with 31 posts and GET of the workspace, on SQLite and
 * on PostgreSQL, each beside a bare route of the same server answering the same JSON from memory.
 *
 *   npm run bench:api [-- --connections 50 --duration 5 --rounds 3 --postgres true]
 *
 * Rounds alternate bare and real routes so drift (CPU heat, background work) hits both alike; the
 * figures are medians over rounds. Memory is the server's resident set (VmRSS) after the last round.
 */
import autocannon from 'autocannon';
import { commandLine, flags, machine, mb, median, ms, pass, table, writeSection } from './lib/report';
import { createBenchDatabase, postgresReachable } from './lib/postgres';
import { userWithMonth } from './lib/seed';
import { startBenchServer } from './support/server';

const options = flags({ connections: 50, duration: 5, warmup: 2, rounds: 3, postgres: true, write: true });

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, cookie: string, duration: number): Promise<Load> {
  const result = await autocannon({ url, connections: options.connections, duration, headers: { cookie }, timeout: 10 });
  const failures = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: failures };
}

let clientWarm = false;

interface Target {
  name: string;
  path: string;
  bare: string;
}

interface DbResult {
  db: string;
  rows: { target: Target; real: Load; bare: Load; bytes: number }[];
  rss: number;
  peak: number;
  posts: number;
}

async function benchDatabase(db: 'SQLite' | 'PostgreSQL', env: Record<string, string>): Promise<DbResult> {
  const server = await startBenchServer(env);
  try {
    const { client, monthId, posts } = await userWithMonth(server.url);
    const cookie = client.cookieHeader();
    const targets: Target[] = [
      { name: `GET /api/months/:id (${posts} posts)`, path: `/api/months/${monthId}`, bare: '/__bench/bare/month' },
      { name: 'GET /api/workspace', path: '/api/workspace', bare: '/__bench/bare/workspace' },
    ];
    const sizes = new Map<string, number>();
    for (const target of targets) {
      const response = await fetch(`${server.url}${target.path}`, { headers: { cookie } });
      const text = await response.text();
      if (!response.ok) throw new Error(`${target.path}: HTTP ${response.status}`);
      sizes.set(target.path, Buffer.byteLength(text));
      const stored = await fetch(`${server.url}${target.bare}`, { method: 'PUT', body: text, headers: { 'content-type': 'application/json' } });
      if (stored.status !== 204) throw new Error(`storing the bare answer: HTTP ${stored.status}`);
      const bare = await (await fetch(`${server.url}${target.bare}`)).text();
      if (bare !== text) throw new Error(`the bare route does not answer the same JSON as ${target.path}`);
    }
    process.stdout.write(`${db}: warming up`);
    // The load generator shares the machine and warms up too: give it time before the first figures.
    if (!clientWarm) {
      await load(`${server.url}${targets[0]!.bare}`, cookie, 5);
      clientWarm = true;
    }
    for (const target of targets) {
      await load(`${server.url}${target.bare}`, cookie, options.warmup);
      await load(`${server.url}${target.path}`, cookie, options.warmup);
    }
    const runs = new Map<string, Load[]>();
    for (let round = 0; round < options.rounds; round++) {
      for (const target of targets) {
        for (const path of [target.bare, target.path]) {
          runs.set(path, [...(runs.get(path) ?? []), await load(`${server.url}${path}`, cookie, options.duration)]);
          process.stdout.write('.');
        }
      }
    }
    console.log('');
    const summary = (loads: Load[]): Load => ({
      rps: median(loads.map((entry) => entry.rps)),
      p50: median(loads.map((entry) => entry.p50)),
      p99: median(loads.map((entry) => entry.p99)),
      errors: loads.reduce((sum, entry) => sum + entry.errors, 0),
    });
    const memory = server.memory();
    return {
      db,
      posts,
      rss: memory.rss,
      peak: memory.peak,
      rows: targets.map((target) => ({ target, real: summary(runs.get(target.path)!), bare: summary(runs.get(target.bare)!), bytes: sizes.get(target.path)! })),
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const command = commandLine('bench:api');
  const results: DbResult[] = [await benchDatabase('SQLite', {})];
  let skipped = '';
  if (options.postgres) {
    const problem = await postgresReachable();
    if (problem) skipped = `PostgreSQL skipped: ${problem}.`;
    else {
      const database = await createBenchDatabase('planner_bench_api');
      try {
        results.push(await benchDatabase('PostgreSQL', { DATABASE_URL: database.url }));
      } finally {
        await database.drop();
      }
    }
  }

  const rows = results.flatMap((result) =>
    result.rows.map((row) => [
      result.db,
      row.target.name,
      `${(row.bytes / 1024).toFixed(1)} KB`,
      Math.round(row.real.rps),
      Math.round(row.bare.rps),
      `${((100 * row.real.rps) / row.bare.rps).toFixed(0)}%`,
      `${ms(row.real.p50, 0)} / ${ms(row.real.p99, 0)}`,
      `${ms(row.bare.p50, 0)} / ${ms(row.bare.p99, 0)}`,
      row.real.errors + row.bare.errors,
    ]),
  );
  const resultsTable = table(['database', 'route', 'JSON', 'req/s', 'bare route req/s', 'of bare', 'p50 / p99', 'bare p50 / p99', 'errors + non-2xx'], rows);
  const monthRows = results.map((result) => ({ db: result.db, row: result.rows[0]! }));
  const allRows = results.flatMap((result) => result.rows.map((row) => ({ db: result.db, row })));
  const worstP99 = Math.max(...allRows.map(({ row }) => row.real.p99));
  const targets = table(
    ['target', 'measured', 'result'],
    [
      [
        "month read at least 40% of the bare route's requests per second",
        monthRows.map(({ db, row }) => `${db} ${((100 * row.real.rps) / row.bare.rps).toFixed(0)}%`).join('; '),
        pass(monthRows.every(({ row }) => row.real.rps >= 0.4 * row.bare.rps)),
      ],
      [
        `p99 latency under 50 ms at ${options.connections} connections (every route)`,
        allRows.map(({ db, row }) => `${db} ${row.target.path.includes('months') ? 'month' : 'workspace'} ${ms(row.real.p99, 0)}`).join('; '),
        pass(worstP99 < 50),
      ],
      [
        'server memory (RSS) under 250 MB at the end',
        results.map((result) => `${result.db} ${mb(result.rss)} (peak ${mb(result.peak)})`).join('; '),
        pass(results.every((result) => result.rss < 250 * 1024 * 1024)),
      ],
      [
        'no errors or non-2xx answers',
        String(allRows.reduce((sum, { row }) => sum + row.real.errors + row.bare.errors, 0)),
        pass(allRows.every(({ row }) => row.real.errors + row.bare.errors === 0)),
      ],
    ],
  );
  const settings = `autocannon, ${options.connections} connections, ${options.rounds} rounds of ${options.duration} s per route after ${options.warmup} s of warm-up per route (and 5 s for the load generator itself before the first), medians over rounds; the server is its own Node process (esbuild bundle, NODE_ENV=production, LOG_LEVEL=info, request log to /dev/null) and autocannon runs in the benchmark's process, on the same 2 cores (PostgreSQL too). The bare route is GET /__bench/bare/:name of the same app: same middleware chain, no session check, no database, c.json() of the same object.${skipped ? ` ${skipped}` : ''}`;
  const markdown = [machine(command), '', settings, '', targets, '', resultsTable].join('\n');
  console.log(`\n${targets}\n\n${resultsTable}`);
  if (options.write) writeSection('api', markdown);
}

await main();
