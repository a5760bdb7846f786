/**
 * bench:scale — PostgreSQL with many users (default 10,000 users x 24 months x 30 posts = 7.2
 * million posts, generated inside PostgreSQL with generate_series), then the month read, the
 * workspace read and a post update, 1,000 sequential requests each (median and p99), compared with
 * the same requests on an almost empty database (only the measured user, with the same 24 x 30 posts).
 * The query plans of those requests (EXPLAIN ANALYZE of the exact SQL the repositories send) go to
 * the doc. Both databases are dropped at the end.
 *
 *   npm run bench:scale [-- --users 10000 --months 24 --posts 30 --requests 1000 --chunk 250]
 */
import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { currentMonth, daysInMonth, monthId, monthName, nextMonth, previousMonth, type MonthRef } from '@shared/domain/months';
import type { Post } from '@shared/schemas/post';
import type { DatabaseSchema } from '@server/platform/db/schema';
import { createMonthScreenRead } from '@server/modules/months/month-screen-repository';
import { createMonthRepository } from '@server/modules/months/month-repository';
import { createPostRepository } from '@server/modules/posts/post-repository';
import { createProfileRepository } from '@server/modules/profile/profile-repository';
import { onboardedClient, type TestClient } from '@testing/test-client';
import { commandLine, flags, machine, median, ms, pass, percentile, ratio, table, writeSection } from './lib/report';
import { createBenchDatabase, postgresReachable, type BenchDatabase } from './lib/postgres';
import { startBenchServer, type BenchServer } from './support/server';

const options = flags({ users: 10_000, months: 24, posts: 30, requests: 1000, warmup: 100, chunk: 250, write: true });

/** The measured user's months: the last `months` up to and including next month (current and next are active). */
function monthRefs(count: number): MonthRef[] {
  const refs: MonthRef[] = [];
  let ref = nextMonth(currentMonth(new Date(), 'UTC'));
  for (let i = 0; i < count; i++) {
    refs.unshift(ref);
    ref = previousMonth(ref);
  }
  return refs;
}

const REFS = monthRefs(options.months);
const NOW = new Date().toISOString();

/** Seeds users numbered first..last from bench_users with the same months and posts each, in PostgreSQL. */
async function seedUsers(client: pg.Client, first: number, last: number): Promise<void> {
  const ids = REFS.map(monthId);
  const names = REFS.map((ref) => monthName(ref.month));
  const years = REFS.map((ref) => ref.year);
  const numbers = REFS.map((ref) => ref.month);
  const days = REFS.map((ref) => daysInMonth(ref));
  await client.query(
    `INSERT INTO profiles ("userId", name, "companyName", description, industry, "toneOfVoice", website, "targetAudience", "businessGoals", "completedOnboarding", "updatedAt", "timeZone")
     SELECT u.id, 'Dana', 'Company ' || u.num, 'A small business with a friendly team.', 'dental', '["professional"]', '', 'Families nearby', '["brandAwareness"]', 1, $3, 'UTC'
     FROM bench_users u WHERE u.num BETWEEN $1 AND $2
     ON CONFLICT ("userId") DO NOTHING`,
    [first, last, NOW],
  );
  await client.query(
    `INSERT INTO months ("userId", id, name, year, month, "contentGenerated", "lastGeneratedAt", strategy, "createdAt", "updatedAt")
     SELECT u.id, m.id, m.name, m.year, m.month, 1, $3, NULL, $3, $3
     FROM bench_users u CROSS JOIN unnest($4::text[], $5::text[], $6::int[], $7::int[]) AS m(id, name, year, month)
     WHERE u.num BETWEEN $1 AND $2`,
    [first, last, NOW, ids, names, years, numbers],
  );
  // Ids are UUIDs (the API checks) made from a running number, so the primary key grows at its end.
  await client.query(
    `INSERT INTO posts (id, "userId", "monthId", date, platform, content, type, "mediaPrompt", hashtags, media, version, "createdAt", "updatedAt")
     SELECT '00000000-0000-4000-8000-' || lpad(to_hex((u.num::bigint * $5 + m.ord - 1) * $6 + n), 12, '0'),
            u.id, m.id,
            m.id || '-' || lpad((1 + ((n - 1) * m.days) / $6)::text, 2, '0') || 'T12:00:00Z',
            (ARRAY['facebook','twitter','instagram','linkedin'])[1 + n % 4],
            'Post ' || n || ' of ' || m.id || ' for company ' || u.num || '. Winter is here: book a check-up for the whole family, late opening hours on weekdays and a Saturday clinic. Ask us anything!',
            (ARRAY['image','text','carousel','video'])[1 + n % 4],
            CASE WHEN n % 4 = 1 THEN '' ELSE 'A bright photo of the team in the practice, warm light' END,
            '["#bench","#SmileLeeds","#KidsTeeth"]', '[]', 1, $4, $4
     FROM bench_users u
     CROSS JOIN unnest($3::text[], $7::int[]) WITH ORDINALITY AS m(id, days, ord)
     CROSS JOIN generate_series(1, $6) AS n
     WHERE u.num BETWEEN $1 AND $2
     -- A month's posts are written together (one generation), so they sit together on disk.
     ORDER BY u.num, m.ord, n`,
    [first, last, ids, NOW, REFS.length, options.posts, days],
  );
}

