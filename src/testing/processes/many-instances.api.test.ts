import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { readSlotsFromPrompt } from '@server/ai/month-plan/prompt';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai-server';
import { TINY_PNG } from '../fixtures';
import { startRoundRobinProxy } from '../round-robin-proxy';
import { startS3Server, type S3Server } from '../s3-server';
import { startServerProcess, type ServerProcess } from '../server-process';
import { openEventStream } from '../sse-reader';
import { onboardedClient, TestClient, TEST_PASSWORD, read } from '../test-client';
import { addPost, nextMonthTarget } from '../month-posts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../test-database';

const target = monthId(nextMonth(currentMonth(new Date(), 'UTC')));
/** Above the sign-ups the tests make, below what one instance alone would refuse in the sign-in test. */
const SIGN_IN_LIMIT = 10;

let ai: FakeOpenAI;
let s3: S3Server;
let testDb: TestDatabase;
let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
const folders: string[] = [];
const instances: Record<'a' | 'b', ServerProcess | undefined> = { a: undefined, b: undefined };

/** Instance A or B, behind the proxy. */
async function startInstance(name: 'a' | 'b'): Promise<ServerProcess> {
  const server = await startProcess(name);
  instances[name] = server;
  proxy.setTargets([instances.a?.url, instances.b?.url].filter((url): url is string => Boolean(url)));
  return server;
}

/** One instance: the shared database and bucket, a data folder of its own, a short job lease. */
function startProcess(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `planner-instance-${name}-`));
  folders.push(dataDir);
  return startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: (testDb.database as { url: string }).url,
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-model',
    AI_REQUESTS_PER_DAY: '1000',
    AUTH_RATE_LIMIT_MAX: String(SIGN_IN_LIMIT),
    JOB_LEASE_SECONDS: '2',
    // Browsers reach the instances through the proxy: its address is the app's origin.
    PUBLIC_URL: proxy.url,
    LOG_LEVEL: 'info',
    ...s3.env,
    ...env,
  });
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Which instance started running the job (its log says so). */
const runnerOf = (jobId: string) => (['a', 'b'] as const).find((name) => instances[name]?.output().includes(`"event":"generation.start","jobId":"${jobId}"`));

/** How many slots each request asked for (0 for requests that were not about a month). */
const monthSlots = () => ai.requests.map((request) => (request.task === 'month' ? (readSlotsFromPrompt(request.prompt)?.length ?? 0) : 0));

