import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { CONNECTIONS_PER_USER } from './connection-service';
import { createTestClock } from '@testing/test-clock';
import { errorOf, onboardedClient, read, TEST_PASSWORD } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';
import { deliveryOf, scheduledPost, tickAt, userWithWebhook } from '@testing/publishing-helpers';

// Real time, so the receiver's standardwebhooks check of the timestamp (five minutes either way) holds.
const clock = createTestClock(new Date(), { tickMs: 1 });
let open: TestServer;
let strict: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  open = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now });
  strict = await startTestServer();
});
afterAll(async () => Promise.all([open.close(), strict.close()]));
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => receiver.close());

describe('connections', () => {
  it('adds a webhook whose secret is shown once, lists it without secrets, renames it, routes networks and removes it', async () => {
    const client = await onboardedClient(open.url);
    const created = await read(
      client.api.connections.$post({
        json: { kind: 'webhook', name: 'Zapier', url: `${receiver.url}/hooks/catch/123/abc?token=t0p`, networks: ['facebook'] },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = created.body.signingSecret!;
    const listed = await read(client.api.connections.$get());
    expect(listed.body).toEqual([expect.objectContaining({ name: 'Zapier', kind: 'webhook', host: new URL(receiver.url).host, networks: ['facebook'] })]);
    for (const hidden of [secret, 'catch/123', 't0p']) expect(JSON.stringify(listed.body)).not.toContain(hidden);

    // Stored sealed: neither the address nor the secret is readable in the database.
    const row = await open.database.db.selectFrom('connections').selectAll().where('id', '=', created.body.connection.id).executeTakeFirstOrThrow();
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain('catch');
    expect(row.credentials).not.toContain(secret.slice(6, 20));

    const second = await read(
      client.api.connections.$post({ json: { kind: 'webhook', name: 'Make', url: `${receiver.url}/make`, networks: ['facebook', 'linkedin'] } }),
    );
    expect((await read(client.api.connections.$get())).body.map((item) => item.networks)).toEqual([[], ['facebook', 'linkedin']]);
    const param = { connectionId: second.body.connection.id };
    const renamed = await read(client.api.connections[':connectionId'].$patch({ param, json: { name: 'Make.com', networks: ['linkedin'] } }));
    expect(renamed.body).toMatchObject({ name: 'Make.com', networks: ['linkedin'] });
    expect((await read(client.api.connections[':connectionId'].$delete({ param }))).body).toEqual({ removed: true });
    expect((await read(client.api.connections.$get())).body).toHaveLength(1);
    expect((await read(client.api.connections[':connectionId'].$delete({ param }))).status).toBe(404);
  });

  it('sends a test that the standardwebhooks package verifies, and says in words when the receiver refuses', async () => {
    const client = await onboardedClient(open.url);
    const created = await read(client.api.connections.$post({ json: { kind: 'webhook', name: 'n8n', url: `${receiver.url}/test`, networks: [] } }));
    const param = { connectionId: created.body.connection.id };
    const secret = created.body.signingSecret!;
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param }));
    expect(tested.body).toEqual({ ok: true, message: 'Test sent. The webhook accepted it (200).' });
    const [sent] = receiver.received;
    const verified = new Webhook(secret).verify(sent!.raw, {
      'webhook-id': sent!.id,
      'webhook-timestamp': sent!.timestamp,
      'webhook-signature': sent!.signature,
    });
    expect(verified).toMatchObject({ type: 'connection.test' });
    const forged = sent!.raw.replace('A test', 'A forged test');
    expect(() =>
      new Webhook(secret).verify(forged, {
        'webhook-id': sent!.id,
        'webhook-timestamp': sent!.timestamp,
        'webhook-signature': sent!.signature,
      }),
    ).toThrow();
    receiver.reply({ status: 403 });
    expect((await read(client.api.connections[':connectionId'].test.$post({ param }))).body).toEqual({
      ok: false,
      message: 'The webhook refused our credentials (403). Check the connection in Settings → Connections, then retry.',
    });
  });

  it('delivers a post whose signature the standardwebhooks package verifies as the receiver got it', async () => {
    const client = await userWithWebhook(open, receiver);
    const at = new Date(clock.now().getTime() + 2 * 60_000);
    const postId = await scheduledPost(client, at.toISOString().slice(0, 10), at.toISOString().slice(11, 16));
    await tickAt(open, clock, (await deliveryOf(client, postId)).dueAt);
    const [sent] = receiver.posts();
    const created = (await read(client.api.connections.$get())).body[0];
    expect(created!.name).toBe('Our n8n');
    const verified = new Webhook(receiver.secret()).verify(sent!.raw, {
      'webhook-id': sent!.id,
      'webhook-timestamp': sent!.timestamp,
      'webhook-signature': sent!.signature,
    });
    expect(verified).toMatchObject({ type: 'post.publish', data: { postId, network: 'facebook' } });
    expect((await deliveryOf(client, postId)).status).toBe('published');
  });

  it('keeps the connection limit when many are added at once: exactly the most allowed are stored, the rest refused in words', async () => {
    const client = await onboardedClient(open.url);
    const add = (index: number) =>
      read(client.api.connections.$post({ json: { kind: 'webhook', name: `Hook ${index}`, url: `${receiver.url}/hook-${index}`, networks: [] } }));
    const answers = await Promise.all(Array.from({ length: 2 * CONNECTIONS_PER_USER }, (_, index) => add(index)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(CONNECTIONS_PER_USER);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, errorOf(answer).code, errorOf(answer).message])).toEqual(
      Array(CONNECTIONS_PER_USER).fill([
        409,
        'connection_limit',
        `You have ${CONNECTIONS_PER_USER} connections, the most allowed. Remove one you no longer use first.`,
      ]),
    );
    expect((await read(client.api.connections.$get())).body).toHaveLength(CONNECTIONS_PER_USER);
  });

  it('goes with the account', async () => {
    const client = await userWithWebhook(open, receiver);
    expect((await client.post('/api/auth/delete-user', { password: TEST_PASSWORD })).status).toBe(200);
    expect(await open.database.db.selectFrom('connections').selectAll().where('userId', '=', client.userId).execute()).toEqual([]);
  });
});

