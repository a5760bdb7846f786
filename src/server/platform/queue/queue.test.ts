import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { createInProcessQueue, type QueueJob } from './queue';

const log = createLogger('silent');

afterEach(() => {
  vi.useRealTimers();
});

describe('the in-process queue (SQLite, one process)', () => {
  it('runs a job sent before its handler registered once the handler comes, with the data sent', async () => {
    const queue = createInProcessQueue(log);
    const seen: QueueJob<{ n: number }>[] = [];
    await queue.send('numbers', { n: 1 });
    await queue.work<{ n: number }>('numbers', async (job) => void seen.push(job));
    await queue.send('numbers', { n: 2 });
    await vi.waitFor(() => expect(seen.map((job) => job.data.n)).toEqual([1, 2]));
    expect(new Set(seen.map((job) => job.id)).size).toBe(2);
    expect(queue.durable).toBe(false);
  });

  it('retries a failing handler as many times as the job allows, then gives up', async () => {
    const queue = createInProcessQueue(log);
    let attempts = 0;
    await queue.work('flaky', async () => {
      attempts += 1;
      throw new Error('not yet');
    });
    await queue.send('flaky', {}, { retryLimit: 2 });
    await vi.waitFor(() => expect(attempts).toBe(3));
    await queue.send('flaky', {});
    await vi.waitFor(() => expect(attempts).toBe(4));
  });

  it('waits the delay before a retry and before a job sent to start later, and runs nothing once stopped', async () => {
    vi.useFakeTimers();
    const queue = createInProcessQueue(log);
    const runs: string[] = [];
    await queue.work<{ name: string }>('timed', async (job) => {
      runs.push(job.data.name);
      if (job.data.name === 'retried' && runs.filter((name) => name === 'retried').length === 1) throw new Error('once');
    });
    await queue.send('timed', { name: 'retried' }, { retryLimit: 1, retryDelaySeconds: 10 });
    await queue.send('timed', { name: 'later' }, { startAfterSeconds: 5 });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(runs).toEqual(['retried']);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toEqual(['retried', 'later']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual(['retried', 'later', 'retried']);
    await queue.send('timed', { name: 'never' }, { startAfterSeconds: 1 });
    await queue.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).not.toContain('never');
  });
});
