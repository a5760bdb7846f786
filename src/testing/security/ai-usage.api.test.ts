import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { createWriter } from '@server/ai/create-writer';
import { DEFAULT_LIMITS } from '@server/config';
import { createLogger } from '@server/platform/logger';
import { createServices } from '@server/compose';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai-server';
import { onboardedClient, type TestClient, read, errorOf } from '../test-client';
import { waitForJob } from '../generation-helpers';
import { startTestServer, type TestServer } from '../test-server';
import { addPost, nextMonthTarget } from '../month-posts';

const { targetId, day } = nextMonthTarget();
const LIMIT = 5;
const REFUSED = new RegExp(
  `^You have used all ${LIMIT} AI requests for today\\. More are available after midnight UTC \\(in [^)]+\\)\\. Until then you can still edit your posts and add posts by hand\\.$`,
);

async function manualPost(client: TestClient, content = 'Our new clinic opens on Monday.') {
  await read(client.api.workspace.$get());
  return addPost(client, { date: day(10), platform: 'linkedin', type: 'text', content });
}

describe(`AI requests per user per day (AI_REQUESTS_PER_DAY=${LIMIT}, provider configured)`, () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    server = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AI_REQUESTS_PER_DAY: String(LIMIT) }, { timeoutMs: 5000, maxRetries: 0 });
  });
  afterAll(async () => {
    await server.close();
    await ai.close();
  });

  const usedToday = async (userId: string) =>
    (
      await server.database.db
        .selectFrom('ai_usage')
        .select('requests')
        .where('userId', '=', userId)
        .where('day', '=', new Date().toISOString().slice(0, 10))
        .executeTakeFirst()
    )?.requests ?? 0;

  it('counts nothing for a month generation that is refused', async () => {
    const client = await onboardedClient(server.url);
    await manualPost(client);
    // The month has a post and the start does not confirm replacing it: refused before any writing.
    const refused = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY } }));
    expect(refused.status).toBe(409);
    expect(await usedToday(client.userId)).toBe(0);
  });

  it('counts a rewrite, an AI-written post, a month generation and a connection test as one each, then refuses with 429 saying when it resets', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    expect(await usedToday(client.userId)).toBe(0);
    expect((await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'shorter' } }))).status).toBe(
      200,
    );
    expect(
      (await read(client.api.months[':id'].posts.$post({ param: { id: targetId }, json: { mode: 'generate', date: day(12), prompt: 'open day' } }))).status,
    ).toBe(201);
    const job = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY, replaceExisting: true } }));
    expect(job.status).toBe(202);
    expect((await waitForJob(client, job.body.job.id)).status).toBe('succeeded');
    expect((await read(client.api.settings.ai.test.$post())).status).toBe(200);
    const kept = await manualPost(client);
    expect(
      (await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: kept.id }, json: { version: 1, instructions: 'friendlier' } }))).status,
    ).toBe(200);
    // A month is written in several provider requests but counts as one.
    expect(await usedToday(client.userId)).toBe(LIMIT);

    const asked = ai.requests.length;
    const refusals = [
      await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: kept.id }, json: { version: 2, instructions: 'shorter' } })),
      await read(client.api.months[':id'].posts.$post({ param: { id: targetId }, json: { mode: 'generate', date: day(14), prompt: 'x' } })),
      await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY, replaceExisting: true } })),
      await read(client.api.settings.ai.test.$post()),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(429);
      expect(errorOf(refused).code).toBe('ai_limit_reached');
      expect(errorOf(refused).message).toMatch(REFUSED);
    }
    expect(ai.requests.length).toBe(asked);
    expect(await usedToday(client.userId)).toBe(LIMIT);
    // The user is told once that the day's requests are used up, however many were refused.
    const limitNotices = async () =>
      (await read(client.api.notifications.$get({ query: {} }))).body.notifications.filter((notification) => notification.kind === 'ai_limit_reached');
    await expect.poll(async () => (await limitNotices()).length).toBe(1);
    // The refused requests changed nothing; work by hand goes on.
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: kept.id } }))).body.version).toBe(2);
    expect((await read(client.api.months[':id'].generation.$get({ param: { id: targetId } }))).body.job?.id).toBe(job.body.job.id);
    expect((await read(client.api.posts[':postId'].$patch({ param: { postId: kept.id }, json: { version: 2, content: 'Written by hand.' } }))).status).toBe(
      200,
    );
    // Another user has a budget of their own.
    const other = await onboardedClient(server.url);
    expect(
      (await read(other.api.posts[':postId'].rewrite.$post({ param: { postId: (await manualPost(other)).id }, json: { version: 1, instructions: 'shorter' } })))
        .status,
    ).toBe(200);
  });

  it(`lets exactly ${LIMIT} of 12 parallel rewrites through`, async () => {
    const client = await onboardedClient(server.url);
    const posts = [];
    for (let index = 0; index < 12; index += 1) posts.push(await manualPost(client, `Post number ${index} about our clinic.`));
    const asked = ai.requests.length;
    const answers = await Promise.all(
      posts.map((post) => read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'shorter' } }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(LIMIT).fill(200), ...Array(12 - LIMIT).fill(429)]);
    expect(ai.requests.length - asked).toBe(LIMIT);
    expect(await usedToday(client.userId)).toBe(LIMIT);
  });
});

