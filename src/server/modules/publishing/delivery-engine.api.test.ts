import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TINY_PNG } from '@testing/fixtures';
import { createTestClock } from '@testing/test-clock';
import { errorOf, read } from '@testing/test-client';
import { PUBLISHING_NOW_MESSAGE } from '../posts/schedule-service';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';
import { deliveryOf, scheduledPost, tickAt, userWithWebhook } from '@testing/publishing-helpers';

// A fixed month far ahead, so every post is in an open month whatever today is.
const clock = createTestClock('2031-05-20T08:00:00Z');
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now, publishTimeoutMs: 5_000 });
});
afterAll(async () => server.close());
beforeEach(async () => {
  clock.set('2031-05-20T08:00:00Z');
  receiver = await startWebhookReceiver();
});
afterEach(async () => receiver.close());

/** The JSON example under `<!-- payload-example -->` in docs/publishing.md. */
function documentedPayload(): unknown {
  const doc = readFileSync(new URL('../../../../docs/publishing.md', import.meta.url), 'utf8');
  const block = doc.split('<!-- payload-example -->')[1]!.split('```json')[1]!.split('```')[0]!;
  return JSON.parse(block);
}

/** A value's shape: its fields and their types, arrays by their first item. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return [shape(value[0])];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  return typeof value;
}

describe('delivery on time', () => {
  it('sends a scheduled post once at its time, signed, with its media alt text, and shows it published with its log', async () => {
    const client = await userWithWebhook(server, receiver);
    const postId = await scheduledPost(client, '2031-06-10', '09:00');
    const uploaded = await client.uploadMedia(postId, TINY_PNG, 'photo.png');
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body.media[0]!.url.split('/').pop()!;
    expect((await client.patch(`/api/library/${fileId}`, { altText: 'The new opening hours on the door' })).status).toBe(200);
    expect((await deliveryOf(client, postId)).status).toBe('scheduled');

    await tickAt(server, clock, '2031-06-10T08:59:59Z');
    expect(receiver.posts()).toHaveLength(0);
    await tickAt(server, clock, '2031-06-10T09:00:00Z');
    await tickAt(server, clock, '2031-06-10T09:05:00Z');

    const [sent, ...more] = receiver.posts();
    expect(more).toHaveLength(0);
    expect(sent!.signed).toBe(true);
    expect(sent!.body.data).toMatchObject({
      postId,
      network: 'facebook',
      postType: 'text',
      text: 'Our new opening hours start Monday.',
      hashtags: ['#dental'],
      scheduledFor: '2031-06-10T09:00:00.000Z',
    });
    expect(sent!.body.data.media).toEqual([expect.objectContaining({ type: 'image', alt: 'The new opening hours on the door' })]);
    // docs/publishing.md shows this payload: same fields, same types.
    expect(shape(sent!.body)).toEqual(shape(documentedPayload()));
    // The media link works without a session, and not once its signature is changed.
    const link = sent!.body.data.media[0].url as string;
    const media = await fetch(link);
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer())).toEqual(TINY_PNG);
    // One character of the signature changed (to another one: a random signature may start with any).
    const tampered = link.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(link);
    expect((await fetch(tampered)).status).toBe(404);

    const delivery = await deliveryOf(client, postId);
    expect(delivery).toMatchObject({ status: 'published', attempts: 1, liveUrl: `https://social.example/p/${sent!.id}` });
    expect(delivery.log).toEqual([expect.objectContaining({ outcome: 'published', at: '2031-06-10T09:00:00.000Z' })]);
    expect((await read(client.api.deliveries.$get({ query: { monthId: '2031-6' } }))).body).toEqual([
      expect.objectContaining({ postId, status: 'published', monthId: '2031-6', excerpt: 'Our new opening hours start Monday.' }),
    ]);
    expect((await read(client.api.analytics.$get())).body.publishing).toEqual({ published: 1, failed: 0 });
  });

  it("serves a delivery's media link until it expires on the server's clock, and not a second after", async () => {
    const client = await userWithWebhook(server, receiver);
    const postId = await scheduledPost(client, '2031-06-15', '09:00');
    expect((await client.uploadMedia(postId, TINY_PNG, 'photo.png')).status).toBe(201);
    await tickAt(server, clock, '2031-06-15T09:00:00Z');
    const media = receiver.posts()[0]!.body.data.media[0] as { url: string; expiresAt: string };
    expect(media.expiresAt).toBe('2031-06-16T09:00:00.000Z');
    clock.set('2031-06-16T09:00:00Z');
    expect((await fetch(media.url)).status).toBe(200);
    clock.set('2031-06-16T09:00:01Z');
    const expired = await fetch(media.url);
    expect(expired.status).toBe(404);
    expect((await expired.json()).error.message).toBe('This media link has expired or is not valid.');
  });

  it('delivers each due post exactly once when two workers run at the same moment', async () => {
    const client = await userWithWebhook(server, receiver);
    const ids = [];
    for (let n = 0; n < 12; n++) ids.push(await scheduledPost(client, '2031-06-11', '10:00', { content: `Post ${n}` }));
    const { createServices } = await import('../../compose');
    const { createWriter } = await import('../../ai/create-writer');
    const other = createServices(server.database, {
      writer: createWriter({ kind: 'offline' }),
      log: (await import('../../platform/logger')).createLogger('silent'),
      mediaDir: server.dataDir,
      publicUrl: server.url,
      now: clock.now,
      publishing: server.config.publishing,
    });
    clock.set('2031-06-11T10:00:00Z');
    await Promise.all([server.services.publisher.deliverDue(), other.publisher.deliverDue(), server.services.publisher.deliverDue()]);
    const sent = receiver.posts().map((item) => item.body.data.postId);
    expect(sent.sort()).toEqual([...ids].sort());
  });
});

describe('retries', () => {
  it('retries after a 503 with the same webhook-id and publishes', async () => {
    const client = await userWithWebhook(server, receiver);
    const postId = await scheduledPost(client, '2031-06-12', '09:00');
    receiver.reply({ status: 503 });
    await tickAt(server, clock, '2031-06-12T09:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled', attempts: 1, nextAttemptAt: '2031-06-12T09:01:00.000Z' });
    await tickAt(server, clock, '2031-06-12T09:00:30Z');
    expect(receiver.posts()).toHaveLength(1);
    await tickAt(server, clock, '2031-06-12T09:01:00Z');
    const [first, second] = receiver.posts();
    expect(second!.id).toBe(first!.id);
    const delivery = await deliveryOf(client, postId);
    expect(delivery.status).toBe('published');
    expect(delivery.log.map((entry: { outcome: string }) => entry.outcome)).toEqual(['retry', 'published']);
  });

  it('waits as long as a 429 Retry-After asks before trying again', async () => {
    const client = await userWithWebhook(server, receiver);
    const postId = await scheduledPost(client, '2031-06-12', '11:00');
    receiver.reply({ status: 429, headers: { 'retry-after': '600' } });
    await tickAt(server, clock, '2031-06-12T11:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled', nextAttemptAt: '2031-06-12T11:10:00.000Z' });
    await tickAt(server, clock, '2031-06-12T11:09:59Z');
    expect(receiver.posts()).toHaveLength(1);
    await tickAt(server, clock, '2031-06-12T11:10:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('published');
  });

  it('gives up after a bounded number of attempts, with the reason', async () => {
    const client = await userWithWebhook(server, receiver);
    const postId = await scheduledPost(client, '2031-06-12', '13:00');
    for (let n = 0; n < 6; n++) receiver.reply({ status: 500 });
    for (const at of ['13:00', '13:01', '13:06', '13:21', '13:51', '14:21', '15:00']) await tickAt(server, clock, `2031-06-12T${at}:00Z`);
    expect(receiver.posts()).toHaveLength(5);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'failed', attempts: 5, reason: expect.stringContaining('Gave up after 5 attempts') });
    expect((await read(client.api.analytics.$get())).body.publishing).toEqual({ published: 0, failed: 1 });
  });

  it('stops at a 401 with the reason in words, and sends again only when the user retries', async () => {
    const client = await userWithWebhook(server, receiver);
    const postId = await scheduledPost(client, '2031-06-13', '09:00');
    receiver.reply({ status: 401, body: 'secret internal detail' });
    await tickAt(server, clock, '2031-06-13T09:00:00Z');
    await tickAt(server, clock, '2031-06-13T10:00:00Z');
    const failed = await deliveryOf(client, postId);
    expect(failed).toMatchObject({ status: 'failed', reason: expect.stringContaining('refused our credentials (401)') });
    expect(JSON.stringify(failed)).not.toContain('secret internal detail');
    expect(receiver.posts()).toHaveLength(1);

    expect((await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }))).status).toBe(200);
    await tickAt(server, clock, '2031-06-13T10:00:01Z');
    expect((await deliveryOf(client, postId)).status).toBe('published');
    expect(new Set(receiver.posts().map((item) => item.id)).size).toBe(1);
  });
});

describe('outcomes that cannot be known', () => {
  it('marks a post unknown when the receiver hangs up after the request, never re-sends it by itself, and lets the user confirm', async () => {
    const client = await userWithWebhook(server, receiver);
    const postId = await scheduledPost(client, '2031-06-14', '09:00');
    receiver.reply({ hangUp: true });
    await tickAt(server, clock, '2031-06-14T09:00:00Z');
    await tickAt(server, clock, '2031-06-14T12:00:00Z');
    expect(receiver.posts()).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'unknown', reason: expect.stringContaining('confirm it or retry') });
    const confirmed = await read(client.api.posts[':postId'].delivery.confirm.$post({ param: { postId } }));
    expect(confirmed.body).toMatchObject({ status: 'published' });
    expect(confirmed.body.log.map((entry) => entry.outcome)).toEqual(['unknown', 'confirmed']);
    const again = await read(client.api.posts[':postId'].delivery.confirm.$post({ param: { postId } }));
    expect([again.status, errorOf(again).code]).toEqual([409, 'delivery_not_confirmable']);
    const retried = await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }));
    expect([retried.status, errorOf(retried).code]).toEqual([409, 'delivery_not_retryable']);
  });

  it('writes off a delivery whose worker stopped mid-send as unknown once its lease lapses', async () => {
    const client = await userWithWebhook(server, receiver);
    const postId = await scheduledPost(client, '2031-06-14', '15:00');
    const { createFactories } = await import('@testing/factories');
    await createFactories(server.database.db).claimDelivery(postId, '2031-06-14T15:02:00.000Z');
    await tickAt(server, clock, '2031-06-14T15:01:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('publishing');
    const unscheduled = await read(client.api.posts[':postId'].schedule.$delete({ param: { postId } }));
    expect(errorOf(unscheduled)).toEqual({ code: 'delivery_in_flight', message: PUBLISHING_NOW_MESSAGE });
    const post = await read(client.api.posts[':postId'].$get({ param: { postId } }));
    const deleted = await read(client.api.posts[':postId'].$delete({ param: { postId }, json: { version: post.body.version } }));
    expect([deleted.status, errorOf(deleted)]).toEqual([409, { code: 'delivery_in_flight', message: PUBLISHING_NOW_MESSAGE }]);
    await tickAt(server, clock, '2031-06-14T15:03:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'unknown', reason: expect.stringContaining('server stopped') });
    expect(receiver.posts()).toHaveLength(0);
  });
});
