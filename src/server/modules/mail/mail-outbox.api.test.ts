import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock } from '@testing/test-clock';
import { TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startSmtpInbox, type SmtpInbox } from '@testing/smtp-inbox';
import { escapeHtml } from './escape-html';
import type { OutgoingMail } from './mail';
import { KEEP_SENT_MS, MAIL_LEASE_MS } from './mail-outbox';
import { messageIdFor } from './smtp-sender';

/**
 * The outbox against a real SMTP server (smtp-server, with a user name and password): a message goes
 * out once with both parts and its headers, a key is sent once, an outage is retried, a 5xx refusal
 * ends as failed, and nothing logged carries the SMTP credentials.
 */
const clock = createTestClock('2031-03-10T09:00:00Z', { tickMs: 1 });
const FROM_NAME = 'Acme "Best" Planner';
let inbox: SmtpInbox;
let server: TestServer;
let userId: string;
let serial = 0;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ SMTP_URL: inbox.url, MAIL_FROM: `"Acme \\"Best\\" Planner" <planner@acme.example>` }, {}, { now: clock.now });
  ({ userId } = await new TestClient(server.url).signUp('dana@example.com'));
});
afterAll(async () => {
  await server?.close();
  await inbox?.close();
});
beforeEach(() => {
  inbox.accept();
  inbox.messages.length = 0;
});

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  serial += 1;
  return {
    key: `test-event:${serial}:${userId}`,
    userId,
    to: 'dana@example.com',
    subject: `Your post failed ${serial}`,
    text: 'A post could not be published.\nOpen the app to retry.',
    html: `<p>${escapeHtml('<b>Bright & Smile</b>')} could not publish.</p>`,
    ...overrides,
  };
}

const outboxRow = (key: string) => server.database.db.selectFrom('mail_outbox').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const send = (at = clock.now()) => server.services.mailWorker.sendDue(at);
const credentialsLogged = () => server.logLines.filter((line) => line.includes(inbox.password) || line.includes(encodeURIComponent(inbox.password)));