describe('the day turns at midnight UTC (injected clock)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('refuses the third request of a two-request day, says how long until midnight, and allows it again after', async () => {
    const { userId } = await onboardedClient(server.url);
    let clock = new Date('2026-03-14T23:30:00.000Z');
    // The same database through services with an AI writer (never called here) and a clock of our own.
    const writer = createWriter({ kind: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1', apiKey: undefined, model: 'm', provider: 'test' });
    const services = createServices(server.database, {
      writer,
      log: createLogger('silent'),
      mediaDir: server.dataDir,
      publicUrl: server.url,
      limits: { ...DEFAULT_LIMITS, aiRequestsPerDay: 2 },
      now: () => clock,
    });
    await services.usage.consumeAiRequest(userId);
    await services.usage.consumeAiRequest(userId);
    await expect(services.usage.consumeAiRequest(userId)).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining('after midnight UTC (in 30 minutes)'),
    });
    clock = new Date('2026-03-14T21:00:00.000Z');
    await expect(services.usage.consumeAiRequest(userId)).rejects.toMatchObject({ message: expect.stringContaining('(in about 3 hours)') });
    clock = new Date('2026-03-15T00:00:01.000Z');
    await expect(services.usage.consumeAiRequest(userId)).resolves.toBeUndefined();
    const days = await server.database.db.selectFrom('ai_usage').select(['day', 'requests']).where('userId', '=', userId).orderBy('day').execute();
    expect(days).toEqual([
      { day: '2026-03-14', requests: 2 },
      { day: '2026-03-15', requests: 1 },
    ]);
  });
});

describe('counting under a burst (the usage service over the real database)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('lets exactly the limit through when 30 requests start in the same instant', async () => {
    const { userId } = await onboardedClient(server.url);
    const writer = createWriter({ kind: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1', apiKey: undefined, model: 'm', provider: 'test' });
    const services = createServices(server.database, {
      writer,
      log: createLogger('silent'),
      mediaDir: server.dataDir,
      publicUrl: server.url,
      limits: { ...DEFAULT_LIMITS, aiRequestsPerDay: 7 },
    });
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => services.usage.consumeAiRequest(userId)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(7);
    const { requests } = await server.database.db.selectFrom('ai_usage').select('requests').where('userId', '=', userId).executeTakeFirstOrThrow();
    expect(requests).toBe(7);
  });
});

describe('the built-in template writer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AI_REQUESTS_PER_DAY: '1' });
  });
  afterAll(async () => server.close());

  it('costs nothing and is not counted', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    for (let version = 1; version <= 3; version += 1)
      expect((await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version, instructions: 'shorter' } }))).status).toBe(
        200,
      );
    expect((await read(client.api.months[':id'].posts.$post({ param: { id: targetId }, json: { mode: 'generate', date: day(12), prompt: '' } }))).status).toBe(
      201,
    );
    expect((await read(client.api.settings.ai.test.$post())).status).toBe(200);
    expect(await server.database.db.selectFrom('ai_usage').selectAll().where('userId', '=', client.userId).execute()).toEqual([]);
  });
});
