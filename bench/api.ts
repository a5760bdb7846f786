/**
 * bench:api — autocannon on loopback against the real server (its own process, bundled as in
 * `npm run build`), signed in: GET of a month with 31 posts and GET of the workspace, on SQLite and
 * on PostgreSQL, each beside a bare route of the same server answering the same JSON from memory.
 *
 *   npm run bench:api [-- --connections 50 --duration 5 --rounds 3 --postgres true]
 *   npm run bench:api -- --profile --duration 10   (the month read under node --cpu-prof, top frames)
 *   npm run bench:api -- --profile --route workspace (another route under the profiler: month,
 *                                                    workspace, or bare-month / bare-workspace)
 *   npm run bench:api -- --gzip --no-write          (every request asks for gzip, as browsers do; the
 *                                                    bare route, outside /api, still answers plain)
 *
 * Rounds alternate bare and real routes so drift (CPU heat, background work) hits both alike; the
 * figures are medians over rounds. Memory is the server's resident set (VmRSS) after the last round.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { summarise, type FrameShare } from './lib/cpu-profile';
import { commandLine, flags, machine, mb, median, ms, pass, table, writeSection } from './lib/report';
import { createBenchDatabase, postgresReachable } from './lib/postgres';
import { userWithMonth } from './lib/seed';
import { startBenchServer } from './support/server';

const options = flags({ connections: 50, duration: 5, warmup: 2, rounds: 3, postgres: true, write: true, profile: false, route: 'month', gzip: false });

interface Load {
  rps: number;
  /** The server process's CPU time (user + system) per answered request, in ms: what the route costs the server, whatever else runs on the machine. */
  cpu: number;
  p50: number;
  p99: number;
  errors: number;
}

/** CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms). */
function cpuTime(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(url: string, cookie: string, duration: number, pid: number): Promise<Load> {
  const headers = options.gzip ? { cookie, 'accept-encoding': 'gzip' } : { cookie };
  const before = cpuTime(pid);
  const result = await autocannon({ url, connections: options.connections, duration, headers, timeout: 10 });
  const failures = result.errors + result.timeouts + result.non2xx;
  const cpu = (cpuTime(pid) - before) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, cpu, p50: result.latency.p50, p99: result.latency.p99, errors: failures };
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
  /** Resident memory once started, before seeding. */
  idle: number;
  rss: number;
  peak: number;
  posts: number;
}

/** A server with a signed-in user's generated month, and the bare routes holding the same JSON. */
async function prepare(env: Record<string, string>, nodeArgs: string[] = []) {
  const server = await startBenchServer(env, nodeArgs);
  const idle = server.memory().rss;
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
      // The same value; the bytes may differ (PostgreSQL writes the month's posts with spaces after its colons).
      const bare = await (await fetch(`${server.url}${target.bare}`)).text();
      if (!isDeepStrictEqual(JSON.parse(bare), JSON.parse(text))) throw new Error(`the bare route does not answer the same JSON as ${target.path}`);
    }
    return { server, cookie, targets, sizes, posts, idle };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function benchDatabase(db: 'SQLite' | 'PostgreSQL', env: Record<string, string>): Promise<DbResult> {
  const { server, cookie, targets, sizes, posts, idle } = await prepare(env);
  try {
    process.stdout.write(`${db}: warming up`);
    // The load generator shares the machine and warms up too: give it time before the first figures.
    if (!clientWarm) {
      await load(`${server.url}${targets[0]!.bare}`, cookie, 5, server.pid);
      clientWarm = true;
    }
    for (const target of targets) {
      await load(`${server.url}${target.bare}`, cookie, options.warmup, server.pid);
      await load(`${server.url}${target.path}`, cookie, options.warmup, server.pid);
    }
    const runs = new Map<string, Load[]>();
    for (let round = 0; round < options.rounds; round++) {
      for (const target of targets) {
        for (const path of [target.bare, target.path]) {
          runs.set(path, [...(runs.get(path) ?? []), await load(`${server.url}${path}`, cookie, options.duration, server.pid)]);
          process.stdout.write('.');
        }
      }
    }
    console.log('');
    const summary = (loads: Load[]): Load => ({
      rps: median(loads.map((entry) => entry.rps)),
      cpu: median(loads.map((entry) => entry.cpu)),
      p50: median(loads.map((entry) => entry.p50)),
      p99: median(loads.map((entry) => entry.p99)),
      errors: loads.reduce((sum, entry) => sum + entry.errors, 0),
    });
    const memory = server.memory();
    return {
      db,
      posts,
      idle,
      rss: memory.rss,
      peak: memory.peak,
      rows: targets.map((target) => ({ target, real: summary(runs.get(target.path)!), bare: summary(runs.get(target.bare)!), bytes: sizes.get(target.path)! })),
    };
  } finally {
    await server.stop();
  }
}

/**
 * `--profile`: one route (`--route`, the month read by default) alone under the same load, with the server run under `node --cpu-prof`;
 * prints the frames with the largest self and total (flame-graph width) shares and keeps the profile.
 */