// Two real server processes on one PostgreSQL database and one S3 bucket, each with its own data folder.
describe.skipIf(TEST_DB_KIND !== 'postgres')('many instances on one PostgreSQL database', { timeout: 150_000 }, () => {
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    s3 = await startS3Server();
    testDb = await createTestDatabase();
    proxy = await startRoundRobinProxy();
    await startInstance('a');
    await startInstance('b');
  });
  afterAll(async () => {
    if (process.env.DEBUG_INSTANCES) for (const server of Object.values(instances)) console.log(server?.output());
    for (const server of Object.values(instances)) await server?.stop('SIGKILL');
    await proxy.close();
    await ai.close();
    await s3.close();
    await testDb.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('answers /health from both, checking the database', async () => {
    for (const server of [instances.a!, instances.b!]) {
      const response = await fetch(`${server.url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
  });

  it('serves a file uploaded through A through B, whole and in byte ranges, and to its owner only', async () => {
    const onA = (await onboardedClient(proxy.url)).at(instances.a!.url);
    await read(onA.api.workspace.$get());
    const post = await addPost(onA, { date: nextMonthTarget().day(6), type: 'image', content: 'With a picture' });
    const upload = await onA.uploadMedia(post.id, TINY_PNG, 'tiny.png', 'image/png');
    expect(upload.status).toBe(201);
    const url = upload.body.media[0]!.url;

    const onB = onA.at(instances.b!.url);
    const whole = await fetch(`${onB.baseUrl}${url}`, { headers: { cookie: onB.cookieHeader() } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const part = await fetch(`${onB.baseUrl}${url}`, { headers: { cookie: onB.cookieHeader(), range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${TINY_PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(TINY_PNG.subarray(1, 4))).toBe(true);

    const stranger = (await onboardedClient(proxy.url)).at(instances.b!.url);
    expect((await stranger.get(url)).status).toBe(404);
  });

  it('refuses on B, within a second, a session signed out on A', async () => {
    const onA = (await onboardedClient(proxy.url)).at(instances.a!.url);
    const onB = onA.at(instances.b!.url);
    // B has checked (and cached) the session before it ends.
    expect((await read(onB.api.me.$get())).status).toBe(200);
    expect((await read(onB.api.me.$get())).status).toBe(200);
    const cookie = onB.cookieHeader();
    expect((await onA.post('/api/auth/sign-out', {})).status).toBe(200);
    const signedOutAt = Date.now();
    const status = await waitFor(
      () => fetch(`${onB.baseUrl}/api/me`, { headers: { cookie } }).then((response) => response.status),
      (value) => value === 401,
      1_000,
    );
    expect(status).toBe(401);
    expect(Date.now() - signedOutAt).toBeLessThan(1_000);
  });

  it('holds the sign-in limit across both instances', async () => {
    const email = (await new TestClient(proxy.url).signUp()).email;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt += 1) {
      const client = new TestClient(proxy.url).at(attempt % 2 === 0 ? instances.a!.url : instances.b!.url);
      statuses.push((await client.post('/api/auth/sign-in/email', { email, password: `${TEST_PASSWORD}-wrong` })).status);
    }
    // Each instance saw about half the attempts: only a count they share refuses the last one.
    expect(statuses.slice(0, SIGN_IN_LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses[SIGN_IN_LIMIT]).toBe(429);
  });

  it('does not fail a job running on one instance when the other restarts', async () => {
    const client = await onboardedClient(proxy.url);
    await read(client.api.workspace.$get());
    ai.script({ hold: ['month'] });
    const job = (await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY } }))).body.job;
    expect(job.status).toBe('running');
    await waitFor(
      async () => ai.unanswered(),
      (count) => count > 0,
    );
    // Whichever instance took the job from the queue runs it; the other one restarts.
    const runner = await waitFor(
      async () => runnerOf(job.id),
      (name) => name !== undefined,
    );
    const other = runner === 'a' ? 'b' : 'a';
    await instances[other]!.stop('SIGTERM');
    await startInstance(other);
    expect(instances[other]!.output()).not.toContain('generation.recovered');
    expect((await read(client.at(instances[other]!.url).api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } }))).body.job.status).toBe('running');
    ai.script({ hold: false });
    const finished = await waitFor(
      () => read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } })).then((response) => response.body.job),
      (value) => value.status !== 'running',
    );
    expect(finished).toMatchObject({ status: 'succeeded', written: job.planned });
    expect((await read(client.api.months[':id'].$get({ param: { id: target } }))).body.posts).toHaveLength(job.planned);
  });

  it('finishes a month started through A and followed from B after A is killed mid-generation, writing only the missing slots', async () => {
    const onA = (await onboardedClient(proxy.url)).at(instances.a!.url);
    await read(onA.api.workspace.$get());
    const before = ai.requests.length;
    // Two batches answer, the others hang: part of the month is staged when A dies.
    ai.script({ next: ['ok', 'ok'], always: 'hang' });
    // B is down while the job starts, so A takes it from the queue; B comes back while A writes.
    await instances.b!.stop('SIGTERM');
    const job = (await read(onA.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY } }))).body.job;
    await startInstance('b');
    expect(
      await waitFor(
        async () => runnerOf(job.id),
        (name) => name !== undefined,
      ),
    ).toBe('a');
    const onB = onA.at(instances.b!.url);
    const stream = await openEventStream(onB, `/api/generation-jobs/${job.id}/events`);
    expect(stream.status).toBe(200);
    const seen: { status: string; written: number }[] = [];
    const followed = (async () => {
      for (let frame = await stream.next(); frame; frame = await stream.next()) {
        if (frame.kind === 'event') seen.push(JSON.parse(frame.data) as { status: string; written: number });
      }
    })();
    // B's stream reports the posts A staged.
    await waitFor(
      async () => seen.at(-1)?.written ?? 0,
      (written) => written > 0,
    );
    await waitFor(
      async () => ai.requests.slice(before).filter((request) => request.answered).length,
      (answered) => answered >= 2,
    );
    await instances.a!.stop('SIGKILL');
    instances.a = undefined;
    proxy.setTargets([instances.b!.url]);
    const killedAt = ai.requests.length;
    // What A staged, read before anyone could take the job over (its lease still runs).
    const stagedOnA = (await read(onB.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } }))).body.job.written as number;
    expect(stagedOnA).toBeGreaterThan(0);
    expect(stagedOnA).toBeLessThan(job.planned);
    ai.script({ always: 'ok' });

    await followed;
    expect(seen.at(-1)).toMatchObject({ status: 'succeeded', written: job.planned });
    expect((await read(onB.api.months[':id'].$get({ param: { id: target } }))).body.posts).toHaveLength(job.planned);
    // The run that took over asked only for the slots A had not staged.
    const askedAfterKill = monthSlots().slice(killedAt);
    expect(askedAfterKill.reduce((sum, count) => sum + count, 0)).toBe(job.planned - stagedOnA);
    await startInstance('a');
  });

  it('runs the jobs a ROLE=web instance queues on a ROLE=worker instance, which serves only /health', async () => {
    for (const name of ['a', 'b'] as const) {
      await instances[name]?.stop('SIGTERM');
      instances[name] = undefined;
    }
    const web = await startProcess('web', { ROLE: 'web' });
    const worker = await startProcess('worker', { ROLE: 'worker' });
    try {
      expect((await fetch(`${worker.url}/health`)).status).toBe(200);
      expect((await fetch(`${worker.url}/api/me`)).status).toBe(404);
      proxy.setTargets([web.url]);
      const client = await onboardedClient(proxy.url);
      await read(client.api.workspace.$get());
      // The model stands still inside its first post: the web instance, which runs no job, shows its words.
      ai.script({ always: 'ok', hold: ['month'], holdAfterTextChars: 30 });
      const job = (
        await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY, replaceExisting: true } }))
      ).body.job;
      const drafted = await waitFor(
        () => read(client.api['generation-jobs'][':jobId'].progress.$get({ param: { jobId: job.id } })).then((response) => response.body.progress),
        (value) => /^Post 1 for /.test(value.draft?.content ?? ''),
      );
      expect(drafted).toMatchObject({ status: 'running', written: 0, draft: { content: expect.stringMatching(/^Post 1 for /) } });
      ai.script({ hold: false, holdAfterTextChars: undefined });
      const finished = await waitFor(
        () => read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } })).then((response) => response.body.job),
        (value) => value.status !== 'running',
      );
      expect(finished).toMatchObject({ status: 'succeeded', written: job.planned });
      expect(worker.output()).toContain(`"event":"generation.start","jobId":"${job.id}"`);
      expect(web.output()).not.toContain('generation.start');
    } finally {
      await web.stop();
      await worker.stop();
    }
  });
});
