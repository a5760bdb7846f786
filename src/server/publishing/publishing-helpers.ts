import { expect } from 'vitest';
import { addPost, type ManualPost } from '../testing/month-posts';
import type { TestClock } from '../testing/test-clock';
import { onboardedClient, read, type TestClient, type TypedApi } from '../testing/test-client';
import type { TestServer } from '../testing/test-server';
import type { WebhookReceiver } from '../testing/webhook-receiver';

/** The networks a connection publishes, as `POST /api/connections` takes them. */
type Networks = Parameters<TypedApi['connections']['$post']>[0]['json']['networks'];

/** A signed-in user whose `networks` go out through a webhook to `receiver` (which learns its secret). */
export async function userWithWebhook(server: TestServer, receiver: WebhookReceiver, networks: Networks = ['facebook']) {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  const created = await read(client.api.connections.$post({ json: { kind: 'webhook', name: 'Our n8n', url: `${receiver.url}/hook`, networks } }));
  expect(created.status).toBe(201);
  const secret = created.body.signingSecret;
  if (!secret) throw new Error('a webhook connection answers with its signing secret');
  receiver.useSecret(secret);
  return client;
}

/** A post on `date` (YYYY-MM-DD) scheduled for `time` on `platform`. */
export async function scheduledPost(
  client: TestClient,
  date: string,
  time: string,
  fields: Partial<ManualPost> = {},
  platform: ManualPost['platform'] = 'facebook',
) {
  const target = { targetId: `${date.slice(0, 4)}-${Number(date.slice(5, 7))}`, day: () => date };
  const created = await addPost(client, { date, platform, content: 'Our new opening hours start Monday.', hashtags: ['#dental'], ...fields }, target);
  const scheduled = await read(client.api.posts[':postId'].schedule.$put({ param: { postId: created.id }, json: { platform, time } }));
  expect(scheduled.status).toBe(200);
  return created.id;
}

/** One worker turn with the clock at `at`. */
export function tickAt(server: TestServer, clock: TestClock, at: string) {
  clock.set(at);
  return server.services.publisher.deliverDue();
}

export async function deliveryOf(client: TestClient, postId: string) {
  const response = await read(client.api.posts[':postId'].delivery.$get({ param: { postId } }));
  expect(response.status).toBe(200);
  return response.body;
}