interface Dataset {
  database: BenchDatabase;
  users: number;
  posts: number;
  seedMs: number;
  sizes: string;
}

/** A database with the measured user (number 0, signed up through the API) and `others` generated users. */
async function prepare(label: string, others: number): Promise<{ dataset: Dataset; server: BenchServer; client: TestClient & { userId: string } }> {
  const database = await createBenchDatabase(`planner_bench_scale_${label}`);
  const server = await startBenchServer({ DATABASE_URL: database.url });
  const client = await onboardedClient(server.url);
  const pgClient = new pg.Client({ connectionString: database.url });
  await pgClient.connect();
  const started = performance.now();
  try {
    await pgClient.query('SET synchronous_commit = off');
    await pgClient.query('CREATE TABLE bench_users (num integer PRIMARY KEY, id text NOT NULL)');
    await pgClient.query('INSERT INTO bench_users VALUES (0, $1)', [client.userId]);
    // The measured user's own profile came from onboarding; its months and posts are generated like everyone's.
    await pgClient.query('DELETE FROM months WHERE "userId" = $1', [client.userId]);
    if (others > 0) {
      await pgClient.query(`INSERT INTO bench_users SELECT g, 'bench-user-' || lpad(g::text, 7, '0') FROM generate_series(1, $1) g`, [others]);
      await pgClient.query(
        `INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
         SELECT id, 'User ' || num, 'user-' || num || '@bench.example', false, now(), now() FROM bench_users WHERE num > 0`,
      );
      // Everyone signed in somewhere: the session table is as big as the user table.
      await pgClient.query(
        `INSERT INTO session (id, "expiresAt", token, "createdAt", "updatedAt", "userId")
         SELECT 'session-' || num, now() + interval '30 days', md5('token' || num), now(), now(), id FROM bench_users WHERE num > 0`,
      );
    }
    await seedUsers(pgClient, 0, 0);
    const rate = (rows: number) => `${Math.round(rows / ((performance.now() - started) / 1000)).toLocaleString('en-US')} posts/s`;
    for (let first = 1; first <= others; first += options.chunk) {
      const last = Math.min(others, first + options.chunk - 1);
      await seedUsers(pgClient, first, last);
      const done = (last + 1) * REFS.length * options.posts;
      process.stdout.write(`\r${label}: ${done.toLocaleString('en-US')} posts (${((100 * last) / others).toFixed(0)}%), ${rate(done)}   `);
    }
    if (others > 0) console.log('');
    await pgClient.query('VACUUM ANALYZE');
    const seedMs = performance.now() - started;
    const counts = await pgClient.query<{ users: number; posts: number }>(
      'SELECT (SELECT count(*) FROM "user") AS users, (SELECT count(*) FROM posts) AS posts',
    );
    const sizes = await pgClient.query<{ size: string }>(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`);
    return {
      dataset: { database, users: Number(counts.rows[0]!.users), posts: Number(counts.rows[0]!.posts), seedMs, sizes: sizes.rows[0]!.size },
      server,
      client,
    };
  } catch (error) {
    await server.stop();
    await database.drop();
    throw error;
  } finally {
    await pgClient.end();
  }
}

interface Timing {
  median: number;
  p99: number;
}

async function time(count: number, request: (i: number) => Promise<void>): Promise<Timing> {
  for (let i = 0; i < options.warmup; i++) await request(i);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await request(options.warmup + i);
    samples.push(performance.now() - started);
  }
  return { median: median(samples), p99: percentile(samples, 99) };
}

async function ok(response: Promise<Response>): Promise<Response> {
  const answer = await response;
  if (!answer.ok) throw new Error(`HTTP ${answer.status}: ${await answer.text()}`);
  return answer;
}

interface Measured {
  month: Timing;
  workspace: Timing;
  update: Timing;
  monthPosts: number;
  workspaceMonths: number;
}

async function measure(server: BenchServer, client: TestClient): Promise<Measured> {
  const headers = { cookie: client.cookieHeader(), origin: server.url };
  const current = monthId(currentMonth(new Date(), 'UTC'));
  const monthBody = (await (await ok(fetch(`${server.url}/api/months/${current}`, { headers }))).json()) as { posts: Post[] };
  const workspaceBody = (await (await ok(fetch(`${server.url}/api/workspace`, { headers }))).json()) as { active: unknown[]; archived: unknown[] };
  const post = monthBody.posts[0]!;
  let version = post.version;
  const month = await time(options.requests, async () => {
    await (await ok(fetch(`${server.url}/api/months/${current}`, { headers }))).arrayBuffer();
  });
  const workspace = await time(options.requests, async () => {
    await (await ok(fetch(`${server.url}/api/workspace`, { headers }))).arrayBuffer();
  });
  const update = await time(options.requests, async (i) => {
    const response = await ok(
      fetch(`${server.url}/api/posts/${post.id}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ version, content: `Edited ${i}: ${post.content}` }),
      }),
    );
    version = ((await response.json()) as Post).version;
  });
  return { month, workspace, update, monthPosts: monthBody.posts.length, workspaceMonths: workspaceBody.active.length + workspaceBody.archived.length };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the exact queries the repositories send for the three requests. */
