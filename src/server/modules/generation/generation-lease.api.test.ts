import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { planSlots } from '@shared/domain/slot-planner';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import type { FakeOpenAI } from '@testing/fake-openai-server';
import { startServerWithFakeModel, stopServerWithFakeModel } from '@testing/fake-model-server';
import { waitForJob, waitUntil } from '@testing/generation-helpers';
import { onboardedClient, type TestClient, read } from '@testing/test-client';
import { createTestClock } from '@testing/test-clock';
import { TEST_DB_KIND } from '@testing/test-database';
import type { TestServer } from '@testing/test-server';
import { MONTH_ARCHIVED_REASON } from './generation-runner';
import { LEASE_LAPSED_REASON } from './job-lease';

const STRATEGY: Strategy = { ...DEFAULT_STRATEGY, postFrequency: 2, preferredDays: ['Tuesday', 'Thursday'] };
const LEASE_MS = 60_000;
const clock = createTestClock(new Date(), { tickMs: 1 });
const target = nextMonth(currentMonth(clock.now(), 'UTC'));
const targetId = monthId(target);
afterEach(() => clock.set(new Date()));

/** The database refuses to change any job's status, as when it goes away just as a job ends. */
async function refuseJobStatusWrites(server: TestServer) {
  const db = server.database.db;
  if (TEST_DB_KIND === 'sqlite') {
    await sql`CREATE TRIGGER refuse_job_status BEFORE UPDATE OF status ON generation_jobs BEGIN SELECT RAISE(ABORT, 'database unavailable'); END`.execute(db);
  } else {
    await sql`CREATE FUNCTION refuse_job_status() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'database unavailable'; END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER refuse_job_status BEFORE UPDATE OF status ON generation_jobs FOR EACH ROW EXECUTE FUNCTION refuse_job_status()`.execute(db);
  }
  return async () => {
    await sql`DROP TRIGGER refuse_job_status${TEST_DB_KIND === 'sqlite' ? sql`` : sql` ON generation_jobs`}`.execute(db);
  };
}

async function start(client: TestClient, replaceExisting = false) {
  return read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: STRATEGY, replaceExisting } }));
}

