import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, previousMonth } from '@shared/domain/months';
import { postLength } from '@shared/domain/networks';
import { planSlots } from '@shared/domain/slot-planner';
import { generationProgressSchema } from '@shared/schemas/generation';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { onboardedClient, type TestClient, read, errorOf } from '@testing/test-client';
import { waitForJob } from '@testing/generation-helpers';
import { startTestServer, type TestServer } from '@testing/test-server';
import { createServices } from '../../compose';
import { createWriter } from '../../ai/create-writer';
import { INTERRUPTED_REASON } from './generation-runner';
import { ALREADY_RUNNING } from './generation-service';
import { openEventStream, readProgressUntilEnd } from '@testing/sse-reader';
import { createLogger } from '../../platform/logger';
import { createFactories } from '@testing/factories';

const STRATEGY: Strategy = {
  ...DEFAULT_STRATEGY,
  postFrequency: 3,
  preferredDays: ['Monday', 'Wednesday', 'Friday'],
  contentTypes: ['Text only', 'Images'],
  keyThemes: 'Healthy smiles, family check-ups',
  selectedCTAs: ['Schedule Appointment'],
  hashtags: 'smile, dentist',
};

// Next month is active for the whole test run, even across a month boundary at midnight.
const target = nextMonth(currentMonth(new Date(), 'UTC'));
const targetId = monthId(target);

async function startJob(client: TestClient, body: { strategy: Strategy; replaceExisting?: boolean } = { strategy: STRATEGY }) {
  await read(client.api.workspace.$get());
  return read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: body }));
}

