import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentMonth, nextMonth } from '@shared/domain/months';
import { generationProgressSchema } from '@shared/schemas/generation';
import type { WrittenPost } from '@shared/schemas/post';
import { createFactories, noonOf } from '@testing/factories';
import { openEventStream } from '@testing/sse-reader';
import { onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

// Next month is active for the whole test run, even across a month boundary at midnight.
const target = nextMonth(currentMonth(new Date(), 'UTC'));
const STAGED = 30;

const stagedPost = (index: number): WrittenPost => ({
  date: noonOf(target, (index % 28) + 1),
  platform: 'linkedin',
  content: `Staged post ${index + 1} of the month.`,
  type: 'text',
  mediaPrompt: '',
  hashtags: [],
});

/** How many staged posts `read` parses: calls of JSON.parse on a stored post's text. */
async function postsParsedBy<T>(read: () => Promise<T>): Promise<{ result: T; parsed: number }> {
  const parse = vi.spyOn(JSON, 'parse');
  try {
    const result = await read();
    const parsed = parse.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('"content":"Staged post')).length;
    return { result, parsed };
  } finally {
    parse.mockRestore();
  }
}

describe('the progress of a job with 30 staged posts', () => {
  let server: TestServer;
  let client: TestClient & { userId: string };
  let jobId: string;
  beforeAll(async () => {
    server = await startTestServer();
    client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    // A job some other run is writing: it stays running (nobody here takes it) with its posts staged.
    const factories = createFactories(server.database.db);
    const job = await factories.job(client.userId, target, {
      status: 'running',
      planned: STAGED + 2,
      written: STAGED,
      finishedAt: null,
      leaseUntil: '2999-01-01T00:00:00.000Z',
      leaseOwner: 'a-run-elsewhere',
    });
    jobId = job.id;
    await factories.stagedPosts(
      jobId,
      Array.from({ length: STAGED }, (_unused, index) => stagedPost(index)),
    );
  });
  afterAll(async () => server.close());

  it('is read without parsing the staged posts: only the latest one, where the full job parses all 30', async () => {
    const progress = await postsParsedBy(() => server.services.generation.progress(client.userId, jobId));
    expect(progress.parsed).toBe(1);
    expect(progress.result).toMatchObject({ planned: STAGED + 2, written: STAGED, latest: { content: `Staged post ${STAGED} of the month.` } });
    const full = await postsParsedBy(() => server.services.generation.get(client.userId, jobId));
    expect(full.parsed).toBe(STAGED);
    expect(full.result.posts).toHaveLength(STAGED);
  });

  it('answers GET …/progress with the counts and the latest post, and no posts array', async () => {
    const { status, body } = await read(client.api['generation-jobs'][':jobId'].progress.$get({ param: { jobId } }));
    expect(status).toBe(200);
    expect(generationProgressSchema.safeParse(body.progress).success).toBe(true);
    expect(body.progress).toMatchObject({ id: jobId, status: 'running', planned: STAGED + 2, written: STAGED, latest: stagedPost(STAGED - 1) });
    expect(body.progress).not.toHaveProperty('posts');
  });

  it('sends progress events that carry planned, written and latest, and no posts array', async () => {
    const stream = await openEventStream(client, `/api/generation-jobs/${jobId}/events`);
    const frame = await stream.next();
    stream.close();
    expect(frame).toMatchObject({ kind: 'event', event: 'progress' });
    const event = JSON.parse(frame?.kind === 'event' ? frame.data : 'null') as Record<string, unknown>;
    expect(generationProgressSchema.safeParse(event).success).toBe(true);
    expect(event).toMatchObject({ status: 'running', planned: STAGED + 2, written: STAGED, latest: stagedPost(STAGED - 1) });
    expect(event).not.toHaveProperty('posts');
  });

  it('keeps every staged post in the full job, GET /generation-jobs/:jobId', async () => {
    const { body } = await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId } }));
    expect(body.job.posts).toEqual(Array.from({ length: STAGED }, (_unused, index) => stagedPost(index)));
  });
});
