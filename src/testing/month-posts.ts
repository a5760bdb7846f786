import { expect } from 'vitest';
import { currentMonth, dayOfMonth, monthId, nextMonth } from '@shared/domain/months';
import { read, type TestClient, type TypedApi } from './test-client';

/** Next month in UTC (always writable), its id, and its day `n` as YYYY-MM-DD. */
export function nextMonthTarget(now = new Date()) {
  const target = nextMonth(currentMonth(now, 'UTC'));
  const targetId = monthId(target);
  const day = (n: number) => dayOfMonth(target, n);
  return { target, targetId, day };
}

/** A hand-written post as `POST /api/months/:id/posts` takes it (mode 'manual'). */
export type ManualPost = Omit<Extract<Parameters<TypedApi['months'][':id']['posts']['$post']>[0]['json'], { mode: 'manual' }>, 'mode'>;

/** Adds a hand-written post through the API: to the next month unless `target` says otherwise, on its day 5 unless `fields` does. */
export async function addPost(
  client: TestClient,
  fields: Partial<ManualPost> = {},
  { targetId, day }: { targetId: string; day: (n: number) => string } = nextMonthTarget(),
) {
  const response = await read(
    client.api.months[':id'].posts.$post({
      param: { id: targetId },
      json: { mode: 'manual', date: day(5), platform: 'facebook', type: 'text', content: 'Hello', hashtags: [], ...fields },
    }),
  );
  expect(response.status).toBe(201);
  return response.body;
}
