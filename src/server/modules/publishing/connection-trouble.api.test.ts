import { describe, expect, it } from 'vitest';
import { createFactories } from '@testing/factories';
import { createTestClock } from '@testing/test-clock';
import { errorOf, onboardedClient, read, type TestClient, type TypedApi } from '@testing/test-client';
import { deliveryOf, scheduledPost, tickAt, userWithWebhook } from '@testing/publishing-helpers';
import { useWebhookPublishing } from '@testing/use-publishing';
import { addPost } from '@testing/month-posts';

/** A connection known not to work is found out when a post is scheduled or retried, and days before a post's time: never at its minute. */
const clock = createTestClock('2031-05-20T08:00:00Z');
const { server, receiver } = useWebhookPublishing(clock);

type Networks = Parameters<TypedApi['connections']['$post']>[0]['json']['networks'];
const REVOKED = 'The account owner removed the app’s access.';

async function connectionId(client: TestClient, name: string) {
  const list = await read(client.api.connections.$get());
  const found = list.body.find((connection) => connection.name === name);
  if (!found) throw new Error(`no connection named ${name}`);
  return found.id;
}

async function addWebhook(client: TestClient, name: string, networks: Networks) {
  const created = await read(client.api.connections.$post({ json: { kind: 'webhook', name, url: `${receiver().url}/hook`, networks } }));
  expect(created.status).toBe(201);
  return created.body.connection.id;
}

const schedule = (client: TestClient, postId: string, platform: 'facebook' | 'instagram' = 'facebook') =>
  read(client.api.posts[':postId'].schedule.$put({ param: { postId }, json: { platform, time: '09:00' } }));

const atRisk = async (client: TestClient) => {
  const answer = await read(client.api.deliveries['at-risk'].$get());
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('scheduling through a disconnected connection', () => {
  it('is refused in words, with 409 connection_disconnected, and goes through once the connection is reconnected', async () => {
    const client = await userWithWebhook(server(), receiver());
    const id = await connectionId(client, 'Our n8n');
    await createFactories(server().database.db).connectionHealth(id, { health: 'disconnected', healthReason: REVOKED });
    const post = await addPost(client, { date: '2031-06-10', platform: 'facebook', content: 'Summer hours.' }, { targetId: '2031-6', day: () => '2031-06-10' });

    const refused = await schedule(client, post.id);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'connection_disconnected',
      message:
        'Not scheduled: the connection “Our n8n” is disconnected (The account owner removed the app’s access). Reconnect it in Settings → Connections, then schedule this post again.',
    });
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body).toMatchObject({ status: 'draft', scheduledPlatform: null });

    await createFactories(server().database.db).connectionHealth(id, { health: 'healthy', healthReason: null });
    expect((await schedule(client, post.id)).body).toMatchObject({ status: 'scheduled', scheduledPlatform: 'facebook' });
  });

  it('is refused for that post alone in a bulk schedule', async () => {
    const client = await userWithWebhook(server(), receiver());
    await createFactories(server().database.db).connectionHealth(await connectionId(client, 'Our n8n'), { health: 'disconnected', healthReason: REVOKED });
    const target = { targetId: '2031-6', day: () => '2031-06-11' };
    const facebook = await addPost(client, { date: '2031-06-11', platform: 'facebook', content: 'Through the broken connection.' }, target);
    const instagram = await addPost(client, { date: '2031-06-11', platform: 'instagram', content: 'No connection yet: flagged, not refused.' }, target);
    const answer = await read(
      client.api.months[':id'].posts.bulk.$post({
        param: { id: '2031-6' },
        json: { action: 'schedule', time: '10:00', posts: [facebook, instagram].map(({ id, version }) => ({ id, version })) },
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result) => (result.ok ? 'ok' : result.error.code))).toEqual(['connection_disconnected', 'ok']);
  });

  it('refuses a retry while the connection is disconnected, and keeps the post failed with the engine’s reason', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-12', '09:00');
    const id = await connectionId(client, 'Our n8n');
    await createFactories(server().database.db).connectionHealth(id, { health: 'disconnected', healthReason: REVOKED });
    await tickAt(server(), clock, '2031-06-12T09:00:00Z');
    const failed = await deliveryOf(client, postId);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.reason).toContain('the connection “Our n8n” is disconnected');
    expect(receiver().posts()).toHaveLength(0);

    const retried = await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }));
    expect([retried.status, errorOf(retried).code]).toEqual([409, 'connection_disconnected']);
    expect((await deliveryOf(client, postId)).status).toBe('failed');

    await createFactories(server().database.db).connectionHealth(id, { health: 'healthy', healthReason: null });
    const again = await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }));
    expect([again.status, again.body]).toMatchObject([200, { status: 'scheduled' }]);
  });
});

describe("'Needs attention' before a post's time", () => {
  it('lists scheduled posts whose connection is disconnected, missing, or signed in until before their time, with the reason', async () => {
    const factories = createFactories(server().database.db);
    const client = await userWithWebhook(server(), receiver());
    const expiring = await addWebhook(client, 'Shop hook', ['linkedin']);
    const renewable = await addWebhook(client, 'Studio hook', ['threads']);
    const disconnected = await scheduledPost(client, '2031-06-10', '09:00');
    const beforeExpiry = await scheduledPost(client, '2031-05-22', '09:00', {}, 'linkedin');
    const afterExpiry = await scheduledPost(client, '2031-06-10', '10:00', {}, 'linkedin');
    const farAhead = await scheduledPost(client, '2031-06-20', '09:00', {}, 'threads');
    const unrouted = await scheduledPost(client, '2031-06-15', '09:00', {}, 'instagram');
    await factories.connectionHealth(await connectionId(client, 'Our n8n'), { health: 'disconnected', healthReason: REVOKED });
    await factories.connectionHealth(expiring, { tokenExpiresAt: '2031-05-25T00:00:00.000Z' });
    await factories.connectionHealth(renewable, { tokenExpiresAt: '2031-06-05T00:00:00.000Z' });

    const flagged = await atRisk(client);
    expect(flagged.map(({ postId, risk }) => [postId, risk])).toEqual([
      [disconnected, 'disconnected'],
      [afterExpiry, 'expires_first'],
      [unrouted, 'no_connection'],
    ]);
    expect(flagged[0]).toMatchObject({
      status: 'scheduled',
      monthId: '2031-6',
      excerpt: 'Our new opening hours start Monday.',
      riskMessage: expect.stringContaining('the connection “Our n8n” is disconnected (The account owner removed the app’s access)'),
    });
    expect(flagged[1]!.riskMessage).toContain('“Shop hook”');
    expect(flagged[2]!.riskMessage).toBe('No connection sends Instagram posts, so it will not go out. Add one in Settings → Connections before its time.');
    expect(flagged.map((item) => item.postId)).not.toContain(beforeExpiry);

    // A token that would be renewed ahead of its end is not flagged until its renewal is overdue.
    expect(flagged.map((item) => item.postId)).not.toContain(farAhead);
    clock.set('2031-05-30T08:00:00Z');
    expect((await atRisk(client)).find((item) => item.postId === farAhead)?.risk).toBe('expires_first');

    const other = await onboardedClient(server().url);
    expect(await atRisk(other)).toEqual([]);
  });

  it('leaves out posts that are not waiting to go out', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-16', '09:00', {}, 'instagram');
    expect((await atRisk(client)).map((item) => item.postId)).toEqual([postId]);
    await read(client.api.posts[':postId'].schedule.$delete({ param: { postId } }));
    expect(await atRisk(client)).toEqual([]);
  });
});
