import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../compose';
import { createFactories } from '@testing/factories';
import { createTestClock } from '@testing/test-clock';
import { read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';
import { LAPSED_REASON } from './engine';
import { deliveryOf, receivedCount, recorded, scheduledPost, secondInstance, tickAt, userWithWebhook } from '@testing/publishing-helpers';

// Instance A is the test server: its worker does not run, tests call its turns, and its time limits run
// on real timers (as in production: a clock moved by hand is a process that stalled). Instance B is
// another process on the same database whose timer (wake-ups and time limits) is the TestClock's.
// A lease is 2 minutes; a send's time limit is three quarters of it.
const clock = createTestClock('2031-05-20T08:00:00Z');
let server: TestServer;
let instanceB: Services;
let closeB: () => Promise<void>;
let slow: WebhookReceiver;
let other: WebhookReceiver;

beforeAll(async () => {
  server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now });
  ({ services: instanceB, close: closeB } = await secondInstance(server, clock));
});
afterAll(async () => {
  await closeB();
  await server.close();
});
beforeEach(async () => {
  clock.set('2031-05-20T08:00:00Z');
  [slow, other] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
});
afterEach(async () => {
  await instanceB.publisher.stop();
  await Promise.all([slow.close(), other.close()]);
});

const retryNow = (client: TestClient, postId: string) => read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }));

describe('a slow receiver', () => {
  it("sends another user's post at its time while a slow receiver holds a lane", async () => {
    const slowUser = await userWithWebhook(server, slow);
    const otherUser = await userWithWebhook(server, other);
    const held = await scheduledPost(slowUser, '2031-06-10', '09:00');
    const onTime = await scheduledPost(otherUser, '2031-06-10', '09:01');
    const release = slow.hold();
    clock.set('2031-06-10T08:59:50Z');
    instanceB.publisher.start();
    clock.set('2031-06-10T09:00:00Z');
    await receivedCount(slow, 1);

    clock.set('2031-06-10T09:01:00Z');
    await receivedCount(other, 1);
    expect(await recorded(otherUser, onTime)).toMatchObject({
      status: 'published',
      log: [expect.objectContaining({ outcome: 'published', at: '2031-06-10T09:01:00.000Z' })],
    });
    expect((await deliveryOf(slowUser, held)).status).toBe('publishing');
    release();
    expect(await recorded(slowUser, held)).toMatchObject({ status: 'published', attempts: 1 });
  });

  it("ends a send the receiver holds past the delivery's time limit as unknown, recorded by its own worker before its lease lapses", async () => {
    const client = await userWithWebhook(server, slow);
    const postId = await scheduledPost(client, '2031-06-11', '09:00');
    slow.hold();
    clock.set('2031-06-11T08:59:50Z');
    instanceB.publisher.start();
    clock.set('2031-06-11T09:00:00Z');
    await receivedCount(slow, 1);

    clock.set('2031-06-11T09:01:29Z');
    expect((await deliveryOf(client, postId)).status).toBe('publishing');
    clock.set('2031-06-11T09:01:30Z');
    const delivery = await recorded(client, postId);
    expect(delivery).toMatchObject({ status: 'unknown', reason: expect.stringContaining('time limit') });
    expect(delivery.log).toEqual([expect.objectContaining({ outcome: 'unknown', at: '2031-06-11T09:01:30.000Z' })]);
  });
});

describe('a send that outlives its lease', () => {
  /** A sends the post and the receiver holds it; the clock passes A's lease, and B's turn writes it off as unknown. */
  async function writtenOffWhileSending(day: string) {
    const client = await userWithWebhook(server, slow);
    const postId = await scheduledPost(client, day, '09:00');
    const release = slow.hold();
    clock.set(`${day}T09:00:00Z`);
    const sending = server.services.publisher.deliverDue();
    await receivedCount(slow, 1);
    clock.set(`${day}T09:02:01Z`);
    expect((await instanceB.publisher.deliverDue()).unknown).toBe(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'unknown', reason: LAPSED_REASON });
    return { client, postId, release, sending };
  }

  it('records a success that arrives after its lease was written off: published, with its live link', async () => {
    const { client, postId, release, sending } = await writtenOffWhileSending('2031-06-12');
    clock.set('2031-06-12T09:02:30Z');
    release();
    await sending;
    const delivery = await deliveryOf(client, postId);
    expect(delivery).toMatchObject({ status: 'published', reason: null, liveUrl: `https://social.example/p/${slow.posts()[0]!.id}` });
    expect(delivery.log).toEqual([
      expect.objectContaining({ outcome: 'unknown', detail: LAPSED_REASON }),
      { outcome: 'published', at: '2031-06-12T09:02:30.000Z', detail: 'This attempt ended after it was marked unknown: The webhook accepted it (200).' },
    ]);
  });

  it('refuses Retry now and a new schedule while the written-off attempt may still be under way, so the receiver never gets the post twice', async () => {
    const { client, postId, release, sending } = await writtenOffWhileSending('2031-06-13');
    const refused = await retryNow(client, postId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'delivery_in_flight', message: expect.stringContaining('may still be under way') } });
    // Scheduling it again would send it as a new delivery: refused too.
    const moved = await read(client.api.posts[':postId'].schedule.$put({ param: { postId }, json: { platform: 'facebook', time: '09:05' } }));
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ error: { code: 'delivery_in_flight' } });
    await instanceB.publisher.deliverDue();
    expect(slow.posts()).toHaveLength(1);

    release();
    await sending;
    expect((await deliveryOf(client, postId)).status).toBe('published');
    await instanceB.publisher.deliverDue();
    expect(slow.posts()).toHaveLength(1);
  });

  it('allows Retry now a lease after the write-off when the worker that was sending never reports', async () => {
    const client = await userWithWebhook(server, slow);
    const postId = await scheduledPost(client, '2031-06-14', '15:00');
    await createFactories(server.database.db).claimDelivery(postId, '2031-06-14T15:02:00.000Z');
    await tickAt(server, clock, '2031-06-14T15:03:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('unknown');
    clock.set('2031-06-14T15:05:00Z');
    expect((await retryNow(client, postId)).status).toBe(409);

    clock.set('2031-06-14T15:05:01Z');
    expect((await retryNow(client, postId)).status).toBe(200);
    await tickAt(server, clock, '2031-06-14T15:05:02Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', attempts: 1 });
    expect(slow.posts()).toHaveLength(1);
  });
});
