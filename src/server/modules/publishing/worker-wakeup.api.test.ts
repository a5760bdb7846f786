import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../compose';
import { createTestClock } from '@testing/test-clock';
import { read } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';
import { deliveryOf, receivedCount, recorded, scheduledPost, secondInstance, userWithWebhook } from '@testing/publishing-helpers';

// Instance A is the test server (it takes the requests, its worker never runs); instance B is a second
// set of services on the same database whose worker runs on its own, woken by its timer on the TestClock.
const clock = createTestClock('2031-05-20T08:00:00Z');
let server: TestServer;
let receiver: WebhookReceiver;
let instanceB: Services;
let closeB: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now });
  ({ services: instanceB, close: closeB } = await secondInstance(server, clock));
  instanceB.publisher.start();
});
afterAll(async () => {
  await closeB();
  await server.close();
});
beforeEach(async () => (receiver = await startWebhookReceiver()));
afterEach(async () => receiver.close());

/** Waits (briefly, in real time) for B's worker to be set to wake at `at`: the notification travels between connections. */
async function bWakesAt(at: string) {
  const deadline = Date.now() + 5_000;
  while (instanceB.publisher.wakeAt()?.toISOString() !== new Date(at).toISOString() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(instanceB.publisher.wakeAt()?.toISOString()).toBe(new Date(at).toISOString());
}

/** Moves the clock to `at`: B's worker takes its idle look and sets itself 30 s on, nothing being due sooner. */
async function clockAt(at: string) {
  clock.set(at);
  await bWakesAt(new Date(Date.parse(at) + 30_000).toISOString());
}

// B looks at the database at least every 30 s; a post scheduled (or moved, or retried) for a time
// sooner than B's next look is seen only through the notification, which these tests check.
describe("a worker's wake-up", () => {
  it('delivers a post scheduled through instance A at its time from instance B, whose worker the schedule woke', async () => {
    const client = await userWithWebhook(server, receiver);
    await clockAt('2031-06-10T08:59:40Z');
    const postId = await scheduledPost(client, '2031-06-10', '09:00');
    await bWakesAt('2031-06-10T09:00:00Z');

    clock.set('2031-06-10T08:59:59Z');
    expect(receiver.posts()).toHaveLength(0);
    clock.set('2031-06-10T09:00:00Z');
    await receivedCount(receiver, 1);
    expect(receiver.posts()[0]!.body.data.postId).toBe(postId);
    const delivery = await recorded(client, postId);
    expect(delivery).toMatchObject({ status: 'published', attempts: 1 });
    expect(delivery.log).toEqual([expect.objectContaining({ outcome: 'published', at: '2031-06-10T09:00:00.000Z' })]);
  });

  it('sets the timer again when a schedule moves earlier, and sends nothing at the old time of one moved later', async () => {
    const client = await userWithWebhook(server, receiver);
    await clockAt('2031-06-11T09:29:40Z');
    const earlier = await scheduledPost(client, '2031-06-11', '10:00');
    expect((await read(client.api.posts[':postId'].schedule.$put({ param: { postId: earlier }, json: { platform: 'facebook', time: '09:30' } }))).status).toBe(
      200,
    );
    await bWakesAt('2031-06-11T09:30:00Z');
    clock.set('2031-06-11T09:30:00Z');
    await receivedCount(receiver, 1);
    expect((await recorded(client, earlier)).log).toEqual([expect.objectContaining({ outcome: 'published', at: '2031-06-11T09:30:00.000Z' })]);

    await clockAt('2031-06-11T11:59:40Z');
    const later = await scheduledPost(client, '2031-06-11', '12:00');
    await bWakesAt('2031-06-11T12:00:00Z');
    expect((await read(client.api.posts[':postId'].schedule.$put({ param: { postId: later }, json: { platform: 'facebook', time: '13:00' } }))).status).toBe(
      200,
    );
    // B wakes at the old time, finds nothing due, and looks again within its idle wake-up.
    clock.set('2031-06-11T12:00:00Z');
    await bWakesAt('2031-06-11T12:00:30Z');
    expect(receiver.posts()).toHaveLength(1);
    expect(await deliveryOf(client, later)).toMatchObject({ status: 'scheduled', dueAt: '2031-06-11T13:00:00.000Z' });
    clock.set('2031-06-11T13:00:00Z');
    await receivedCount(receiver, 2);
    expect((await recorded(client, later)).log).toEqual([expect.objectContaining({ outcome: 'published', at: '2031-06-11T13:00:00.000Z' })]);
  });

  it('sends a retry asked for on instance A at once from instance B, without waiting for a turn', async () => {
    const client = await userWithWebhook(server, receiver);
    const postId = await scheduledPost(client, '2031-06-12', '09:00');
    receiver.reply({ status: 401 });
    clock.set('2031-06-12T09:00:00Z');
    await receivedCount(receiver, 1);
    expect((await recorded(client, postId)).status).toBe('failed');
    await clockAt('2031-06-12T09:10:00Z');
    expect((await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }))).status).toBe(200);
    // The clock does not move: only the notification can have woken B.
    await receivedCount(receiver, 2);
    expect((await recorded(client, postId)).log.map((entry: { outcome: string }) => entry.outcome)).toEqual(['failed', 'published']);
  });
});