describe('a running job holds its month only while its lease lasts', () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    // No heartbeat fires during these tests: only the commit's own check stands between a lapsed job and the month.
    ({ ai, server } = await startServerWithFakeModel(
      { timeoutMs: 30_000, retryDelayMs: 10 },
      { now: clock.now, jobLease: { durationMs: LEASE_MS, renewEveryMs: 3_600_000 } },
    ));
  });
  afterAll(() => stopServerWithFakeModel({ ai, server }));

  it('a job whose end could not be saved expires with its lease, and the month can be generated again', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const allow = await refuseJobStatusWrites(server);
    const stuck = (await start(client)).body.job;
    // Both the commit and the follow-up "failed" write are refused: the runner gives up on the job.
    await waitUntil(() => server.services.runner.runningCount() === 0);
    await allow();
    expect(server.logLines.some((line) => line.includes('generation.finish-failed') && line.includes(stuck.id))).toBe(true);
    expect((await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: stuck.id } }))).body.job.status).toBe('running');
    expect((await start(client)).status).toBe(409);

    clock.advance(LEASE_MS + 1000);
    const expired = (await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: stuck.id } }))).body.job;
    expect(expired).toMatchObject({ status: 'failed', error: LEASE_LAPSED_REASON });
    expect((await read(client.api.months[':id'].generation.$get({ param: { id: targetId } }))).body.job).toMatchObject({ id: stuck.id, status: 'failed' });
    // Several tabs try at once: the lapsed job is ended and exactly one new job takes the month.
    const answers = await Promise.all(Array.from({ length: 4 }, () => start(client)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409, 409]);
    const again = answers.find((answer) => answer.status === 202)!;
    expect(await waitForJob(client, again.body.job.id)).toMatchObject({ status: 'succeeded' });
    expect((await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: stuck.id } }))).body.job).toMatchObject({
      status: 'failed',
      error: LEASE_LAPSED_REASON,
    });
  });

  it('a job that outlived its lease cannot save over the job that took its month', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    ai.script({ hold: ['month'] });
    const old = (await start(client)).body.job;
    clock.advance(LEASE_MS + 1000);
    const next = await start(client);
    expect(next.status).toBe(202);
    ai.script({ hold: false });
    expect(await waitForJob(client, next.body.job.id)).toMatchObject({ status: 'succeeded' });
    await waitUntil(() => server.services.runner.runningCount() === 0);
    expect((await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: old.id } }))).body.job).toMatchObject({
      status: 'failed',
      error: LEASE_LAPSED_REASON,
    });
    // Only the second job's posts: the first one's were never saved beside them.
    expect((await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts).toHaveLength(
      planSlots({ ...target, strategy: STRATEGY }).length,
    );
  });

  it('a job that outlived its lease saves nothing, even when no other job took its month', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    ai.script({ hold: ['month'] });
    const { job } = (await start(client)).body;
    clock.advance(LEASE_MS + 1000);
    // Clients were already told it failed: a late result must not turn it into a success.
    expect((await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } }))).body.job.status).toBe('failed');
    ai.script({ hold: false });
    await waitUntil(() => server.services.runner.runningCount() === 0);
    expect((await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } }))).body.job).toMatchObject({
      status: 'failed',
      error: LEASE_LAPSED_REASON,
    });
    expect((await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body).toMatchObject({ contentGenerated: false, posts: [] });
  });

  it('refuses to save a month that was archived while it was being written (the month turned)', async () => {
    const client = await onboardedClient(server.url);
    // The last minute of a month in the user's zone: the current month is still writable.
    clock.set('2031-01-31T23:59:30Z');
    await read(client.api.workspace.$get());
    ai.script({ hold: ['month'] });
    const started = await read(client.api.months[':id'].generation.$post({ param: { id: '2031-1' }, json: { strategy: STRATEGY } }));
    expect(started.status).toBe(202);
    clock.advance(40_000); // 00:00:10 on 1 February: January is archived, and the lease still holds.
    ai.script({ hold: false });
    const job = await waitForJob(client, started.body.job.id);
    expect(job).toMatchObject({ status: 'failed', error: MONTH_ARCHIVED_REASON, kept: 0 });
    expect((await read(client.api.months[':id'].$get({ param: { id: '2031-1' } }))).body).toMatchObject({ archived: true, contentGenerated: false, posts: [] });
  });
});

describe('the heartbeat renews the lease while the runner works', () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    ({ ai, server } = await startServerWithFakeModel(
      { timeoutMs: 30_000, retryDelayMs: 10 },
      { now: clock.now, jobLease: { durationMs: LEASE_MS, renewEveryMs: 20 } },
    ));
  });
  afterAll(() => stopServerWithFakeModel({ ai, server }));

  const leaseOf = async (jobId: string) =>
    (await server.database.db.selectFrom('generation_jobs').select('leaseUntil').where('id', '=', jobId).executeTakeFirstOrThrow()).leaseUntil!;

  it('keeps a long job alive past its first lease', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    ai.script({ hold: ['month'] });
    const { job } = (await start(client)).body;
    for (let step = 0; step < 3; step++) {
      clock.advance(LEASE_MS * 0.6);
      // A renewal after the jump reaches past a full lease from it; one from before does not.
      const afterJump = new Date(clock.now().getTime() + LEASE_MS).toISOString();
      await waitUntil(async () => (await leaseOf(job.id)) > afterJump);
    }
    // 108 s after the start, 48 s past the first lease: still the month's job.
    expect((await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } }))).body.job.status).toBe('running');
    expect((await start(client)).status).toBe(409);
    ai.script({ hold: false });
    expect(await waitForJob(client, job.id)).toMatchObject({ status: 'succeeded' });
  });

  it('stops the writer of a job whose lease lapsed before a heartbeat could renew it', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    ai.script({ hold: ['month'] });
    const { job } = (await start(client)).body;
    clock.advance(LEASE_MS + 1000);
    // The model is still holding its reply: the runner stops on its own, it does not wait for it.
    await waitUntil(() => server.services.runner.runningCount() === 0);
    ai.script({ hold: false });
    expect((await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: job.id } }))).body.job).toMatchObject({
      status: 'failed',
      error: LEASE_LAPSED_REASON,
    });
    expect((await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts).toEqual([]);
  });
});
