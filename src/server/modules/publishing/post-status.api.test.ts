import { describe, expect, it } from 'vitest';
import { RESTORABLE_FOR_MS } from '@shared/schemas/post-actions';
import { createTestClock } from '@testing/test-clock';
import { errorOf, read, type TestClient } from '@testing/test-client';
import { deliveryOf, scheduledPost, tickAt, userWithWebhook } from '@testing/publishing-helpers';
import { useWebhookPublishing } from '@testing/use-publishing';

/** A post's status, network and time are its delivery's: they follow it through every change. */
const clock = createTestClock('2031-05-20T08:00:00Z');
const { server, receiver } = useWebhookPublishing(clock);

const postOf = async (client: TestClient, postId: string) => (await read(client.api.posts[':postId'].$get({ param: { postId } }))).body;
const inMonth = async (client: TestClient, postId: string) =>
  (await read(client.api.months[':id'].$get({ param: { id: '2031-6' } }))).body.posts.find((post) => post.id === postId);

describe('a post’s status follows its delivery', () => {
  it('is scheduled once scheduled, a draft once unscheduled, and scheduled again at a new time', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-10', '09:00');
    const scheduled = { status: 'scheduled', scheduledPlatform: 'facebook', scheduledTime: '09:00' };
    expect(await postOf(client, postId)).toMatchObject(scheduled);
    expect(await inMonth(client, postId)).toMatchObject(scheduled);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled', dueAt: '2031-06-10T09:00:00.000Z' });

    const unscheduled = await read(client.api.posts[':postId'].schedule.$delete({ param: { postId } }));
    expect(unscheduled.body).toMatchObject({ status: 'draft', scheduledPlatform: null, scheduledTime: null });
    expect(await inMonth(client, postId)).toMatchObject({ status: 'draft', scheduledPlatform: null, scheduledTime: null });
    expect((await deliveryOf(client, postId)).status).toBe('cancelled');

    const again = await read(client.api.posts[':postId'].schedule.$put({ param: { postId }, json: { platform: 'linkedin', time: '17:45' } }));
    expect(again.body).toMatchObject({ status: 'scheduled', scheduledPlatform: 'linkedin', scheduledTime: '17:45' });
  });

  it('stays scheduled, at its network and time, once its delivery is published, and cannot be unscheduled then', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-10', '09:00');
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('published');
    const published = { status: 'scheduled', scheduledPlatform: 'facebook', scheduledTime: '09:00' };
    expect(await postOf(client, postId)).toMatchObject(published);
    expect(await inMonth(client, postId)).toMatchObject(published);

    const refused = await read(client.api.posts[':postId'].schedule.$delete({ param: { postId } }));
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('already_published');
    expect(await postOf(client, postId)).toMatchObject(published);
    expect((await deliveryOf(client, postId)).status).toBe('published');
  });

  it('keeps the time of day when the post moves to another day or the user to another zone', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-10', '10:30');
    const { version } = await postOf(client, postId);
    await read(client.api.posts[':postId'].$patch({ param: { postId }, json: { version, date: '2031-06-12T12:00:00Z' } }));
    expect(await postOf(client, postId)).toMatchObject({ status: 'scheduled', scheduledTime: '10:30' });
    expect((await deliveryOf(client, postId)).dueAt).toBe('2031-06-12T10:30:00.000Z');
    expect((await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'Asia/Tokyo' } }))).status).toBe(200);
    expect(await postOf(client, postId)).toMatchObject({ status: 'scheduled', scheduledTime: '10:30' });
    expect((await deliveryOf(client, postId)).dueAt).toBe('2031-06-12T01:30:00.000Z');
  });

  it('comes back from a deletion with its published delivery and log as they were', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-10', '09:00');
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    const before = await read(client.api.posts[':postId'].delivery.$get({ param: { postId } }));
    const post = await postOf(client, postId);
    expect((await read(client.api.posts[':postId'].$delete({ param: { postId }, json: { version: post.version } }))).status).toBe(200);
    const restored = await read(client.api.posts[':postId'].restore.$post({ param: { postId }, json: {} }));
    expect(restored.body).toEqual(post);
    expect((await read(client.api.posts[':postId'].delivery.$get({ param: { postId } }))).body).toEqual(before.body);
    expect(receiver().posts()).toHaveLength(1);
  });

  it('comes back from a deletion undone after its time scheduled but missed, and is not sent', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-05-20', '08:00');
    const post = await postOf(client, postId);
    // Deleted a moment before its time, brought back just after it.
    clock.set('2031-05-20T07:59:50Z');
    expect((await read(client.api.posts[':postId'].$delete({ param: { postId }, json: { version: post.version } }))).status).toBe(200);
    clock.set(new Date(Date.parse('2031-05-20T07:59:50Z') + RESTORABLE_FOR_MS - 1000).toISOString());
    expect((await read(client.api.posts[':postId'].restore.$post({ param: { postId }, json: {} }))).body).toMatchObject({
      status: 'scheduled',
      scheduledTime: '08:00',
    });
    await tickAt(server(), clock, '2031-05-20T08:01:00Z');
    expect(receiver().posts()).toHaveLength(0);
    expect((await deliveryOf(client, postId)).status).toBe('missed');
  });
});
