// bench:load: 50 simulated users browse months and edit posts while 5 months are generated, for 60 s
// (LOAD_SECONDS, LOAD_USERS to change). Checks: zero errors, no lost edit (every acknowledged write is
// read back afterwards), server memory flat. Loopback only; bounded in users, time and requests.
import { readFileSync, rmSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { startFakeOpenAI } from '@testing/fake-openai-server';
import { startServerProcess } from '@testing/server-process';
import { onboardedClient, type TestClient, read } from '@testing/test-client';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = Number(process.env.LOAD_USERS ?? 50);
const GENERATIONS = 5;
const POSTS_PER_USER = 8;
const current = currentMonth(new Date(), 'UTC');
const month = monthId(current);
const next = monthId(nextMonth(current));
const day = (n: number) => `${current.year}-${String(current.month).padStart(2, '0')}-${String(n).padStart(2, '0')}`;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-load-'));
  const ai = await startFakeOpenAI({ tokensPerSecond: 40, delayMs: 500 });
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-model',
    LOG_LEVEL: 'warn',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const pid = server.child.pid!;
  console.log(`server pid ${pid}; preparing ${USERS} users with ${POSTS_PER_USER} posts each...`);

  const users: { client: TestClient; posts: { id: string; version: number; acknowledged: string }[] }[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const posts = [];
    for (let n = 0; n < POSTS_PER_USER; n += 1) {
      const created = await read(
        client.api.months[':id'].posts.$post({
          param: { id: month },
          json: {
            mode: 'manual',
            date: day(1 + (n % 27)),
            platform: 'linkedin',
            type: 'text',
            content: `seed ${index}-${n}`,
          },
        }),
      );
      if (created.status !== 201) throw new Error(`seeding failed: ${created.status} ${JSON.stringify(created.body)}`);
      posts.push({ id: created.body.id, version: created.body.version, acknowledged: created.body.content });
    }
    users.push({ client, posts });
  }

  const errors: string[] = [];
  const latencies: number[] = [];
  let requests = 0;
  const timed = async <T>(label: string, call: () => Promise<{ status: number; body: T }>) => {
    const started = performance.now();
    const response = await call();
    latencies.push(performance.now() - started);
    requests += 1;
    if (response.status >= 400) errors.push(`${label}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    return response;
  };

  // Five users generate their next month with the simulated model while everyone else works.
  const generations = await Promise.all(
    users
      .slice(0, GENERATIONS)
      .map(({ client }) =>
        timed('start generation', () =>
          read(client.api.months[':id'].generation.$post({ param: { id: next }, json: { strategy: { ...DEFAULT_STRATEGY, postFrequency: 5 } } })),
        ),
      ),
  );
  const memory: { at: number; rss: number }[] = [{ at: 0, rss: rssMb(pid) }];
  const started = Date.now();
  const sampler = setInterval(() => memory.push({ at: Math.round((Date.now() - started) / 1000), rss: rssMb(pid) }), 2000);
  const deadline = started + SECONDS * 1000;

  await Promise.all(
    users.map(async (user, index) => {
      let n = 0;
      while (Date.now() < deadline) {
        await timed('workspace', () => read(user.client.api.workspace.$get()));
        await timed('month', () => read(user.client.api.months[':id'].$get({ param: { id: month } })));
        const post = user.posts[n % user.posts.length]!;
        const content = `edit ${index}-${n} at ${Date.now()}`;
        const saved = await timed('edit', () =>
          read(user.client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: post.version, content } })),
        );
        if (saved.status === 200) {
          post.version = saved.body.version;
          post.acknowledged = content;
        }
        n += 1;
      }
    }),
  );
  clearInterval(sampler);
  memory.push({ at: Math.round((Date.now() - started) / 1000), rss: rssMb(pid) });

  // Every acknowledged edit must be what the server now holds.
  let lost = 0;
  let checked = 0;
  for (const user of users) {
    const stored = (await read(user.client.api.months[':id'].$get({ param: { id: month } }))).body.posts as { id: string; content: string }[];
    for (const post of user.posts) {
      checked += 1;
      if (stored.find((item) => item.id === post.id)?.content !== post.acknowledged) lost += 1;
    }
  }
  const jobs = await Promise.all(generations.map((g, i) => read(users[i]!.client.api['generation-jobs'][':jobId'].$get({ param: { jobId: g.body.job.id } }))));
  const jobStates = jobs.map((job) => `${job.body.job.status} ${job.body.job.written}/${job.body.job.planned}`);

  await server.stop();
  await ai.close();
  rmSync(dataDir, { recursive: true, force: true });

  const warm = memory.find((sample) => sample.at >= 10)?.rss ?? memory[0]!.rss;
  const end = memory.at(-1)!.rss;
  const rows = [
    ['duration', `${SECONDS} s`, ''],
    ['simulated users', String(USERS), ''],
    ['generations during the run', String(GENERATIONS), jobStates.join(', ')],
    ['requests', String(requests), `${Math.round(requests / SECONDS)} req/s`],
    ['latency median / p99', `${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms`, ''],
    ['errors', String(errors.length), errors.length === 0 ? 'pass (target 0)' : `FAIL: ${errors.slice(0, 3).join('; ')}`],
    ['lost edits', `${lost} of ${checked} posts`, lost === 0 ? 'pass (target 0)' : 'FAIL'],
    [
      'server RSS start / after 10 s / end',
      `${memory[0]!.rss} / ${warm} / ${end} MB`,
      end <= warm * 1.25 ? 'pass (flat: end within 1.25x of warm)' : 'FAIL (grew)',
    ],
  ];
  const table = ['| measure | value | verdict |', '|---|---|---|', ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
  console.log(`\n${table}\n`);

  const doc = path.resolve('docs/operations.md');
  const header = `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; command: \`npm run bench:load\`.`;
  const section = `<!-- bench:load -->\n${header}\n\n${table}\n<!-- /bench:load -->`;
  try {
    const text = readFileSync(doc, 'utf8');
    writeFileSync(doc, text.replace(/<!-- bench:load -->[\s\S]*<!-- \/bench:load -->/, section));
  } catch {
    console.log('(docs/operations.md not found: figures printed only)');
  }
  process.exit(errors.length === 0 && lost === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