async function profileDatabase(db: 'SQLite' | 'PostgreSQL', env: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'planner-api-profile-'));
  const { server, cookie, targets } = await prepare(env, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  const [kind, name] = options.route.startsWith('bare-') ? ['bare', options.route.slice(5)] : ['path', options.route];
  const target = targets.find((entry) => entry.bare.endsWith(`/${name}`));
  if (!target) throw new Error(`--route ${options.route}: one of month, workspace, bare-month, bare-workspace`);
  const url = `${server.url}${kind === 'bare' ? target.bare : target.path}`;
  let measured: Load;
  try {
    await load(url, cookie, options.warmup, server.pid);
    measured = await load(url, cookie, options.duration, server.pid);
  } finally {
    await server.stop();
  }
  const file = path.join(
    dir,
    readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!,
  );
  const { self, total, samples } = summarise(file);
  const share = (rows: FrameShare[]) => rows.map((row) => [`${(100 * row.share).toFixed(1)}%`, row.frame]);
  return [
    `### ${db}: ${kind === 'bare' ? 'the bare route beside ' : ''}${target.name} under \`node --cpu-prof\` (${Math.round(measured.rps)} req/s while profiled, ${samples} samples; profile: ${file})`,
    '',
    table(['self', 'function (where)'], share(self)),
    '',
    table(['total (flame-graph width)', 'function (where)'], share(total)),
  ].join('\n');
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

async function main() {
  const command = commandLine('bench:api');
  const loadBefore = loadAverage();
  if (options.profile) {
    const sections = [await profileDatabase('SQLite', {})];
    if (options.postgres && !(await postgresReachable())) {
      const database = await createBenchDatabase('planner_bench_api');
      try {
        sections.push(await profileDatabase('PostgreSQL', { DATABASE_URL: database.url }));
      } finally {
        await database.drop();
      }
    }
    console.log(`\n${sections.join('\n\n')}`);
    return;
  }
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
      `${ms(row.real.cpu, 2)} / ${ms(row.bare.cpu, 2)}`,
      `${ms(row.real.p50, 0)} / ${ms(row.real.p99, 0)}`,
      `${ms(row.bare.p50, 0)} / ${ms(row.bare.p99, 0)}`,
      row.real.errors + row.bare.errors,
    ]),
  );
  const resultsTable = table(
    ['database', 'route', 'JSON', 'req/s', 'bare route req/s', 'of bare', 'server CPU per request / bare', 'p50 / p99', 'bare p50 / p99', 'errors + non-2xx'],
    rows,
  );
  const monthRows = results.map((result) => ({ db: result.db, row: result.rows[0]! }));
  const allRows = results.flatMap((result) => result.rows.map((row) => ({ db: result.db, row })));
  const worstP99 = Math.max(...allRows.map(({ row }) => row.real.p99));
  const targets = table(
    ['target', 'measured', 'result'],
    [
      [
        "month read at least 50% of the bare route's requests per second",
        monthRows.map(({ db, row }) => `${db} ${((100 * row.real.rps) / row.bare.rps).toFixed(0)}%`).join('; '),
        pass(monthRows.every(({ row }) => row.real.rps >= 0.5 * row.bare.rps)),
      ],
      [
        `p99 latency under 50 ms at ${options.connections} connections (every route)`,
        allRows.map(({ db, row }) => `${db} ${row.target.path.includes('months') ? 'month' : 'workspace'} ${ms(row.real.p99, 0)}`).join('; '),
        pass(worstP99 < 50),
      ],
      [
        'server memory (RSS) under 250 MB at the end',
        results.map((result) => `${result.db} ${mb(result.rss)} (peak ${mb(result.peak)}; ${mb(result.idle)} once started)`).join('; '),
        pass(results.every((result) => result.rss < 250 * 1024 * 1024)),
      ],
      [
        'no errors or non-2xx answers',
        String(allRows.reduce((sum, { row }) => sum + row.real.errors + row.bare.errors, 0)),
        pass(allRows.every(({ row }) => row.real.errors + row.bare.errors === 0)),
      ],
    ],
  );
  const settings = `autocannon, ${options.connections} connections, ${options.rounds} rounds of ${options.duration} s per route after ${options.warmup} s of warm-up per route (and 5 s for the load generator itself before the first), medians over rounds; the server is its own Node process (esbuild bundle, NODE_ENV=production, LOG_LEVEL=info, request log to /dev/null) and autocannon runs in the benchmark's process, on the same 2 cores (PostgreSQL too). Server CPU per request is the server process's user and system time (\`/proc/PID/stat\`) over the requests it answered in the round, medians over rounds: unlike req/s it does not depend on what else holds the cores. The bare route is GET /__bench/bare/:name of the same app and process: c.json() of the same value, no session check, no database, and (being outside /api) no same-origin check, body limit, compression negotiation or request-log line.${skipped ? ` ${skipped}` : ''}`;
  const loads = `Load average (1/5/15 min, \`uptime\`): ${loadBefore} at the start, ${loadAverage()} at the end.`;
  const markdown = [machine(command), '', settings, '', loads, '', targets, '', resultsTable].join('\n');
  console.log(`\n${loads}\n\n${targets}\n\n${resultsTable}`);
  if (options.write) writeSection('api', markdown);
}

await main();
