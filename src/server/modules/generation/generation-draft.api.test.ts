import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { generationProgressSchema, type GenerationProgress } from '@shared/schemas/generation';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { waitForJob, waitUntil } from '@testing/generation-helpers';
import { openEventStream } from '@testing/sse-reader';
import { onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

const targetId = monthId(nextMonth(currentMonth(new Date(), 'UTC')));
/** The model stands still after this many characters of its first post's text, until released. */
const WRITTEN_SO_FAR = 52;

async function progressOf(client: TestClient, jobId: string): Promise<GenerationProgress> {
  const { status, body } = await read(client.api['generation-jobs'][':jobId'].progress.$get({ param: { jobId } }));
  expect(status).toBe(200);
  return body.progress;
}

describe('a month whose first post is still being written', () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    ai = await startFakeOpenAI({ hold: ['month'], holdAfterTextChars: WRITTEN_SO_FAR });
    server = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' }, { timeoutMs: 30_000, retryDelayMs: 10 });
  });
  afterAll(async () => {
    ai.script({ hold: false });
    await server.close();
    await ai.close();
  });

  it('shows the text the model has written so far, with its day and network, before any post is complete', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const started = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY } }));
    expect(started.status).toBe(202);
    const jobId = started.body.job.id;

    // Every batch's reply stands still inside its first post. The fake model's text names the slot it
    // is for, "Post 1 for <network> on <weekday> <date>. …": the draft grows until it shows that much.
    const namesItsSlot = (progress: GenerationProgress) =>
      progress.draft !== null && new RegExp(`^Post 1 for ${progress.draft.platform} on \\w+ ${progress.draft.date.slice(0, 10)}`).test(progress.draft.content);
    await waitUntil(async () => namesItsSlot(await progressOf(client, jobId)));
    const progress = await progressOf(client, jobId);
    expect(progress).toMatchObject({ status: 'running', written: 0, latest: null });
    const draft = progress.draft!;
    // Whole words only, as far as the model got.
    expect(draft.content.length).toBeLessThanOrEqual(WRITTEN_SO_FAR);
    expect(draft.content).toBe(draft.content.trim());
    expect(ai.requests.filter((request) => request.task === 'month').every((request) => !request.answered)).toBe(true);

    // The progress stream (what the overlay follows) carries it too, checked against the shared schema.
    const stream = await openEventStream(client, `/api/generation-jobs/${jobId}/events`);
    const frame = await stream.next();
    stream.close();
    expect(frame?.kind === 'event' && generationProgressSchema.parse(JSON.parse(frame.data))).toMatchObject({ written: 0, draft });

    ai.script({ hold: false });
    expect(await waitForJob(client, jobId)).toMatchObject({ status: 'succeeded' });
    // An ended job has no draft; the month holds the post in full.
    expect((await progressOf(client, jobId)).draft).toBeNull();
    const month = await read(client.api.months[':id'].$get({ param: { id: targetId } }));
    expect(month.body.posts.some((post) => post.content.startsWith(draft.content))).toBe(true);
  });

  it("is another user's job: its draft is not found", async () => {
    const owner = await onboardedClient(server.url);
    await read(owner.api.workspace.$get());
    ai.script({ hold: ['month'] });
    const started = await read(owner.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY } }));
    const jobId = started.body.job.id;
    await waitUntil(async () => (await progressOf(owner, jobId)).draft !== null);
    const stranger = await onboardedClient(server.url);
    const { status, body } = await read(stranger.api['generation-jobs'][':jobId'].progress.$get({ param: { jobId } }));
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('Post 1 for');
    ai.script({ hold: false });
    await waitForJob(owner, jobId);
  });
});