describe('the mail outbox', () => {
  it('delivers a message once, with a plain-text and an HTML part, a stable Message-ID and the sender named safely', async () => {
    const message = mail({ unsubscribeUrl: 'https://planner.example/api/unsubscribe/abc' });
    expect(await server.services.mailer.enqueue(message)).toBe(true);
    expect((await outboxRow(message.key)).status).toBe('waiting');
    expect(await send()).toMatchObject({ sent: 1, waiting: 0, failed: 0 });

    expect(inbox.messages).toHaveLength(1);
    const [received] = inbox.messages;
    expect(received!.envelopeTo).toEqual(['dana@example.com']);
    expect(received!.envelopeFrom).toBe('planner@acme.example');
    expect(received!.parsed.from?.value).toEqual([{ name: FROM_NAME, address: 'planner@acme.example' }]);
    expect(received!.parsed.subject).toBe(message.subject);
    expect(received!.parsed.text?.trim()).toBe(message.text);
    expect(received!.parsed.html).toContain('&lt;b&gt;Bright &amp; Smile&lt;/b&gt; could not publish.');
    expect(received!.parsed.messageId).toBe(messageIdFor(message.key, 'planner@acme.example'));
    expect(received!.parsed.messageId).toMatch(/^<[0-9a-f]{32}@acme\.example>$/);
    expect(received!.header('list-unsubscribe')).toBe('<https://planner.example/api/unsubscribe/abc>');
    expect(received!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const row = await outboxRow(message.key);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, text: '', html: '', leaseOwner: null });
    // Nothing more goes out on the next turns.
    expect(await send(new Date(clock.now().getTime() + MAIL_LEASE_MS * 2))).toMatchObject({ sent: 0 });
    expect(inbox.messages).toHaveLength(1);
  });

  it('a message without an unsubscribe address has no List-Unsubscribe headers', async () => {
    await server.services.mailer.enqueue(mail());
    await send();
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]!.header('list-unsubscribe')).toBeUndefined();
    expect(inbox.messages[0]!.header('list-unsubscribe-post')).toBeUndefined();
  });

  it('a second message with the same key is dropped, before and after the first was sent', async () => {
    const message = mail();
    expect(await server.services.mailer.enqueue(message)).toBe(true);
    expect(await server.services.mailer.enqueue({ ...message, subject: 'Another subject' })).toBe(false);
    await send();
    expect(await server.services.mailer.enqueue(message)).toBe(false);
    await send();
    expect(inbox.messages.map((received) => received.parsed.subject)).toEqual([message.subject]);
  });

  it('a subject with line breaks cannot add headers', async () => {
    const message = mail({ subject: 'Hello\r\nBcc: thief@evil.example\r\nX-Injected: yes' });
    await server.services.mailer.enqueue(message);
    await send();
    const [received] = inbox.messages;
    expect(received!.envelopeTo).toEqual(['dana@example.com']);
    expect(received!.header('bcc')).toBeUndefined();
    expect(received!.header('x-injected')).toBeUndefined();
    expect(received!.parsed.subject).toBe('Hello Bcc: thief@evil.example X-Injected: yes');
  });

  it('refuses a recipient that is not one plain address', async () => {
    await expect(server.services.mailer.enqueue(mail({ to: 'dana@example.com\r\nBcc: thief@evil.example' }))).rejects.toThrow(/one e-mail address/);
    await expect(server.services.mailer.enqueue(mail({ to: 'Dana <dana@example.com>, thief@evil.example' }))).rejects.toThrow(/one e-mail address/);
    await expect(server.services.mailer.enqueue(mail({ unsubscribeUrl: 'javascript:alert(1)' }))).rejects.toThrow(/http/);
  });

  it('an outage during a send is retried with back-off and delivers exactly one message', async () => {
    const message = mail();
    await server.services.mailer.enqueue(message);
    const held = inbox.hold();
    const turn = send();
    await held.reached;
    await inbox.down();
    held.release();
    expect(await turn).toMatchObject({ sent: 0, waiting: 1 });
    const waiting = await outboxRow(message.key);
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(Date.parse(waiting.nextAttemptAt) - clock.now().getTime()).toBeGreaterThan(20_000);
    // While down: tried again when due, and put off further.
    clock.set(waiting.nextAttemptAt);
    expect(await send()).toMatchObject({ waiting: 1 });
    const again = await outboxRow(message.key);
    expect(again.attempts).toBe(2);
    expect(Date.parse(again.nextAttemptAt) - Date.parse(waiting.nextAttemptAt)).toBeGreaterThanOrEqual(60_000);
    expect(again.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
    // Not due yet: nothing is sent even though the server is back.
    await inbox.up();
    expect(await send()).toMatchObject({ sent: 0, waiting: 0 });
    clock.set(again.nextAttemptAt);
    expect(await send()).toMatchObject({ sent: 1 });
    expect(inbox.messages.map((received) => received.parsed.subject)).toEqual([message.subject]);
    expect((await outboxRow(message.key)).attempts).toBe(3);
    expect(server.logLines.some((line) => line.includes('"event":"mail.retry"'))).toBe(true);
    expect(credentialsLogged()).toEqual([]);
  });

  it('a 4xx answer is retried; a 5xx refusal ends as failed, logged without the credentials', async () => {
    const later = mail();
    await server.services.mailer.enqueue(later);
    inbox.refuse(451, 'Greylisted, try again later', 1);
    expect(await send()).toMatchObject({ waiting: 1 });
    clock.set((await outboxRow(later.key)).nextAttemptAt);
    expect(await send()).toMatchObject({ sent: 1 });

    const refused = mail();
    await server.services.mailer.enqueue(refused);
    inbox.refuse(550, 'No such mailbox here');
    expect(await send()).toMatchObject({ failed: 1 });
    const row = await outboxRow(refused.key);
    expect(row).toMatchObject({ status: 'failed', text: '', html: '' });
    expect(row.lastError).toContain('550 No such mailbox here');
    const logged = server.logLines.filter((line) => line.includes('"event":"mail.failed"'));
    expect(logged.some((line) => line.includes('No such mailbox here') && line.includes(refused.key))).toBe(true);
    expect(credentialsLogged()).toEqual([]);
    // Failed for good: later turns leave it.
    clock.advance(24 * 60 * 60_000);
    expect(await send()).toMatchObject({ sent: 0, failed: 0, waiting: 0 });
    expect(inbox.messages.map((received) => received.parsed.subject)).toEqual([later.subject]);
  });

  it('a message whose sender died mid-send is taken again once its lease lapses, not before', async () => {
    const message = mail();
    await server.services.mailer.enqueue(message);
    // Another instance claimed it and vanished.
    const claimedAt = clock.now().toISOString();
    await server.database.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', leaseOwner: 'gone-instance/1', leaseUntil: new Date(clock.now().getTime() + MAIL_LEASE_MS).toISOString(), attempts: 1 })
      .where('key', '=', message.key)
      .execute();
    expect(await send()).toMatchObject({ sent: 0 });
    expect(await server.services.mailWorker.sendDue(new Date(Date.parse(claimedAt) + MAIL_LEASE_MS + 1_000))).toMatchObject({ sent: 1 });
    expect(inbox.messages).toHaveLength(1);
    expect((await outboxRow(message.key)).attempts).toBe(2);
  });

  it('forgets sent messages after 30 days, and the key can then be used again', async () => {
    const message = mail();
    await server.services.mailer.enqueue(message);
    await send();
    expect((await outboxRow(message.key)).status).toBe('sent');
    // Pruning runs at most hourly; the first turn more than an hour later prunes.
    clock.advance(KEEP_SENT_MS + 2 * 60 * 60_000);
    await send();
    expect(await server.database.db.selectFrom('mail_outbox').select('id').where('key', '=', message.key).executeTakeFirst()).toBeUndefined();
  });
});
