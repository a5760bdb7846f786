import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSlots } from '@shared/domain/slot-planner';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { ALREADY_RUNNING } from './generation-service';
import type { FakeOpenAI } from '@testing/fake-openai-server';
import { startServerWithFakeModel, stopServerWithFakeModel } from '@testing/fake-model-server';
import { createTestClock } from '@testing/test-clock';
import { onboardedClient, type TestClient, read, errorOf } from '@testing/test-client';
import { waitForJob } from '@testing/generation-helpers';
import type { TestServer } from '@testing/test-server';

/** The strategy sent with a start is saved only together with the job it starts. */
const clock = createTestClock('2031-01-15T12:00:00.000Z');
const MONTH = { year: 2031, month: 1 };
const MONTH_ID = '2031-1';
const FIRST_TAB: Strategy = { ...DEFAULT_STRATEGY, postFrequency: 1, preferredDays: ['Monday'], keyThemes: 'First tab' };
const SECOND_TAB: Strategy = {
  ...DEFAULT_STRATEGY,
  postFrequency: 5,
  preferredDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  keyThemes: 'Second tab',
};

let ai: FakeOpenAI;
let server: TestServer;
beforeAll(async () => {
  ({ ai, server } = await startServerWithFakeModel({ timeoutMs: 10_000, maxRetries: 0 }, { now: clock.now }));
});
afterAll(() => stopServerWithFakeModel({ ai, server }));

/** Keeps the first job running (the model does not answer) until the returned function is called. */
function holdTheModel(): () => void {
  ai.script({ hold: true });
  return () => ai.script({ hold: false });
}

const start = (client: TestClient, strategy: Strategy) => read(client.api.months[':id'].generation.$post({ param: { id: MONTH_ID }, json: { strategy } }));

describe('starting a generation', () => {
  it('leaves the strategy untouched when a second start is refused because one is running', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const release = holdTheModel();
    const first = await start(client, FIRST_TAB);
    expect(first.status).toBe(202);
    const second = await start(client, SECOND_TAB);
    expect(second.status).toBe(409);
    expect(errorOf(second)).toEqual({ code: 'generation_running', message: ALREADY_RUNNING });
    expect((await read(client.api.months[':id'].$get({ param: { id: MONTH_ID } }))).body.strategy).toEqual(FIRST_TAB);
    release();
    expect((await waitForJob(client, first.body.job.id)).status).toBe('succeeded');
    expect((await read(client.api.months[':id'].$get({ param: { id: MONTH_ID } }))).body.strategy).toEqual(FIRST_TAB);
  });

  it('keeps the accepted job’s strategy when two tabs start at the same moment', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const release = holdTheModel();
    const answers = await Promise.all([start(client, FIRST_TAB), start(client, SECOND_TAB)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const winner = answers[0]!.status === 202 ? 0 : 1;
    const accepted = [FIRST_TAB, SECOND_TAB][winner]!;
    const job = answers[winner]!.body.job;
    expect(job.planned).toBe(planSlots({ ...MONTH, strategy: accepted }).length);
    expect(errorOf(answers[1 - winner]!)).toEqual({ code: 'generation_running', message: ALREADY_RUNNING });
    expect((await read(client.api.months[':id'].$get({ param: { id: MONTH_ID } }))).body.strategy).toEqual(accepted);
    release();
    expect((await waitForJob(client, job.id)).status).toBe('succeeded');
    const month = (await read(client.api.months[':id'].$get({ param: { id: MONTH_ID } }))).body;
    expect(month.strategy).toEqual(accepted);
    expect(month.posts).toHaveLength(job.planned);
  });
});
