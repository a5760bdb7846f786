import { describe, expect, it } from 'vitest';
import { planBatchCount, splitEvenly } from './index';

const base = { batchSize: 10, concurrency: 4, sharedTokens: 330, slotTokens: 123, maxPromptOverhead: 0.3 };

describe('planBatchCount', () => {
  it('splits a full month into as many batches as run at once', () => {
    expect(planBatchCount({ ...base, slots: 31 })).toBe(4);
    expect(planBatchCount({ ...base, slots: 28 })).toBe(4);
  });

  it('uses fewer batches when the repeated prompt would cost more than the allowed overhead', () => {
    // 14 slots: one request would be 330 + 14 * 123 = 2052 tokens; 30% of that pays for one more prompt only.
    expect(planBatchCount({ ...base, slots: 14 })).toBe(2);
    expect(planBatchCount({ ...base, slots: 3 })).toBe(1);
    expect(planBatchCount({ ...base, slots: 7, sharedTokens: 1 })).toBe(1); // batches of fewer than 4 slots are not worth it
    expect(planBatchCount({ ...base, slots: 31, sharedTokens: 3000 })).toBe(4); // batchSize still caps a request at 10 slots
    expect(planBatchCount({ ...base, slots: 31, sharedTokens: 3000, batchSize: 40 })).toBe(1);
  });

  it('never exceeds the concurrency unless batchSize forces more requests, and never has empty batches', () => {
    expect(planBatchCount({ ...base, slots: 31, concurrency: 2 })).toBe(4);
    expect(planBatchCount({ ...base, slots: 31, concurrency: 2, batchSize: 20 })).toBe(2);
    expect(planBatchCount({ ...base, slots: 2, batchSize: 1, concurrency: 8, sharedTokens: 1 })).toBe(2);
    expect(planBatchCount({ ...base, slots: 45 })).toBe(5);
    expect(planBatchCount({ ...base, slots: 0 })).toBe(0);
  });
});

describe('splitEvenly', () => {
  it('keeps order and makes runs that differ by at most one, longer first', () => {
    const items = Array.from({ length: 31 }, (_item, i) => i);
    const runs = splitEvenly(items, 4);
    expect(runs.map((run) => run.length)).toEqual([8, 8, 8, 7]);
    expect(runs.flat()).toEqual(items);
    expect(splitEvenly([1, 2], 4)).toEqual([[1], [2]]);
    expect(splitEvenly([], 3)).toEqual([]);
  });
});
