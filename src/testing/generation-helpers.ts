import { read, type TestClient } from './test-client';

/** Polls a job until it is no longer running; the test's own time-out bounds the wait. */
export async function waitForJob(client: TestClient, jobId: string) {
  for (;;) {
    const { body } = await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId } }));
    if (body.job.status !== 'running') return body.job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until `check` holds, polling; the test's own time-out bounds the wait. */
export async function waitUntil(check: () => boolean | Promise<boolean>, intervalMs = 20): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
