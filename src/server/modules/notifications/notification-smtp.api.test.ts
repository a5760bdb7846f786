import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFactories } from '@testing/factories';
import { deliveryOf, scheduledPost, tickAt, userWithWebhook } from '@testing/publishing-helpers';
import { startSmtpInbox, type SmtpInbox } from '@testing/smtp-inbox';
import { createTestClock } from '@testing/test-clock';
import { read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';

/**
 * Notifications end to end, through the outbox to a real SMTP server (`smtp-server`): a failed delivery is
 * in the bell and e-mailed at once; the rest waits for the digest, whose one-click unsubscribe (RFC 8058)
 * a mail client can POST; an SMTP outage in between is retried into exactly one message.
 */
const START = '2031-05-20T08:00:00Z';
const clock = createTestClock(START);
let inbox: SmtpInbox;
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer(
    { PUBLISH_ALLOW_PRIVATE_URLS: 'true', SMTP_URL: inbox.url, MAIL_FROM: 'Content Planner <planner@example.com>' },
    {},
    { now: clock.now, publishTimeoutMs: 5_000 },
  );
});
afterAll(async () => Promise.all([server?.close(), inbox?.close()]));
beforeEach(async () => {
  clock.set(START);
  inbox.accept();
  receiver = await startWebhookReceiver();
});
afterEach(async () => receiver.close());

const emailOf = async (client: TestClient) => (await read(client.api.me.$get())).body.user.email;
const messagesTo = (address: string) => inbox.messages.filter((message) => message.envelopeTo.includes(address));
const outboxOf = (userId: string) => server.database.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('userId', '=', userId).execute();
/** The outbox sent at `at`, as a worker turn does. */
const sendOutbox = (at = clock.now()) => server.services.mailWorker.sendDue(at);

describe('notifications by e-mail', () => {
  it('e-mails a failed delivery at once and lists it in the bell; an SMTP outage during the send is retried into one message', async () => {
    const client = await userWithWebhook(server, receiver);
    const address = await emailOf(client);
    const postId = await scheduledPost(client, '2031-06-14', '09:00', { content: 'Winter opening hours' });
    receiver.reply({ status: 422, body: 'refused' });
    inbox.refuse(451, 'Try again later', 1);
    await tickAt(server, clock, '2031-06-14T09:00:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('failed');

    const bell = (await read(client.api.notifications.$get({ query: {} }))).body;
    expect(bell.unread).toBe(1);
    expect(bell.notifications[0]).toMatchObject({ kind: 'delivery_failed', postId });

    // The first try meets 451; the outbox keeps it and the next turn, after the back-off, delivers it.
    await expect
      .poll(async () => (await sendOutbox(), (await outboxOf(client.userId)).map((row) => [row.status, row.attempts])), { timeout: 10_000 })
      .toEqual([['waiting', 1]]);
    expect(messagesTo(address)).toHaveLength(0);
    clock.set('2031-06-14T09:05:00Z');
    await expect.poll(async () => (await sendOutbox(), messagesTo(address).length), { timeout: 10_000 }).toBe(1);
    clock.set('2031-06-14T10:00:00Z');
    await sendOutbox();
    await server.services.notificationMailing.sweep();
    await sendOutbox();
    const [message] = messagesTo(address);
    expect(messagesTo(address)).toHaveLength(1);
    expect(message!.parsed.text).toContain(`${server.url}/month/2031-6?post=${postId}`);
    expect(message!.parsed.html).toContain('Winter opening hours');
    expect(message!.header('list-unsubscribe')).toBeUndefined();
  });

  it('collects the rest into the morning digest, whose List-Unsubscribe link one POST turns off', async () => {
    const client = await userWithWebhook(server, receiver);
    const address = await emailOf(client);
    const factories = createFactories(server.database.db);
    await factories.month(client.userId, { year: 2031, month: 7 });
    await factories.job(client.userId, { year: 2031, month: 7 }, { status: 'running', finishedAt: null, leaseUntil: '2031-01-01T00:00:00.000Z' });
    await server.services.runner.recoverInterrupted();
    expect((await read(client.api.notifications.$get({ query: {} }))).body.notifications.map((item) => item.kind)).toEqual(['month_failed']);
    await sendOutbox();
    expect(messagesTo(address)).toHaveLength(0);

    clock.set('2031-05-21T08:30:00Z');
    expect(await server.services.notificationMailing.sendDigest(client.userId)).toBe('sent');
    await expect.poll(async () => (await sendOutbox(), messagesTo(address).length), { timeout: 10_000 }).toBe(1);
    const [digest] = messagesTo(address);
    expect(digest!.parsed.text).toContain(`${server.url}/month/2031-7`);
    const unsubscribe = digest!.header('list-unsubscribe')!;
    expect(unsubscribe).toMatch(new RegExp(`^<${server.url}/unsubscribe/[^>]+>$`));
    expect(digest!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const done = await fetch(unsubscribe.slice(1, -1), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect((await read(client.api.settings.notifications.$get())).body).toMatchObject({ dailyDigest: false, immediateEmails: true });
  });
});
