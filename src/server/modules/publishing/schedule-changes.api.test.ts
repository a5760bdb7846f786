import { describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { createFactories } from '@testing/factories';
import { addPost } from '@testing/month-posts';
import { waitForJob } from '@testing/generation-helpers';
import { createTestClock } from '@testing/test-clock';
import { read } from '@testing/test-client';
import { deliveryOf, scheduledPost, tickAt, userWithWebhook } from '@testing/publishing-helpers';
import { useWebhookPublishing } from '@testing/use-publishing';

const clock = createTestClock('2031-05-20T08:00:00Z');
const { server, receiver } = useWebhookPublishing(clock);
/** The texts the receiver was sent, in order. */
const sentTexts = () =>
  receiver()
    .posts()
    .map((item) => item.body.data.text);

describe('changes before the time', () => {
  it('delivers the text as edited after scheduling', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-10', '09:00');
    const post = (await read(client.api.posts[':postId'].$get({ param: { postId } }))).body;
    expect(
      (await read(client.api.posts[':postId'].$patch({ param: { postId }, json: { version: post.version, content: 'Edited: open late on Thursdays.' } })))
        .status,
    ).toBe(200);
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    expect(sentTexts()).toEqual(['Edited: open late on Thursdays.']);
  });

  it('sends a scheduled post moved to another day on that day', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-10', '10:00');
    const post = (await read(client.api.posts[':postId'].$get({ param: { postId } }))).body;
    expect((await read(client.api.posts[':postId'].$patch({ param: { postId }, json: { version: post.version, date: '2031-06-12T12:00:00Z' } }))).status).toBe(
      200,
    );
    await tickAt(server(), clock, '2031-06-10T10:00:00Z');
    expect(receiver().posts()).toHaveLength(0);
    expect((await deliveryOf(client, postId)).dueAt).toBe('2031-06-12T10:00:00.000Z');
    await tickAt(server(), clock, '2031-06-12T10:00:00Z');
    expect(receiver().posts()).toHaveLength(1);
  });

  it('sends nothing once the post is unscheduled, and shows it cancelled', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-10', '11:00');
    expect((await read(client.api.posts[':postId'].schedule.$delete({ param: { postId } }))).body).toMatchObject({ status: 'draft' });
    await tickAt(server(), clock, '2031-06-10T11:00:00Z');
    expect(receiver().posts()).toHaveLength(0);
    expect((await deliveryOf(client, postId)).status).toBe('cancelled');
  });

  it('sends nothing for a deleted post, and sends it at its time again after an undo', async () => {
    const client = await userWithWebhook(server(), receiver());
    const deleted = await scheduledPost(client, '2031-06-11', '10:00');
    const undone = await scheduledPost(client, '2031-06-12', '10:00');
    for (const postId of [deleted, undone]) {
      const { version } = (await read(client.api.posts[':postId'].$get({ param: { postId } }))).body;
      expect((await read(client.api.posts[':postId'].$delete({ param: { postId }, json: { version } }))).status).toBe(200);
    }
    expect((await read(client.api.posts[':postId'].restore.$post({ param: { postId: undone }, json: {} }))).status).toBe(200);
    await tickAt(server(), clock, '2031-06-11T10:00:00Z');
    await tickAt(server(), clock, '2031-06-12T10:00:00Z');
    expect(
      receiver()
        .posts()
        .map((delivery) => delivery.body.data.postId),
    ).toEqual([undone]);
    expect((await deliveryOf(client, undone)).status).toBe('published');
  });

  it('keeps the posts it has sent, is sending or will send when their month is generated again, and replaces drafts and unscheduled posts', async () => {
    const client = await userWithWebhook(server(), receiver());
    const sent = await scheduledPost(client, '2031-06-10', '09:00', { content: 'Sent' });
    const sending = await scheduledPost(client, '2031-06-10', '09:01');
    const waiting = await scheduledPost(client, '2031-06-11', '09:00', { content: 'Waiting' });
    const unscheduled = await scheduledPost(client, '2031-06-12', '09:00');
    expect((await read(client.api.posts[':postId'].schedule.$delete({ param: { postId: unscheduled } }))).status).toBe(200);
    const draft = (await addPost(client, { date: '2031-06-13' }, { targetId: '2031-6', day: () => '2031-06-13' })).id;
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    await createFactories(server().database.db).claimDelivery(sending, '2031-06-10T09:03:00Z');
    clock.set('2031-06-10T09:02:00Z'); // every post was last touched before the new job starts
    const started = await read(
      client.api.months[':id'].generation.$post({ param: { id: '2031-6' }, json: { strategy: DEFAULT_STRATEGY, replaceExisting: true } }),
    );
    expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
    expect(await waitForJob(client, started.body.job.id)).toMatchObject({ status: 'succeeded', kept: 3 });
    const ids = (await read(client.api.months[':id'].$get({ param: { id: '2031-6' } }))).body.posts.map((post) => post.id);
    expect(ids).toEqual(expect.arrayContaining([sent, sending, waiting]));
    expect(ids).not.toContain(unscheduled);
    expect(ids).not.toContain(draft);
    expect((await deliveryOf(client, sent)).status).toBe('published');
    expect((await deliveryOf(client, sending)).status).toBe('publishing');
    await tickAt(server(), clock, '2031-06-11T09:00:00Z');
    expect(sentTexts()).toEqual(['Sent', 'Waiting']);
  });

  it('fails with what to do when no connection sends the post’s network', async () => {
    const client = await userWithWebhook(server(), receiver(), ['linkedin']);
    const postId = await scheduledPost(client, '2031-06-10', '12:00');
    await tickAt(server(), clock, '2031-06-10T12:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({
      status: 'failed',
      reason: 'No connection sends Facebook posts. Add one in Settings → Connections, then retry.',
    });
  });
});

