import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai-server';
import { waitForJob } from '../generation-helpers';
import { startServerProcess, type ServerProcess } from '../server-process';
import { onboardedClient, read } from '../test-client';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../test-database';

const target = monthId(nextMonth(currentMonth(new Date(), 'UTC')));

let ai: FakeOpenAI;
let testDb: TestDatabase;
const folders: string[] = [];
const instances: Record<'all' | 'web', ServerProcess | undefined> = { all: undefined, web: undefined };

/**
 * An instance whose idle workers poll pg-boss once an hour: a job it or another instance queues can
 * only start within the test's time-out if the send wakes them.
 */
function startInstance(role: 'all' | 'web'): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `planner-wake-${role}-`));
  folders.push(dataDir);
  return startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: (testDb.database as { url: string }).url,
    AI_BASE_URL: ai.url,
    AI_MODEL: 'fake-model',
    AI_REQUESTS_PER_DAY: '1000',
    ROLE: role,
    QUEUE_POLL_SECONDS: '3600',
    LOG_LEVEL: 'info',
  });
}

const ranOn = (jobId: string) =>
  (['all', 'web'] as const).filter((name) => instances[name]?.output().includes(`"event":"generation.start","jobId":"${jobId}"`));

// The vitest time-out (far below the hour-long poll) is what fails these when a job waits for a poll.
describe.skipIf(TEST_DB_KIND !== 'postgres')('queued jobs on PostgreSQL start without waiting for a poll', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    testDb = await createTestDatabase();
    instances.all = await startInstance('all');
    instances.web = await startInstance('web');
  });
  afterAll(async () => {
    for (const server of Object.values(instances)) await server?.stop('SIGKILL');
    await ai.close();
    await testDb.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('runs a generation queued on the instance that works the queue', async () => {
    const client = await onboardedClient(instances.all!.url);
    await read(client.api.workspace.$get());
    const job = (await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY } }))).body.job;
    expect(await waitForJob(client, job.id)).toMatchObject({ status: 'succeeded', written: job.planned });
    expect(ranOn(job.id)).toEqual(['all']);
  });

  it('runs a generation queued on a ROLE=web instance on the instance that works the queue', async () => {
    const client = await onboardedClient(instances.web!.url);
    await read(client.api.workspace.$get());
    const job = (await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY } }))).body.job;
    expect(await waitForJob(client, job.id)).toMatchObject({ status: 'succeeded', written: job.planned });
    expect(ranOn(job.id)).toEqual(['all']);
  });
});
