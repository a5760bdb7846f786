import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { waitForJob, waitUntil } from '@testing/generation-helpers';
import { openEventStream } from '@testing/sse-reader';
import { onboardedClient, type TestClient, read } from '@testing/test-client';
import { startTestServer, type TestServer, type TestServerTiming } from '@testing/test-server';

const targetId = monthId(nextMonth(currentMonth(new Date(), 'UTC')));

/** A server whose model holds month replies on request, so a job stays running as long as a test needs. */
function useServerWithHeldModel(timing: TestServerTiming) {
  const held: { ai?: FakeOpenAI; server?: TestServer } = {};
  beforeAll(async () => {
    held.ai = await startFakeOpenAI();
    held.server = await startTestServer({ AI_BASE_URL: held.ai.url, AI_MODEL: 'fake-model' }, { timeoutMs: 30_000, retryDelayMs: 10 }, timing);
  });
  afterAll(async () => {
    held.ai?.script({ hold: false });
    await held.server?.close();
    await held.ai?.close();
  });
  return {
    server: () => held.server!,
    release: () => held.ai!.script({ hold: false }),
    async startHeldJob(client: TestClient): Promise<string> {
      await read(client.api.workspace.$get());
      held.ai!.script({ hold: ['month'] });
      const started = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY } }));
      expect(started.status).toBe(202);
      return started.body.job.id;
    },
  };
}

describe('the progress stream of a job that is not moving', () => {
  const context = useServerWithHeldModel({ progressHeartbeatMs: 50 });

  it('sends a comment line while nothing changes, so proxies keep the connection open', async () => {
    const client = await onboardedClient(context.server().url);
    const jobId = await context.startHeldJob(client);
    const stream = await openEventStream(client, `/api/generation-jobs/${jobId}/events`);
    expect(stream.contentType).toMatch(/text\/event-stream/);
    expect(await stream.next()).toMatchObject({ kind: 'event', event: 'progress' });
    // The model is held, so the job cannot change: the next frames are keep-alives.
    for (let beat = 0; beat < 2; beat++) {
      const frame = await stream.next();
      expect(frame).toMatchObject({ kind: 'comment' });
      expect(frame?.kind === 'comment' && frame.raw.startsWith(': ')).toBe(true);
    }
    stream.close();
    context.release();
    await waitForJob(client, jobId);
  });
});

describe('the progress stream of a client that hangs up', () => {
  // A keep-alive interval far beyond the test's time-out: letting go must not wait for the next one,
  // so only the hang-up itself can end the stream in time.
  const context = useServerWithHeldModel({ progressHeartbeatMs: 3_600_000 });

  it('removes its listener from the job at once', async () => {
    const server = context.server();
    const client = await onboardedClient(server.url);
    const jobId = await context.startHeldJob(client);
    const first = await openEventStream(client, `/api/generation-jobs/${jobId}/events`);
    const second = await openEventStream(client, `/api/generation-jobs/${jobId}/events`);
    await first.next();
    await second.next();
    expect(server.services.generation.listenerCount(jobId)).toBe(2);
    first.close();
    await waitUntil(() => server.services.generation.listenerCount(jobId) === 1);
    second.close();
    await waitUntil(() => server.services.generation.listenerCount(jobId) === 0);
    context.release();
    expect(await waitForJob(client, jobId)).toMatchObject({ status: 'succeeded' });
    expect(server.services.generation.listenerCount(jobId)).toBe(0);
  });
});
