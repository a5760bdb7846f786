import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, previousMonth } from '@shared/domain/months';
import { createFactories } from '@testing/factories';
import { onboardedClient, read } from '@testing/test-client';
import { addPost } from '@testing/month-posts';
import { startTestServer, type TestServer } from '@testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('scheduling', () => {
  it('schedules a post for a platform and time, and unschedules it', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const post = await addPost(client, {});
    const scheduled = await read(client.api.posts[':postId'].schedule.$put({ param: { postId: post.id }, json: { platform: 'instagram', time: '09:00' } }));
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledPlatform: 'instagram', scheduledTime: '09:00', version: post.version });
    const unscheduled = await read(client.api.posts[':postId'].schedule.$delete({ param: { postId: post.id } }));
    expect(unscheduled.body).toMatchObject({ status: 'draft', scheduledPlatform: null, scheduledTime: null });
  });

  it.each([[{ platform: 'myspace', time: '09:00' }], [{ platform: 'facebook', time: '9am' }], [{ platform: 'facebook', time: '24:00' }]])(
    'refuses %o with 400',
    async (body) => {
      const client = await onboardedClient(server.url);
      await read(client.api.workspace.$get());
      const post = await addPost(client, {});
      expect((await client.put(`/api/posts/${post.id}/schedule`, body)).status).toBe(400);
      expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.status).toBe('draft');
    },
  );

  it('refuses archived months and other users', async () => {
    const client = await onboardedClient(server.url);
    const past = previousMonth(currentMonth(new Date(), 'UTC'));
    await createFactories(server.database.db).month(client.userId, past);
    const { id } = await createFactories(server.database.db).post(client.userId, past, {
      date: `${past.year}-${String(past.month).padStart(2, '0')}-02T12:00:00Z`,
      platform: 'facebook',
      content: 'Old',
    });
    expect((await read(client.api.posts[':postId'].schedule.$put({ param: { postId: id }, json: { platform: 'facebook', time: '09:00' } }))).status).toBe(409);
    const bob = await onboardedClient(server.url);
    expect((await read(bob.api.posts[':postId'].schedule.$put({ param: { postId: id }, json: { platform: 'facebook', time: '09:00' } }))).status).toBe(404);
    expect((await bob.api.months[':id']['export.csv'].$get({ param: { id: monthId(past) } })).status).toBe(404);
  });
});
