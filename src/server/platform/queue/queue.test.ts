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

  it('drops a job sent with the key of one still waiting or running, and takes the key again once it is done', async () => {
    const queue = createInProcessQueue(log);
    const finishers: (() => void)[] = [];
    const runs: string[] = [];
    await queue.work<{ n: number }>('keyed', async (job) => {
      runs.push(job.id);
      await new Promise<void>((resolve) => finishers.push(resolve));
    });
    const first = await queue.send('keyed', { n: 1 }, { singletonKey: 'a' });
    expect(first).toEqual(expect.any(String));
    expect(await queue.send('keyed', { n: 2 }, { singletonKey: 'a' })).toBeNull();
    expect(await queue.send('keyed', { n: 3 }, { singletonKey: 'b' })).toEqual(expect.any(String));
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    finishers.forEach((finish) => finish());
    await vi.waitFor(async () => expect(await queue.send('keyed', { n: 4 }, { singletonKey: 'a' })).toEqual(expect.any(String)));
    await queue.stop();
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
