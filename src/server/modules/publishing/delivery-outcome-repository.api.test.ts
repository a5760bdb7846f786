import type { KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock } from '@testing/test-clock';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';
import { scheduledPost, userWithWebhook } from '@testing/publishing-helpers';
import type { TestClient } from '@testing/test-client';
import { createDeliveryRepository } from './delivery-repository';
import type { AttemptEnd, DeliveryRow } from './delivery-row';

// A group commit of many outcomes (a burst's sends ending together) written with a fixed number of statements.
const clock = createTestClock('2031-07-01T08:00:00Z');
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now });
});
afterAll(async () => server.close());
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => receiver.close());

/** A repository whose every statement is counted (BEGIN and COMMIT are not statements here). */
function countedRepository() {
  const counter = { statements: 0 };
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.statements++;
      return args.result;
    },
  };
  return { repository: createDeliveryRepository(server.database.db.withPlugin(counting)), counter };
}

async function claimed(client: TestClient, date: string, count: number): Promise<DeliveryRow[]> {
  for (let n = 0; n < count; n++) await scheduledPost(client, date, '09:00', { content: `Post ${n} of the burst.` });
  return createDeliveryRepository(server.database.db).claimDue('worker-a', `${date}T09:00:00.000Z`, `${date}T09:02:00.000Z`, count);
}

const published = (row: DeliveryRow, at: string): AttemptEnd => ({
  row,
  change: { status: 'published', liveUrl: `https://social.example/p/${row.id}`, reason: null, finishedAt: at, connectionId: null },
  attempt: { at, outcome: 'published', detail: 'The webhook accepted it (200).' },
});

describe('outcomes recorded together', () => {
  it('writes 30 outcomes of different kinds with three statements, each with its own change and log line', async () => {
    const client = await userWithWebhook(server, receiver);
    const rows = await claimed(client, '2031-07-02', 30);
    expect(rows).toHaveLength(30);
    const at = '2031-07-02T09:00:01.000Z';
    const retryAt = '2031-07-02T09:01:01.000Z';
    const ends = rows.map((row, n) =>
      n % 10 === 9
        ? {
            row,
            change: { status: 'scheduled', nextAttemptAt: retryAt, reason: 'The webhook had trouble (503).', connectionId: null },
            attempt: { at, outcome: 'retry' as const, detail: 'The webhook had trouble (503).' },
          }
        : published(row, at),
    );
    const { repository, counter } = countedRepository();

    expect(await repository.finish(ends)).toEqual(rows.map(() => true));
    // One UPDATE per kind of change (published, retried) and one INSERT for all the log lines, not two statements per delivery.
    expect(counter.statements).toBe(3);
    const after = await server.database.db
      .selectFrom('deliveries')
      .selectAll()
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    for (const [n, row] of rows.entries()) {
      const saved = after.find((item) => item.id === row.id)!;
      if (n % 10 === 9)
        expect(saved).toMatchObject({
          status: 'scheduled',
          nextAttemptAt: retryAt,
          liveUrl: null,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: at,
          attempts: 1,
        });
      else
        expect(saved).toMatchObject({
          status: 'published',
          liveUrl: `https://social.example/p/${row.id}`,
          reason: null,
          finishedAt: at,
          leaseOwner: null,
          attempts: 1,
        });
    }
    const lines = await server.database.db
      .selectFrom('delivery_attempts')
      .select(['deliveryId', 'outcome'])
      .where(
        'deliveryId',
        'in',
        rows.map((row) => row.id),
      )
      .where('at', '=', at)
      .execute();
    expect(lines).toHaveLength(30);
    expect(lines.filter((line) => line.outcome === 'retry')).toHaveLength(3);
  });

  it('records an end only while its own claim holds the delivery, also when one batch names a delivery twice', async () => {
    const client = await userWithWebhook(server, receiver);
    const [mine, other] = (await claimed(client, '2031-07-03', 2)) as [DeliveryRow, DeliveryRow];
    const at = '2031-07-03T09:00:01.000Z';
    const stale = { ...other, leaseOwner: 'worker-z/an-older-claim' };
    const { repository } = countedRepository();

    // The stale claim's end comes first and must not take the place of the current claim's.
    expect(await repository.finish([published(mine, at), published(stale, at), published(other, at)])).toEqual([true, false, true]);
    const lines = await server.database.db
      .selectFrom('delivery_attempts')
      .select('deliveryId')
      .where('deliveryId', 'in', [mine.id, other.id])
      .where('outcome', '=', 'published')
      .execute();
    expect(lines.map((line) => line.deliveryId).sort()).toEqual([mine.id, other.id].sort());
    // Already recorded: a second end of the same claim changes nothing.
    expect(await repository.finish([published(mine, at)])).toEqual([false]);
  });
});