describe('generation with the offline writer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('writes the planned posts, saves them with the month and the strategy', async () => {
    const client = await onboardedClient(server.url);
    const started = await startJob(client);
    expect(started.status).toBe(202);
    expect(started.body.job).toMatchObject({ status: 'running', written: 0, writer: 'Built-in template writer (not AI)' });
    const job = await waitForJob(client, started.body.job.id);
    const plan = planSlots({ ...target, strategy: STRATEGY });
    expect(job).toMatchObject({ status: 'succeeded', planned: plan.length, written: plan.length, error: null });
    const month = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body;
    expect(month.contentGenerated).toBe(true);
    expect(Date.parse(month.lastGeneratedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(month.strategy).toEqual(STRATEGY);
    expect(month.posts.map((post: { date: string; platform: string }) => [post.date, post.platform])).toEqual(plan.map((slot) => [slot.date, slot.platform]));
    for (const post of month.posts) expect(['text', 'image']).toContain(post.type);
  });

  it('plans only the Target Platforms chosen (Bluesky), within 300 graphemes; without the field, the spec four', async () => {
    const client = await onboardedClient(server.url);
    const strategy: Strategy = { ...STRATEGY, platforms: ['bluesky'] };
    const job = await waitForJob(client, (await startJob(client, { strategy })).body.job.id);
    expect(job.status).toBe('succeeded');
    const month = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body;
    expect(month.strategy?.platforms).toEqual(['bluesky']);
    expect(month.posts.length).toBeGreaterThan(0);
    for (const post of month.posts) {
      expect(post.platform).toBe('bluesky');
      expect(postLength('bluesky', post.content, post.hashtags)).toBeLessThanOrEqual(300);
    }
    const { platforms: _omitted, ...withoutPlatforms } = STRATEGY;
    const saved = await read(client.api.months[':id'].strategy.$put({ param: { id: targetId }, json: withoutPlatforms }));
    expect(saved.status).toBeLessThan(300);
    expect((await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.strategy?.platforms).toEqual([
      'facebook',
      'twitter',
      'instagram',
      'linkedin',
    ]);
    const empty = await startJob(client, { strategy: { ...STRATEGY, platforms: [] }, replaceExisting: true });
    expect(empty.status).toBe(400);
    const unknownNetwork = { strategy: { ...STRATEGY, platforms: ['myspace'] }, replaceExisting: true };
    expect((await client.post(`/api/months/${targetId}/generation`, unknownNetwork)).status).toBe(400);
  });

  it('reads a strategy saved before Target Platforms existed as targeting the spec four', async () => {
    const client = await onboardedClient(server.url);
    const later = nextMonth(target);
    const { platforms: _omitted, ...older } = STRATEGY;
    await createFactories(server.database.db).month(client.userId, later, { strategy: JSON.stringify(older) });
    const month = (await read(client.api.months[':id'].$get({ param: { id: monthId(later) } }))).body;
    expect(month.strategy).toEqual({ ...STRATEGY, platforms: ['facebook', 'twitter', 'instagram', 'linkedin'] });
  });

  it('says how many posts a regeneration keeps because they are scheduled, in the month and in its question', async () => {
    const client = await onboardedClient(server.url);
    await waitForJob(client, (await startJob(client)).body.job.id);
    const [first] = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts;
    const scheduled = await read(
      client.api.posts[':postId'].schedule.$put({ param: { postId: first!.id }, json: { platform: first!.platform, time: '23:59' } }),
    );
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    const month = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body;
    expect(month.keptPostCount).toBe(1);
    const refused = await startJob(client);
    expect(errorOf(refused)).toMatchObject({ code: 'month_has_posts', details: { postCount: month.posts.length, keptPostCount: 1 } });
  });

  it('asks before replacing existing posts, then replaces them', async () => {
    const client = await onboardedClient(server.url);
    await waitForJob(client, (await startJob(client)).body.job.id);
    const existing = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts.length;
    const refused = await startJob(client);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toMatch(/already has \d+ posts/);
    // The count the confirmation shows travels as a fact, not only inside the sentence.
    expect(errorOf(refused)).toMatchObject({ code: 'month_has_posts', details: { postCount: existing } });
    expect(existing).toBeGreaterThan(0);
    const replaced = await startJob(client, { strategy: { ...STRATEGY, postFrequency: 1 }, replaceExisting: true });
    expect(replaced.status).toBe(202);
    await waitForJob(client, replaced.body.job.id);
    const month = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body;
    expect(month.posts).toHaveLength(planSlots({ ...target, strategy: { ...STRATEGY, postFrequency: 1 } }).length);
  });

  it('refuses archived months, and keeps other users out of months and jobs', async () => {
    const alice = await onboardedClient(server.url);
    const past = previousMonth(currentMonth(new Date(), 'UTC'));
    await createFactories(server.database.db).month(alice.userId, past);
    const archived = await read(alice.api.months[':id'].generation.$post({ param: { id: monthId(past) }, json: { strategy: STRATEGY } }));
    expect(archived.status).toBe(409);
    expect(errorOf(archived).code).toBe('archived');

    const { body } = await startJob(alice);
    const bob = await onboardedClient(server.url);
    await read(bob.api.workspace.$get());
    expect((await read(bob.api['generation-jobs'][':jobId'].$get({ param: { jobId: body.job.id } }))).status).toBe(404);
    expect((await bob.api['generation-jobs'][':jobId'].events.$get({ param: { jobId: body.job.id } })).status).toBe(404);
    expect((await read(bob.api.months[':id'].generation.$get({ param: { id: targetId } }))).body.job).toBeNull();
    await waitForJob(alice, body.job.id);
    expect((await read(alice.api.months[':id'].generation.$get({ param: { id: targetId } }))).body.job?.status).toBe('succeeded');
  });

  it('rejects an invalid strategy and a holiday outside the month with 400', async () => {
    const client = await onboardedClient(server.url);
    expect((await startJob(client, { strategy: { ...STRATEGY, postFrequency: 0 } })).status).toBe(400);
    const wrongHoliday = await startJob(client, { strategy: { ...STRATEGY, includeHolidays: true, selectedHolidays: [{ date: '1999-01-01', name: 'Old' }] } });
    expect(wrongHoliday.status).toBe(400);
    expect((await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.strategy).toBeNull();
  });
});

describe('generation through an OpenAI-compatible provider', () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    // The time-out is short so the hang case ends quickly, yet long enough for a normal reply on a busy machine.
    server = await startTestServer(
      { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AI_API_KEY: 'sk-test-secret-key' },
      { timeoutMs: 4000, maxRetries: 1, retryDelayMs: 10 },
    );
  });
  afterAll(async () => {
    await server.close();
    await ai.close();
  });

  it('writes the month with the model and saves it', async () => {
    ai.script({ always: 'ok' });
    const client = await onboardedClient(server.url);
    const job = await waitForJob(client, (await startJob(client)).body.job.id);
    expect(job).toMatchObject({ status: 'succeeded', writer: expect.stringContaining('fake-model') });
    const month = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body;
    expect(month.posts).toHaveLength(planSlots({ ...target, strategy: STRATEGY }).length);
    expect(month.posts[0]?.content).toMatch(/^Post \d+ for/);
  });

  it.each([
    ['malformed JSON', 'malformed-json', /not valid JSON/i],
    ['a reply without posts', 'missing-posts', /./],
    ['server errors', 'status-500', /./],
    ['a hang past the time-out', 'hang', /did not answer|time/i],
  ] as const)('fails the job with a clear reason on %s and leaves the month unchanged', async (_label, fault, reason) => {
    ai.script({ always: fault });
    const client = await onboardedClient(server.url);
    const job = await waitForJob(client, (await startJob(client)).body.job.id);
    ai.script({ always: 'ok' });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(reason);
    expect(job.error).not.toMatch(/sk-test|undefined|stack/i);
    const month = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body;
    expect(month).toMatchObject({ contentGenerated: false, posts: [] });
    // A retry after the provider recovers works.
    const retry = await waitForJob(client, (await startJob(client)).body.job.id);
    expect(retry.status).toBe('succeeded');
  });

  it('gives one job when several starts race', async () => {
    ai.script({ always: 'ok', delayMs: 400 });
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: STRATEGY } }))),
    );
    ai.script({ delayMs: 0 });
    // Exactly one start wins; every other one is the clear 409, never a 500 or a second job.
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.status === 409))
      expect(errorOf(answer)).toEqual({ code: 'generation_running', message: ALREADY_RUNNING });
    await waitForJob(client, answers.find((answer) => answer.status === 202)!.body.job.id);
  });

  it('marks a job cut off by a restart as failed, with the month unchanged', async () => {
    ai.script({ always: 'hang' });
    const client = await onboardedClient(server.url);
    const { body } = await startJob(client);
    // What the next process does at start-up, over the same database.
    const restarted = createServices(server.database, {
      writer: createWriter({ kind: 'offline' }),
      log: createLogger('silent'),
      mediaDir: server.dataDir,
      publicUrl: server.url,
    });
    expect(await restarted.runner.recoverInterrupted()).toBeGreaterThanOrEqual(1);
    // This process's own runner is still waiting on the provider; let it answer and finish, as a
    // zombie would: its late result must not be saved over the failed job.
    ai.script({ always: 'ok' });
    const deadline = Date.now() + 10_000;
    while (server.services.runner.runningCount() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.services.runner.runningCount()).toBe(0);
    const job = (await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: body.job.id } }))).body.job;
    expect(job).toMatchObject({ status: 'failed', error: INTERRUPTED_REASON });
    expect((await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body).toMatchObject({ contentGenerated: false, posts: [] });
  });
});

