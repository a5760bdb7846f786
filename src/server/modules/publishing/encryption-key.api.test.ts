import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '@testing/test-clock';
import { errorOf, read } from '@testing/test-client';
import { createTestDatabase, databaseEnv, type TestDatabase } from '@testing/test-database';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';
import { deliveryOf, scheduledPost, tickAt, userWithWebhook } from '@testing/publishing-helpers';

const clock = createTestClock('2031-05-20T08:00:00Z');
const UNREADABLE =
  "The saved credentials of this connection can no longer be read: the server's encryption key (ENCRYPTION_KEY) changed since it was added. Remove the connection in Settings → Connections and add it again.";

let database: TestDatabase;
let receiver: WebhookReceiver;
let restarted: TestServer | undefined;

/** The server on one database that outlives it, so a restart finds what the last run stored. */
function serverWithKey(encryptionKey: string) {
  return startTestServer(
    {
      DATA_DIR: database.dataDir,
      ...databaseEnv(database.database),
      ENCRYPTION_KEY: encryptionKey,
      PUBLISH_ALLOW_PRIVATE_URLS: 'true',
    },
    {},
    { now: clock.now },
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await restarted?.close();
  await receiver.close();
  await database.drop();
});

describe('a server restarted with another ENCRYPTION_KEY', () => {
  it('answers Send test with what to do, and fails a due post at once with the reason instead of retrying', async () => {
    const first = await serverWithKey('first-key-first-key-first-key-0123456789');
    const client = await userWithWebhook(first, receiver);
    const postId = await scheduledPost(client, '2031-06-12', '13:00');
    const [connection] = (await read(client.api.connections.$get())).body;
    await first.close();

    restarted = await serverWithKey('other-key-other-key-other-key-0123456789');
    const again = client.copyFor(restarted.url);
    const tested = await read(again.api.connections[':connectionId'].test.$post({ param: { connectionId: connection!.id } }));
    expect([tested.status, errorOf(tested)]).toEqual([409, { code: 'connection_unreadable', message: UNREADABLE }]);

    const turn = await tickAt(restarted, clock, '2031-06-12T13:00:00Z');
    expect(turn).toMatchObject({ failed: 1, retrying: 0 });
    expect(await deliveryOf(again, postId)).toMatchObject({ status: 'failed', attempts: 1, reason: `Not sent. ${UNREADABLE} Then retry this post.` });
    await tickAt(restarted, clock, '2031-06-12T14:00:00Z');
    expect((await deliveryOf(again, postId)).attempts).toBe(1);
    expect(receiver.posts()).toEqual([]);
  });
});