describe('outbound safety', () => {
  it.each([
    ['plain http', 'http://hooks.example.com/x'],
    ['loopback', 'https://127.0.0.1/hook'],
    ['a private network', 'https://192.168.1.20/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['a loopback address in IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/hook'],
    ['a DNS name resolving to 127.0.0.1', 'https://localhost/hook'],
  ])('refuses %s when connecting', async (_label, url) => {
    const client = await onboardedClient(strict.url);
    const response = await read(client.api.connections.$post({ json: { kind: 'webhook', name: 'Hook', url, networks: [] } }));
    expect(response.status).toBe(400);
    expect(errorOf(response).fields?.url).toMatch(/https:\/\/|private or loopback|link-local or cloud metadata/);
    expect((await read(client.api.connections.$get())).body).toEqual([]);
  });

  it('refuses the metadata address even where private addresses are allowed', async () => {
    const client = await onboardedClient(open.url);
    const response = await read(client.api.connections.$post({ json: { kind: 'webhook', name: 'Hook', url: 'http://169.254.169.254/latest', networks: [] } }));
    expect(response.status).toBe(400);
  });

  it('refuses a redirect to a forbidden address at delivery, and fails the post with the reason', async () => {
    const client = await userWithWebhook(open, receiver);
    const at = new Date(clock.now().getTime() + 60 * 60_000);
    const postId = await scheduledPost(client, at.toISOString().slice(0, 10), at.toISOString().slice(11, 16));
    receiver.reply({ status: 307, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    await tickAt(open, clock, (await deliveryOf(client, postId)).dueAt);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'failed', reason: expect.stringContaining('redirected elsewhere') });
    expect(receiver.posts()).toHaveLength(1);
  });
});