describe('progress while the model writes', () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    // A slow model: a month takes a few seconds, post by post, as a real one does.
    ai = await startFakeOpenAI({ tokensPerSecond: 150 });
    server = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' }, { timeoutMs: 30_000, maxRetries: 0, retryDelayMs: 10 });
  });
  afterAll(async () => {
    ai.script({ hold: false });
    await server.close();
    await ai.close();
  });

  /** Starts a job with the model held, and opens its progress stream while the job surely runs. */
  async function startFollowed() {
    const client = await onboardedClient(server.url);
    ai.script({ hold: ['month'] });
    const { body } = await startJob(client);
    const stream = await openEventStream(client, `/api/generation-jobs/${body.job.id}/events`);
    expect(stream.contentType).toMatch(/text\/event-stream/);
    ai.script({ hold: false });
    return { client, stream };
  }

  it('streams progress as the posts are written: written only rises, midway events carry the latest post and no posts, the last one is the result', async () => {
    ai.script({ always: 'ok' });
    const { stream } = await startFollowed();
    const events = await readProgressUntilEnd(stream);
    const planned = planSlots({ ...target, strategy: STRATEGY }).length;
    for (const event of events) {
      expect(generationProgressSchema.safeParse(event).success).toBe(true);
      expect(event).not.toHaveProperty('posts');
    }
    expect(events[0]).toMatchObject({ status: 'running', planned, written: 0, latest: null });
    for (let i = 1; i < events.length; i++) expect(events[i].written).toBeGreaterThanOrEqual(events[i - 1].written);
    const midway = events.filter((job) => job.status === 'running' && job.written > 0 && job.written < planned);
    expect(midway.length).toBeGreaterThan(0);
    for (const job of midway) expect(job.latest.content).toMatch(/^Post \d+ for/);
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', planned, written: planned, latest: null });
  });

  it('ends the stream with the failure when the job fails', async () => {
    ai.script({ always: 'malformed-json' });
    const { stream } = await startFollowed();
    const events = await readProgressUntilEnd(stream);
    ai.script({ always: 'ok' });
    expect(events[0].status).toBe('running');
    expect(events.at(-1)).toMatchObject({ status: 'failed', error: expect.stringMatching(/not valid JSON/i) });
  });
});
