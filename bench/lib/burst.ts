import { TestClient, read } from '@testing/test-client';
import type { WebhookReceiver } from '@testing/webhook-receiver';

/** A new signed-up user on `serverUrl` with one webhook connection to `receiver`, for Facebook posts; the receiver checks its signatures. */
export async function userWithWebhook(serverUrl: string, receiver: WebhookReceiver): Promise<{ client: TestClient; email: string }> {
  const client = new TestClient(serverUrl);
  const email = `bench-${Date.now()}@example.com`;
  await client.signUp(email);
  await read(client.api.profile.skip.$post());
  await read(client.api.workspace.$get());
  const created = await read(client.api.connections.$post({ json: { kind: 'webhook', name: 'Bench', url: `${receiver.url}/hook`, networks: ['facebook'] } }));
  receiver.useSecret(created.body.signingSecret!);
  return { client, email };
}

/** The first whole minute at least `leadMs` away: when the burst is due, its date, month and time of day. */
export function dueMinute(leadMs: number) {
  const due = Math.ceil((Date.now() + leadMs) / 60_000) * 60_000;
  const dueIso = new Date(due).toISOString();
  const date = dueIso.slice(0, 10);
  return { due, dueIso, date, monthId: `${date.slice(0, 4)}-${Number(date.slice(5, 7))}`, time: dueIso.slice(11, 16) };
}

/** Writes one Facebook post on `date` and schedules it at `time` (UTC); answers its id. */
export async function scheduledBenchPost(client: TestClient, at: { monthId: string; date: string; time: string }, content: string): Promise<string> {
  const post = await read(
    client.api.months[':id'].posts.$post({ param: { id: at.monthId }, json: { mode: 'manual', date: at.date, platform: 'facebook', type: 'text', content } }),
  );
  if (post.status !== 201) throw new Error(`post: ${post.status} ${JSON.stringify(post.body)}`);
  const scheduled = await read(client.api.posts[':postId'].schedule.$put({ param: { postId: post.body.id }, json: { platform: 'facebook', time: at.time } }));
  if (scheduled.status !== 200) throw new Error(`schedule: ${scheduled.status}`);
  return post.body.id;
}
