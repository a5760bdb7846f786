import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai-server';
import { startServerProcess } from '../server-process';
import { multipartBody, startSlowUpload } from '../slow-upload';
import { startTcpProxy } from '../tcp-proxy';
import { onboardedClient, read, errorOf } from '../test-client';
import { addPost, nextMonthTarget } from '../month-posts';
import { createTestDatabase, databaseEnv, TEST_DB_KIND, TEST_POSTGRES_URL, type TestDatabase } from '../test-database';
import { TINY_PNG } from '../fixtures';

const target = monthId(nextMonth(currentMonth(new Date(), 'UTC')));

let ai: FakeOpenAI;
let testDb: TestDatabase;
let env: Record<string, string>;
beforeAll(async () => {
  ai = await startFakeOpenAI();
  testDb = await createTestDatabase();
  env = {
    DATA_DIR: testDb.dataDir,
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-model',
    LOG_LEVEL: 'info',
    // Short, so a job a killed server held is taken over (PostgreSQL) within seconds.
    JOB_LEASE_SECONDS: '2',
    ...databaseEnv(testDb.database),
  };
});
afterAll(async () => {
  await ai.close();
  await testDb.drop();
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Each test starts the server as its own process, once or twice: slow on a busy machine.
describe('faults', { timeout: 120_000 }, () => {
  it.runIf(TEST_DB_KIND === 'sqlite')('a server killed during a generation restarts with the job failed and the month unchanged', async () => {
    ai.script({ always: 'hang' });
    const first = await startServerProcess(env);
    const client = await onboardedClient(first.url);
    await read(client.api.workspace.$get());
    const job = (await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY } }))).body.job;
    expect(job.status).toBe('running');
    await first.stop('SIGKILL');
    ai.script({ always: 'ok' });

    const second = await startServerProcess(env, {});
    try {
      const again = client.copyFor(second.url);
      const after = (await read(again.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } }))).body.job;
      expect(after.status).toBe('failed');
      expect(after.error).toMatch(/restarted/);
      expect((await read(again.api.months[':id'].$get({ param: { id: target } }))).body).toMatchObject({ contentGenerated: false, posts: [] });
      expect(second.output()).toContain('generation.recovered');
      // And generating works again.
      const retry = (await read(again.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY } }))).body.job;
      const finished = await waitFor(
        () => read(again.api['generation-jobs'][':jobId'].$get({ param: { jobId: retry.id } })).then((r) => r.body.job),
        (value) => value.status !== 'running',
      );
      expect(finished.status).toBe('succeeded');
    } finally {
      await second.stop();
    }
  });

  it('a server killed during an upload leaves no orphaned file, and a restart sweeps leftovers', async () => {
    const first = await startServerProcess(env);
    const client = await onboardedClient(first.url);
    await read(client.api.workspace.$get());
    const post = await addPost(client, { date: nextMonthTarget().day(6), type: 'image', content: 'With a picture' });
    const kept = (await client.uploadMedia(post.id, TINY_PNG, 'kept.png', 'image/png')).body.media[0]!.url.split('/').pop();
    // An upload whose body is held back after its first megabyte: killed once part of it is on disk.
    const folder = path.join(testDb.dataDir, 'media', client.userId);
    const partial = () =>
      readdirSync(folder)
        .filter((name) => name.endsWith('.part'))
        .map((name) => statSync(path.join(folder, name)).size);
    const slow = startSlowUpload(client, `/api/posts/${post.id}/media`, multipartBody(Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]), 'slow.png'), {
      sentBytes: 1024 * 1024,
    });
    const [written] = await waitFor(
      async () => partial(),
      (sizes) => sizes.length === 1 && sizes[0]! > 0,
    );
    expect(written).toBeGreaterThan(0);
    await first.stop('SIGKILL');
    expect((await slow.response).status).toBe(0);
    expect(partial()).toHaveLength(1);
    // What a crash between writing a file and saving its post would leave behind.
    writeFileSync(path.join(folder, '00000000-0000-4000-8000-000000000001.png'), TINY_PNG);

    const second = await startServerProcess(env);
    try {
      expect(readdirSync(folder)).toEqual([kept]);
      expect(second.output()).toContain('media.swept');
    } finally {
      await second.stop();
    }
  });

  it.runIf(TEST_DB_KIND === 'sqlite')('SIGTERM stops accepting, fails the running job cleanly and exits 0', async () => {
    ai.script({ always: 'hang' });
    const server = await startServerProcess(env);
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const job = (await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY, replaceExisting: true } })))
      .body.job;
    const code = await server.stop('SIGTERM');
    ai.script({ always: 'ok' });
    expect(code).toBe(0);
    expect(server.output()).toContain('server.stopping');
    const next = await startServerProcess(env);
    try {
      const after = (await read(client.copyFor(next.url).api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } }))).body.job;
      expect(after).toMatchObject({ status: 'failed', error: expect.stringMatching(/stopped/) });
      expect(next.output()).not.toContain('generation.recovered');
    } finally {
      await next.stop();
    }
  });

  // On PostgreSQL jobs are on a durable queue: a restart resumes them instead of failing them.
  it.runIf(TEST_DB_KIND === 'postgres')('a server killed during a generation resumes the job after its restart and completes the month', async () => {
    ai.script({ always: 'hang' });
    const first = await startServerProcess(env);
    const client = await onboardedClient(first.url);
    await read(client.api.workspace.$get());
    const job = (await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY, replaceExisting: true } })))
      .body.job;
    await waitFor(
      async () => ai.unanswered(),
      (count) => count > 0,
    );
    await first.stop('SIGKILL');
    ai.script({ always: 'ok' });
    const second = await startServerProcess(env);
    try {
      const again = client.copyFor(second.url);
      const finished = await waitFor(
        () => read(again.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } })).then((r) => r.body.job),
        (value) => value.status !== 'running',
        60_000,
      );
      expect(finished).toMatchObject({ status: 'succeeded', written: job.planned });
      expect((await read(again.api.months[':id'].$get({ param: { id: target } }))).body.posts).toHaveLength(job.planned);
      expect(second.output()).not.toContain('generation.recovered');
    } finally {
      await second.stop();
    }
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'SIGTERM stops accepting, hands the running job back to the queue and exits 0; the next start finishes it',
    async () => {
      ai.script({ always: 'hang' });
      const server = await startServerProcess(env);
      const client = await onboardedClient(server.url);
      await read(client.api.workspace.$get());
      const job = (
        await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY, replaceExisting: true } }))
      ).body.job;
      await waitFor(
        async () => ai.unanswered(),
        (count) => count > 0,
      );
      const code = await server.stop('SIGTERM');
      ai.script({ always: 'ok' });
      expect(code).toBe(0);
      expect(server.output()).toContain('server.stopping');
      expect(server.output()).toContain('generation.handed-back');
      const next = await startServerProcess(env);
      try {
        const again = client.copyFor(next.url);
        const finished = await waitFor(
          () => read(again.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } })).then((r) => r.body.job),
          (value) => value.status !== 'running',
          60_000,
        );
        expect(finished).toMatchObject({ status: 'succeeded', written: job.planned });
      } finally {
        await next.stop();
      }
    },
  );

  it('a database that cannot be reached at start-up stops the server with one clear sentence', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-nodb-'));
    const broken = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' }, { waitForReady: false });
    const code = await broken.exited;
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).not.toBe(0);
    const lines = broken.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Database error: cannot reach the PostgreSQL server in DATABASE_URL/);
  });

  it('a bad configuration value stops start-up with one sentence naming the variable', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-badcfg-'));
    mkdirSync(dataDir, { recursive: true });
    const broken = await startServerProcess({ DATA_DIR: dataDir, PORT: '3000', AI_BASE_URL: 'ftp://x' }, { waitForReady: false });
    expect(await broken.exited).not.toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
    expect(broken.output().trim()).toMatch(/^Configuration error: AI_BASE_URL[^\n]*\.$/);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('PostgreSQL going away while the server runs', { timeout: 120_000 }, () => {
  it('answers 503 with a clear message, then recovers when the database returns', async () => {
    const url = new URL(TEST_POSTGRES_URL);
    const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    const viaProxy = new URL(testDb.database.kind === 'postgres' ? testDb.database.url : TEST_POSTGRES_URL);
    viaProxy.port = String(proxy.port);
    const server = await startServerProcess({ ...env, DATABASE_URL: viaProxy.toString() });
    try {
      const client = await onboardedClient(server.url);
      expect((await read(client.api.workspace.$get())).status).toBe(200);
      // Three reads that each query the database (a month read again is answered from what this
      // instance kept while its notices connection is up, so it is asked after the cut below).
      const threeReads = () => Promise.all([read(client.api.workspace.$get()), read(client.api.analytics.$get()), read(client.api.profile.$get())]);
      const monthRead = () => read(client.api.months[':id'].$get({ param: { id: target } }));
      expect((await monthRead()).status).toBe(200);
      // Run once at ease, which leaves the pool at least three connections to reuse.
      expect((await threeReads()).map((answer) => answer.status)).toEqual([200, 200, 200]);
      // The same reads with the database's replies held back: the cut comes while their queries wait
      // on pooled connections that requests hold. Each is answered 503, and the process stays up.
      proxy.holdReplies();
      const inFlight = threeReads();
      await proxy.waitForQueries(3);
      proxy.cut();
      expect((await inFlight).map((answer) => answer.status)).toEqual([503, 503, 503]);
      expect(server.child.exitCode).toBeNull();
      const down = await read(client.api.workspace.$get());
      expect(down.status).toBe(503);
      expect(errorOf(down).message).toMatch(/database is not reachable/i);
      // Its notices connection went with the others: nothing kept is trusted, the month read asks the database too.
      await expect.poll(async () => (await monthRead()).status, { timeout: 10_000, interval: 100 }).toBe(503);
      proxy.restore();
      const back = await waitFor(
        () => read(client.api.workspace.$get()),
        (response) => response.status === 200,
      );
      expect(back.status).toBe(200);
    } finally {
      await server.stop();
      await proxy.close();
    }
  });
});
