import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardedClient, read } from '@testing/test-client';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { startTestServer, type TestServer } from '@testing/test-server';

const { day } = nextMonthTarget();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('analytics', () => {
  it('counts the content mix of the user’s own posts', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const a = await addPost(client, { date: day(1), platform: 'facebook', type: 'image' });
    await addPost(client, { date: day(2), platform: 'facebook', type: 'text' });
    const c = await addPost(client, { date: day(20), platform: 'twitter', type: 'video' });
    await read(client.api.posts[':postId'].schedule.$put({ param: { postId: a.id }, json: { platform: 'facebook', time: '09:00' } }));
    await read(client.api.posts[':postId'].$patch({ param: { postId: c.id }, json: { version: 1, content: 'Edited by hand' } }));
    const other = await onboardedClient(server.url);
    await read(other.api.workspace.$get());
    await addPost(other, {});
    const { body } = await read(client.api.analytics.$get());
    expect(body.totalPosts).toBe(3);
    expect(body.months).toBe(1);
    expect(body.perPlatform).toEqual([
      { key: 'facebook', count: 2 },
      { key: 'twitter', count: 1 },
      { key: 'instagram', count: 0 },
      { key: 'linkedin', count: 0 },
    ]);
    await addPost(client, { date: day(21), platform: 'mastodon', type: 'text' });
    expect((await read(client.api.analytics.$get())).body.perPlatform.slice(4)).toEqual([{ key: 'mastodon', count: 1 }]);
    expect(body.perType).toEqual([
      { key: 'text', count: 1 },
      { key: 'image', count: 1 },
      { key: 'video', count: 1 },
      { key: 'carousel', count: 0 },
    ]);
    expect(body.perWeek.reduce((sum: number, week: { count: number }) => sum + week.count, 0)).toBe(3);
    expect(body.status).toEqual({ scheduled: 1, draft: 2 });
    expect(body.editing).toEqual({ edited: 1, asGenerated: 2 });
  });
});

describe('feedback', () => {
  it('stores a message with an optional rating', async () => {
    const client = await onboardedClient(server.url);
    expect((await client.api.feedback.$post({ json: { message: 'Love the calendar', rating: 4 } })).status).toBe(201);
    expect((await client.api.feedback.$post({ json: { message: 'No rating' } })).status).toBe(201);
    const rows = await server.database.db
      .selectFrom('feedback')
      .select(['message', 'rating'])
      .where('userId', '=', client.userId)
      .orderBy('createdAt')
      .execute();
    expect(rows).toEqual([
      { message: 'Love the calendar', rating: 4 },
      { message: 'No rating', rating: null },
    ]);
  });

  it.each([[{ message: '' }], [{ message: '   ' }], [{ message: 'x'.repeat(2001) }], [{ message: 'ok', rating: 6 }], [{ message: 'ok', rating: 2.5 }]])(
    'refuses %o with 400',
    async (body) => {
      const client = await onboardedClient(server.url);
      expect((await read(client.api.feedback.$post({ json: body }))).status).toBe(400);
    },
  );
});
