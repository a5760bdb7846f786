import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../compose';
import { createTestClock } from '@testing/test-clock';
import { TEST_DB_KIND } from '@testing/test-database';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';
import { deliveryOf, scheduledPost, secondInstance, tickAt, userWithWebhook } from '@testing/publishing-helpers';
import { createDeliveryRepository } from './delivery-repository';
import type { TestClient } from '@testing/test-client';

// Many posts due at once on several workers: claims that do not collide, and accounts limited one by one.
const clock = createTestClock('2031-05-20T08:00:00Z');
let server: TestServer;
let instanceB: Services;
let closeB: () => Promise<void>;
let receivers: WebhookReceiver[];

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
  receivers = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
});
afterEach(async () => Promise.all(receivers.map((receiver) => receiver.close())));

/** `count` posts of one user due at `time` on `date`. */
async function duePosts(client: TestClient, date: string, time: string, count: number) {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) ids.push(await scheduledPost(client, date, time, { content: `Post ${n} of the burst.` }));
  return ids;
}

describe('claims by workers at the same moment', () => {
  it('gives two claimers running at once a full batch each, of different deliveries', async () => {
    const client = await userWithWebhook(server, receivers[0]!);
    await duePosts(client, '2031-06-10', '09:00', 10);
    const due = '2031-06-10T09:00:00.000Z';
    const lease = '2031-06-10T09:02:00.000Z';
    const [first, second] = await Promise.all([
      createDeliveryRepository(server.database.db).claimDue('worker-a', due, lease, 4),
      createDeliveryRepository(server.database.db).claimDue('worker-b', due, lease, 4),
    ]);
    expect(first).toHaveLength(4);
    expect(second).toHaveLength(4);
    expect(new Set([...first, ...second].map((row) => row.id)).size).toBe(8);
  });

  it.runIf(TEST_DB_KIND === 'postgres')("takes the next rows at once while another worker's claim still holds its own (SKIP LOCKED)", async () => {
    const client = await userWithWebhook(server, receivers[0]!);
    await duePosts(client, '2031-06-11', '09:00', 10);
    const due = '2031-06-11T09:00:00.000Z';
    const lease = '2031-06-11T09:02:00.000Z';
    const { first, second } = await server.database.db.transaction().execute(async (trx) => {
      // The first claim's transaction stays open, holding its rows, while the second claims.
      const first = await createDeliveryRepository(trx).claimDue('worker-a', due, lease, 4);
      const second = await server.database.db.transaction().execute(async (other) => {
        // Waiting on the first claim's rows would be the collision this test is about: fail instead of hanging.
        await sql`SET LOCAL lock_timeout = '5s'`.execute(other);
        return createDeliveryRepository(other).claimDue('worker-b', due, lease, 4);
      });
      return { first, second };
    });
    expect(first).toHaveLength(4);
    expect(second).toHaveLength(4);
    expect(new Set([...first, ...second].map((row) => row.id)).size).toBe(8);
    expect(first.every((row) => row.leaseOwner?.startsWith('worker-a/'))).toBe(true);
    expect(second.every((row) => row.leaseOwner?.startsWith('worker-b/'))).toBe(true);
  });
});

describe('a rate-limited account', () => {
  it("waits for its own window on every worker without a request or an attempt, while another account's post goes at its time", async () => {
    const [limitedReceiver, otherReceiver] = receivers as [WebhookReceiver, WebhookReceiver];
    const limited = await userWithWebhook(server, limitedReceiver);
    const other = await userWithWebhook(server, otherReceiver);
    const first = await scheduledPost(limited, '2031-06-12', '09:00');
    const second = await scheduledPost(limited, '2031-06-12', '09:01');
    const onTime = await scheduledPost(other, '2031-06-12', '09:01');
    limitedReceiver.reply({ status: 429, headers: { 'retry-after': '120' } });

    await tickAt(server, clock, '2031-06-12T09:00:00Z');
    expect(await deliveryOf(limited, first)).toMatchObject({ status: 'scheduled', nextAttemptAt: '2031-06-12T09:02:00.000Z', attempts: 1 });

    // Another worker claims the account's next post and puts it back for the window's end, unsent.
    clock.set('2031-06-12T09:01:00Z');
    expect(await instanceB.publisher.deliverDue()).toMatchObject({ published: 1, retrying: 1 });
    expect(limitedReceiver.posts()).toHaveLength(1);
    expect(await deliveryOf(limited, second)).toMatchObject({
      status: 'scheduled',
      nextAttemptAt: '2031-06-12T09:02:00.000Z',
      attempts: 0,
      reason: expect.stringContaining('slow down'),
    });
    expect(otherReceiver.posts()).toHaveLength(1);
    expect(await deliveryOf(other, onTime)).toMatchObject({ status: 'published', attempts: 1 });

    await tickAt(server, clock, '2031-06-12T09:02:00Z');
    expect(limitedReceiver.posts()).toHaveLength(3);
    expect(await deliveryOf(limited, first)).toMatchObject({ status: 'published', attempts: 2 });
    expect(await deliveryOf(limited, second)).toMatchObject({ status: 'published', attempts: 1 });
  });
});