describe('downtime', () => {
  it('still sends posts less than PUBLISH_LATE_WINDOW late, and marks older ones missed without sending them', async () => {
    const client = await userWithWebhook(server(), receiver());
    const recent = await scheduledPost(client, '2031-06-15', '09:30', { content: 'Recent' });
    const old = await scheduledPost(client, '2031-06-15', '08:00', { content: 'Old' });
    // The server was down from 07:55 to 10:15.
    await tickAt(server(), clock, '2031-06-15T07:55:00Z');
    await tickAt(server(), clock, '2031-06-15T10:15:00Z');
    expect(sentTexts()).toEqual(['Recent']);
    expect((await deliveryOf(client, recent)).status).toBe('published');
    const missed = await deliveryOf(client, old);
    expect(missed).toMatchObject({ status: 'missed', reason: expect.stringContaining('135 minutes late') });
    expect((await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId: old } }))).status).toBe(200);
    await tickAt(server(), clock, '2031-06-15T10:16:00Z');
    expect((await deliveryOf(client, old)).status).toBe('published');
  });
});

describe('time zones', () => {
  it('sends at 09:00 on the user’s wall clock on both sides of a daylight-saving change', async () => {
    clock.set('2031-03-10T08:00:00Z');
    const client = await userWithWebhook(server(), receiver());
    expect((await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'Europe/Berlin' } }))).status).toBe(200);
    await read(client.api.workspace.$get());
    // Clocks in Berlin go forward on Sunday 30 March 2031: 09:00 is 08:00Z before, 07:00Z after.
    const before = await scheduledPost(client, '2031-03-29', '09:00', { content: 'Before' });
    const after = await scheduledPost(client, '2031-03-31', '09:00', { content: 'After' });
    expect((await deliveryOf(client, before)).dueAt).toBe('2031-03-29T08:00:00.000Z');
    expect((await deliveryOf(client, after)).dueAt).toBe('2031-03-31T07:00:00.000Z');
    await tickAt(server(), clock, '2031-03-29T07:59:00Z');
    expect(receiver().posts()).toHaveLength(0);
    await tickAt(server(), clock, '2031-03-29T08:00:00Z');
    await tickAt(server(), clock, '2031-03-31T06:59:00Z');
    expect(sentTexts()).toEqual(['Before']);
    await tickAt(server(), clock, '2031-03-31T07:00:00Z');
    expect(sentTexts()).toEqual(['Before', 'After']);
  });

  it('sends a post scheduled at a time New York’s clocks skip an hour later, and one at a time they repeat at its first occurrence', async () => {
    clock.set('2027-03-01T12:00:00Z');
    const client = await userWithWebhook(server(), receiver());
    expect((await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'America/New_York' } }))).status).toBe(200);
    // 02:30 on 14 March 2027 does not exist in New York (02:00 EST jumps to 03:00 EDT): it goes out at 03:30 EDT.
    const skipped = await scheduledPost(client, '2027-03-14', '02:30', { content: 'Skipped hour' });
    expect((await deliveryOf(client, skipped)).dueAt).toBe('2027-03-14T07:30:00.000Z');
    await tickAt(server(), clock, '2027-03-14T07:29:00Z');
    expect(receiver().posts()).toHaveLength(0);
    await tickAt(server(), clock, '2027-03-14T07:30:00Z');
    expect(sentTexts()).toEqual(['Skipped hour']);

    clock.set('2027-11-01T12:00:00Z');
    await read(client.api.workspace.$get());
    // 01:30 on 7 November 2027 happens twice (EDT, then EST): it goes out at the first, 05:30Z.
    const repeated = await scheduledPost(client, '2027-11-07', '01:30', { content: 'Repeated hour' });
    expect((await deliveryOf(client, repeated)).dueAt).toBe('2027-11-07T05:30:00.000Z');
    await tickAt(server(), clock, '2027-11-07T05:30:00Z');
    expect(sentTexts()).toEqual(['Skipped hour', 'Repeated hour']);
  });

  it('moves a waiting post to the same wall-clock time when the user changes time zone', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-20', '09:00', { content: 'Zoned' });
    expect((await deliveryOf(client, postId)).dueAt).toBe('2031-06-20T09:00:00.000Z');
    expect((await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'America/New_York' } }))).status).toBe(200);
    // 09:00 in New York in June (daylight saving time) is 13:00Z.
    expect((await deliveryOf(client, postId)).dueAt).toBe('2031-06-20T13:00:00.000Z');
    await tickAt(server(), clock, '2031-06-20T09:00:00Z');
    expect(receiver().posts()).toHaveLength(0);
    await tickAt(server(), clock, '2031-06-20T13:00:00Z');
    expect(sentTexts()).toEqual(['Zoned']);
  });
});