async function plans(database: BenchDatabase, userId: string): Promise<{ name: string; sql: string; plan: string }[]> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void captured.push(event.query as unknown as CompiledQuery),
  });
  const months = createMonthRepository(db);
  const posts = createPostRepository(db);
  const screen = createMonthScreenRead({ db, kind: 'postgres' }, posts, () => undefined); // the query every time, nothing kept
  const profiles = createProfileRepository(db);
  const current = monthId(currentMonth(new Date(), 'UTC'));
  const take = async (name: string, run: () => Promise<unknown>) => {
    captured.length = 0;
    await run();
    const statements = captured.filter((query) => !/^\s*(begin|commit|rollback|savepoint|release)/i.test(query.sql));
    return statements.map((query, i) => ({ name: statements.length > 1 ? `${name} (${i + 1}/${statements.length})` : name, query }));
  };
  const monthPosts = await posts.listByMonth(userId, current);
  const post = monthPosts[1]!;
  const queries = [
    ...(await take('month read: the month, its post counts, the time zone and its posts as JSON', () => screen(userId, current))),
    ...(await take('workspace read: the time zone', () => profiles.find(userId))),
    ...(await take('workspace read: every month with its post count', () => months.list(userId))),
    ...(await take('post update: the post', () => posts.find(userId, post.id))),
    ...(await take('post update: the write', () =>
      posts.update(userId, post.id, post.version, { content: `${post.content}!` }, NOW, {
        content: post.content,
        hashtags: [],
        replacedBy: 'edit',
        instruction: null,
      }),
    )),
    ...(await take('dashboard: the next 7 days', () => posts.listBetween(userId, `${current}-01T12:00:00Z`, `${current}-07T12:00:00Z`))),
  ];
  await db.destroy();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const result: { name: string; sql: string; plan: string }[] = [];
  try {
    for (const { name, query } of queries) {
      await client.query('BEGIN');
      // The update already ran once through the repository: its kept version needs a new id to run again.
      const parameters = /^insert into "post_versions"/i.test(query.sql) ? [randomUUID(), ...query.parameters.slice(1)] : [...query.parameters];
      const explained = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.sql}`, parameters);
      await client.query('ROLLBACK');
      result.push({ name, sql: query.sql, plan: explained.rows.map((row) => row['QUERY PLAN']).join('\n') });
    }
  } finally {
    await client.end();
  }
  return result;
}

async function main() {
  const command = commandLine('bench:scale');
  const problem = await postgresReachable();
  if (problem) {
    console.error(`bench:scale needs PostgreSQL: ${problem}.`);
    process.exit(1);
  }
  console.log(
    `bench:scale: ${options.users.toLocaleString('en-US')} users x ${options.months} months x ${options.posts} posts = ${(options.users * options.months * options.posts).toLocaleString('en-US')} posts`,
  );
  const databases: BenchDatabase[] = [];
  try {
    const small = await prepare('small', 0);
    databases.push(small.dataset.database);
    console.log(`almost empty database: ${small.dataset.users} user, ${small.dataset.posts} posts; measuring ${options.requests} requests of each kind...`);
    const smallResult = await measure(small.server, small.client);
    await small.server.stop();
    await small.dataset.database.drop();

    const large = await prepare('large', options.users - 1);
    databases.push(large.dataset.database);
    console.log(`seeded in ${(large.dataset.seedMs / 1000).toFixed(0)} s (${large.dataset.sizes}); measuring ${options.requests} requests of each kind...`);
    const largeResult = await measure(large.server, large.client);
    await large.server.stop();
    const explained = await plans(large.dataset.database, large.client.userId);
    await large.dataset.database.drop();

    const kinds = [
      ['month read (GET /api/months/:id)', 'month'],
      ['workspace read (GET /api/workspace)', 'workspace'],
      ['post update (PATCH /api/posts/:id)', 'update'],
    ] as const;
    const rows = kinds.map(([label, key]) => {
      const a = smallResult[key];
      const b = largeResult[key];
      return [
        label,
        `${ms(a.median, 2)} / ${ms(a.p99, 2)}`,
        `${ms(b.median, 2)} / ${ms(b.p99, 2)}`,
        `${ratio(b.median / a.median)} / ${ratio(b.p99 / a.p99)}`,
        pass(b.median <= 1.5 * a.median && b.p99 <= 1.5 * a.p99),
      ];
    });
    const seqScans = explained.filter((entry) => /Seq Scan on posts\b/.test(entry.plan));
    const resultsTable = table(
      [
        'request (1,000 sequential, one user)',
        'almost empty: median / p99',
        `${(large.dataset.posts / 1e6).toFixed(2)} M posts: median / p99`,
        'ratio median / p99',
        'within 1.5x',
      ],
      rows,
    );
    const targets = table(
      ['target', 'measured', 'result'],
      [
        [
          'month read, workspace read and post update within 1.5x of the almost empty database (median and p99)',
          rows.map((row) => `${row[0]!.split(' (')[0]} ${row[3]}`).join('; '),
          pass(rows.every((row) => row[4] === 'pass')),
        ],
        [
          'no sequential scans on posts in the query plans',
          seqScans.length === 0 ? 'none' : seqScans.map((entry) => entry.name).join('; '),
          pass(seqScans.length === 0),
        ],
      ],
    );
    const settings = [
      `Large database: ${large.dataset.users.toLocaleString('en-US')} users, ${large.dataset.posts.toLocaleString('en-US')} posts (${options.months} months x ${options.posts} posts each), one session per user, ${large.dataset.sizes} on disk; generated inside PostgreSQL with INSERT ... SELECT over generate_series in chunks of ${options.chunk} users, then VACUUM ANALYZE: ${(large.dataset.seedMs / 1000).toFixed(0)} s.`,
      `Almost empty database: only the measured user, with the same ${options.months} months x ${options.posts} posts. The measured user reads the current month (${largeResult.monthPosts} posts) and the workspace (${largeResult.workspaceMonths} months) and edits one post of the current month; ${options.warmup} warm-up requests, then ${options.requests} sequential requests each, timed by the client; the server is its own process (esbuild bundle).`,
    ].join('\n\n');
    const planText = explained.map((entry) => `**${entry.name}**\n\n\`\`\`sql\n${entry.sql}\n\`\`\`\n\n\`\`\`\n${entry.plan}\n\`\`\``).join('\n\n');
    const markdown = [
      machine(command),
      '',
      settings,
      '',
      targets,
      '',
      resultsTable,
      '',
      `<details><summary>Query plans on the large database (EXPLAIN ANALYZE, BUFFERS)</summary>\n\n${planText}\n\n</details>`,
    ].join('\n');
    console.log(`\n${targets}\n\n${resultsTable}\n`);
    for (const entry of explained) console.log(`-- ${entry.name}\n${entry.plan}\n`);
    if (options.write) writeSection('scale', markdown);
  } finally {
    for (const database of databases) await database.drop().catch(() => undefined);
  }
}

await main();
