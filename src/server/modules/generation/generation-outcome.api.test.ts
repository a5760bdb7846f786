import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { openingOf } from '../../ai/variety';
import type { FakeOpenAI } from '@testing/fake-openai-server';
import { startServerWithFakeModel, stopServerWithFakeModel } from '@testing/fake-model-server';
import { createFactories } from '@testing/factories';
import { waitForJob } from '@testing/generation-helpers';
import { createTestClock } from '@testing/test-clock';
import { onboardedClient, type TestClient, read, errorOf } from '@testing/test-client';
import type { TestServer } from '@testing/test-server';

/** What the user is told after a generation (shortened, not written) and the retry of just the missing posts. */
const clock = createTestClock('2031-01-15T12:00:00.000Z');
const MONTH_ID = '2031-1';
const STRATEGY: Strategy = { ...DEFAULT_STRATEGY, postFrequency: 3, preferredDays: ['Monday', 'Wednesday', 'Friday'], contentTypes: ['Text only'] };

let ai: FakeOpenAI;
let server: TestServer;
beforeAll(async () => {
  ({ ai, server } = await startServerWithFakeModel({ timeoutMs: 10_000, maxRetries: 0, concurrency: 1, batchSize: 20 }, { now: clock.now }));
});
afterAll(() => stopServerWithFakeModel({ ai, server }));

async function generate(client: TestClient, replaceExisting = false) {
  await read(client.api.workspace.$get());
  const started = await read(client.api.months[':id'].generation.$post({ param: { id: MONTH_ID }, json: { strategy: STRATEGY, replaceExisting } }));
  expect(started.status).toBe(202);
  return waitForJob(client, started.body.job.id);
}

const monthPosts = async (client: TestClient): Promise<{ date: string; content: string }[]> =>
  (await read(client.api.months[':id'].$get({ param: { id: MONTH_ID } }))).body.posts;

describe('after a generation', () => {
  it('says which posts the server shortened to fit their platform', async () => {
    const client = await onboardedClient(server.url);
    ai.script({ always: 'over-long' });
    const job = await generate(client);
    ai.script({ always: 'ok' });
    expect(job.status).toBe('succeeded');
    expect(job.written).toBe(job.planned);
    expect(job.unwritten).toBe(0);
    expect(job.shortened.length).toBeGreaterThan(0);
    expect(job.shortened[0]).toMatch(/^The X\/Twitter post for \w+day, January \d+, 2031 was shortened to fit the 280 characters X\/Twitter allows\.$/);
  });

  it('writes just the missing posts again in one click, adding them to the month', async () => {
    const client = await onboardedClient(server.url);
    // Both requests of the one batch (the first and its follow-up) answer blank text for the first post.
    ai.script({ next: ['invalid-post', 'invalid-post'] });
    const job = await generate(client);
    expect(job.status).toBe('succeeded');
    expect(job.unwritten).toBe(1);
    expect(job.problems).toEqual([expect.stringContaining('could not be written')]);
    const before = await monthPosts(client);
    expect(before).toHaveLength(job.planned - 1);

    const retry = await read(client.api['generation-jobs'][':jobId'].retry.$post({ param: { jobId: job.id } }));
    expect(retry.status).toBe(202);
    expect(retry.body.job.planned).toBe(1);
    const retried = await waitForJob(client, retry.body.job.id);
    expect(retried).toMatchObject({ status: 'succeeded', written: 1, unwritten: 0 });
    const after = await monthPosts(client);
    expect(after).toHaveLength(job.planned);
    expect(after.map((post) => post.date).sort()).toEqual(
      [...before.map((post) => post.date), after.find((post) => !before.some((old) => old.date === post.date))!.date].sort(),
    );
    // Nothing left to write: a second retry of the same job is refused.
    const again = await read(client.api['generation-jobs'][':jobId'].retry.$post({ param: { jobId: retried.id } }));
    expect(again.status).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'nothing_to_retry', message: 'Every post of this generation was written: nothing to try again.' });
  });

  it('refuses to write the missing posts of a month without a saved strategy, asking to generate it again', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const month = { year: 2031, month: 4 }; // not one the workspace read creates
    const factories = createFactories(server.database.db);
    await factories.month(client.userId, month, { contentGenerated: 1 });
    const slot = { date: '2031-04-07T12:00:00Z', platform: 'facebook', type: 'text' };
    const job = await factories.job(client.userId, month, { planned: 2, written: 1, unwrittenSlots: JSON.stringify([slot]) });
    const requests = ai.requests.length;
    const retry = await read(client.api['generation-jobs'][':jobId'].retry.$post({ param: { jobId: job.id } }));
    expect(retry.status).toBe(409);
    expect(errorOf(retry)).toEqual({ code: 'no_saved_strategy', message: 'This month has no saved strategy. Generate the month again.' });
    expect(ai.requests.length).toBe(requests);
  });

  it('does not open a regenerated month’s posts like the ones it replaces', async () => {
    const client = await onboardedClient(server.url);
    ai.script({ always: 'same-openings' });
    await generate(client);
    const first = (await monthPosts(client)).map((post) => openingOf(post.content));
    clock.advance(60_000); // the posts were written before the new job starts, so it replaces them
    const second = await generate(client, true);
    expect(second.kept).toBe(0);
    ai.script({ always: 'ok' });
    const openings = (await monthPosts(client)).map((post) => openingOf(post.content));
    expect(openings.filter((opening) => first.includes(opening))).toEqual([]);
    expect(new Set(openings).size).toBe(openings.length);
  });

  it('refuses to write the missing posts of an archived month, changing nothing', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const past = { year: 2030, month: 11 };
    const factories = createFactories(server.database.db);
    await factories.month(client.userId, past, { strategy: JSON.stringify(STRATEGY), contentGenerated: 1 });
    const slot = { date: '2030-11-04T12:00:00Z', platform: 'facebook', type: 'text' };
    const job = await factories.job(client.userId, past, { planned: 2, written: 1, unwrittenSlots: JSON.stringify([slot]) });
    const requests = ai.requests.length;
    const retry = await read(client.api['generation-jobs'][':jobId'].retry.$post({ param: { jobId: job.id } }));
    expect(retry.status).toBe(409);
    expect(errorOf(retry).code).toBe('archived');
    expect(ai.requests.length).toBe(requests);
    expect((await read(client.api.months[':id'].$get({ param: { id: '2030-11' } }))).body.posts).toEqual([]);
  });
});
