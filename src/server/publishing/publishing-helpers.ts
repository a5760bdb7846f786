import { expect } from 'vitest';
import type { TestClock } from '../testing/test-clock';
import { onboardedClient, type TestClient } from '../testing/test-client';
import type { TestServer } from '../testing/test-server';
import type { WebhookReceiver } from '../testing/webhook-receiver';

/** A signed-in user whose `networks` go out through a webhook to `receiver` (which learns its secret). */
export async function userWithWebhook(server: TestServer, receiver: WebhookReceiver, networks: string[] = ['facebook']) {
  const client = await onboardedClient(server.url);
  await client.get('/api/workspace');
  const created = await client.post('/api/connections', { kind: 'webhook', name: 'Our n8n', url: `${receiver.url}/hook`, networks });
  expect(created.status).toBe(201);
  receiver.useSecret(created.body.signingSecret);
  return client;
}

/** A post on `date` (YYYY-MM-DD) scheduled for `time` on `platform`. */
export async function scheduledPost(client: TestClient, date: string, time: string, fields: Record<string, unknown> = {}, platform = 'facebook') {
  const created = await client.post(`/api/months/${date.slice(0, 4)}-${Number(date.slice(5, 7))}/posts`, {
    mode: 'manual',
    date,
    platform,
    type: 'text',
    content: 'Our new opening hours start Monday.',
    hashtags: ['#dental'],
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const scheduled = await client.put(`/api/posts/${created.body.id}/schedule`, { platform, time });
  expect(scheduled.status).toBe(200);
  return created.body.id as string;
}

/** One worker turn with the clock at `at`. */
export function tickAt(server: TestServer, clock: TestClock, at: string) {
  clock.set(at);
  return server.services.publisher.deliverDue();
}

export async function deliveryOf(client: TestClient, postId: string) {
  const response = await client.get(`/api/posts/${postId}/delivery`);
  expect(response.status).toBe(200);
  return response.body;
}
