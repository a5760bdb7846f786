import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFactories } from '@testing/factories';
import { deliveryOf, scheduledPost, tickAt, userWithConnection, userWithWebhook } from '@testing/publishing-helpers';
import { createSecretBox } from '@server/modules/publishing/secret-box';
import { createRecordingMailer } from '@testing/recording-mailer';
import { createTestClock } from '@testing/test-clock';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '@testing/webhook-receiver';

// A fixed month far ahead, so every post is in an open month whatever today is.
const START = '2031-05-20T08:00:00Z';
const clock = createTestClock(START);
const recording = createRecordingMailer();
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now, publishTimeoutMs: 5_000, mailer: recording.mailer });
});
afterAll(async () => server.close());
beforeEach(async () => {
  clock.set(START);
  receiver = await startWebhookReceiver();
});
afterEach(async () => receiver.close());

const listOf = async (client: TestClient) => (await read(client.api.notifications.$get({ query: {} }))).body;
/** A month's generation that was running when the server stopped: the restart's recovery fails it. */
async function jobThatStopped(userId: string, month: { year: number; month: number }) {
  const factories = createFactories(server.database.db);
  await factories.month(userId, month);
  await factories.job(userId, month, { status: 'running', finishedAt: null, leaseUntil: '2031-01-01T00:00:00.000Z' });
  await server.services.runner.recoverInterrupted();
}
const mailsOf = (client: { userId: string }) => recording.sent().filter((mail) => mail.userId === client.userId);

describe('a delivery that did not go out', () => {
  it('notifies once and e-mails at once, in both parts, escaped, with the company and the link to the post', async () => {
    const client = await userWithWebhook(server, receiver);
    await read(client.api.profile.$patch({ json: { ...(await read(client.api.profile.$get())).body, companyName: 'Smile & <Co>' } as never }));
    const postId = await scheduledPost(client, '2031-06-14', '09:00', { content: 'Open <script>alert(1)</script> & more' });
    receiver.reply({ status: 422, body: 'nope' });
    await tickAt(server, clock, '2031-06-14T09:00:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('failed');

    const list = await listOf(client);
    expect(list.unread).toBe(1);
    expect(list.notifications).toHaveLength(1);
    const [notification] = list.notifications;
    expect(notification).toMatchObject({ kind: 'delivery_failed', postId, monthId: '2031-6', readAt: null });
    await expect.poll(() => mailsOf(client).length).toBe(1);
    const [mail] = mailsOf(client);
    const link = `${server.url}/month/2031-6?post=${postId}`;
    expect(mail!.subject).toContain('Smile & <Co>');
    expect(mail!.text).toContain('Smile & <Co>');
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain('Open <script>alert(1)</script> & more');
    expect(mail!.html).toContain('Smile &amp; &lt;Co&gt;');
    expect(mail!.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<Co>');
    expect(mail!.unsubscribeUrl).toBeUndefined();

    // Later turns and sweeps tell of it no more.
    await tickAt(server, clock, '2031-06-14T10:00:00Z');
    await server.services.notificationMailing.sweep();
    expect((await listOf(client)).notifications).toHaveLength(1);
    expect(mailsOf(client)).toHaveLength(1);
  });

  it('notifies of an unknown outcome and of a missed post, each once', async () => {
    const client = await userWithWebhook(server, receiver);
    const unknownPost = await scheduledPost(client, '2031-06-14', '09:00');
    const missedPost = await scheduledPost(client, '2031-06-15', '09:00');
    receiver.reply({ hangUp: true });
    await tickAt(server, clock, '2031-06-14T09:00:00Z');
    await tickAt(server, clock, '2031-06-15T12:00:00Z');
    expect((await deliveryOf(client, unknownPost)).status).toBe('unknown');
    expect((await deliveryOf(client, missedPost)).status).toBe('missed');
    const { notifications } = await listOf(client);
    expect(notifications.map((item) => [item.kind, item.postId])).toEqual([
      ['delivery_missed', missedPost],
      ['delivery_unknown', unknownPost],
    ]);
    await expect.poll(() => mailsOf(client).length).toBe(2);
  });

  it('tells at once of a connection that stopped working (its credentials sealed under another key), once', async () => {
    const { client, connectionId } = await userWithConnection(server, {
      kind: 'facebook',
      name: 'Bright <Smile> Page',
      accountId: '102000000000001',
      credentials: { pageToken: 'a-token' },
      networks: ['facebook'],
    });
    const otherKey = createSecretBox('b'.repeat(64)).seal({ pageToken: 'a-token' });
    await server.database.db.updateTable('connections').set({ credentials: otherKey }).where('id', '=', connectionId).execute();
    expect(await server.services.tokenUpkeep.checkOne(connectionId)).toBe('disconnected');
    expect(await server.services.tokenUpkeep.checkOne(connectionId)).toBe('not-due');
    const { notifications } = await listOf(client);
    expect(notifications.map((item) => [item.kind, item.connectionId, item.title])).toEqual([
      ['connection_disconnected', connectionId, 'Bright <Smile> Page is disconnected'],
    ]);
    await expect.poll(() => mailsOf(client).length).toBe(1);
    expect(mailsOf(client)[0]!.text).toContain(`${server.url}/settings#connections`);
    expect(mailsOf(client)[0]!.html).toContain('Bright &lt;Smile&gt; Page is disconnected');
  });

  it('sends no immediate e-mail when the user turned them off, and still lists it in the app', async () => {
    const client = await userWithWebhook(server, receiver);
    const settings = (await read(client.api.settings.notifications.$get())).body;
    expect(settings).toEqual({ immediateEmails: true, dailyDigest: true, weeklyPreview: false, version: 0, mailEnabled: true });
    const saved = await read(client.api.settings.notifications.$put({ json: { ...settings, immediateEmails: false } }));
    expect(saved.body).toMatchObject({ immediateEmails: false, version: 1 });
    const stale = await read(client.api.settings.notifications.$put({ json: { ...settings, immediateEmails: true } }));
    expect([stale.status, errorOf(stale).code]).toEqual([409, 'stale_version']);
    await scheduledPost(client, '2031-06-14', '09:00');
    receiver.reply({ status: 400 });
    await tickAt(server, clock, '2031-06-14T09:00:00Z');
    expect((await listOf(client)).notifications).toHaveLength(1);
    await server.services.notificationMailing.sendImmediate(client.userId);
    expect(mailsOf(client)).toHaveLength(0);
  });
});

describe('the rest, in a daily digest', () => {
  it('tells of a month written and of one that failed, and collects them into one e-mail on the user’s morning, once a day', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    clock.set('2031-05-20T06:00:00Z');
    const job = await read(
      client.api.months[':id'].generation.$post({ param: { id: '2031-6' }, json: { strategy: (await import('@shared/schemas/strategy')).DEFAULT_STRATEGY } }),
    );
    expect(job.status).toBe(202);
    await expect.poll(async () => (await listOf(client)).notifications.map((item) => item.kind)).toEqual(['month_written']);
    clock.set('2031-05-20T06:10:00Z');
    await jobThatStopped(client.userId, { year: 2031, month: 7 });
    const { notifications } = await listOf(client);
    expect(notifications.map((item) => [item.kind, item.monthId])).toEqual([
      ['month_failed', '2031-7'],
      ['month_written', '2031-6'],
    ]);
    expect(notifications[1]!.title).toBe('June 2031 is written');

    // 06:00 UTC (the user's zone): not their morning yet.
    expect(await server.services.notificationMailing.sendDigest(client.userId)).toBe('not-due');
    clock.set('2031-05-20T08:30:00Z');
    await server.services.notificationMailing.work();
    expect(await server.services.notificationMailing.sweep()).toBeGreaterThan(0);
    await expect.poll(() => mailsOf(client).length).toBe(1);
    const [digest] = mailsOf(client);
    expect(digest!.subject).toContain('Bright Smile Dental');
    expect(digest!.text).toContain(`${server.url}/month/2031-6`);
    expect(digest!.text).toContain(`${server.url}/month/2031-7`);
    expect(digest!.unsubscribeUrl).toMatch(new RegExp(`^${server.url}/unsubscribe/`));

    // Something new the same day waits for tomorrow's.
    await jobThatStopped(client.userId, { year: 2031, month: 8 });
    clock.set('2031-05-20T20:00:00Z');
    expect(await server.services.notificationMailing.sendDigest(client.userId)).toBe('not-due');
    clock.set('2031-05-21T08:00:00Z');
    expect(await server.services.notificationMailing.sendDigest(client.userId)).toBe('sent');
    expect(mailsOf(client)).toHaveLength(2);
    expect(mailsOf(client)[1]!.text).toContain(`${server.url}/month/2031-8`);
    expect(mailsOf(client)[1]!.text).not.toContain(`${server.url}/month/2031-6`);
    expect(await server.services.notificationMailing.sendDigest(client.userId)).toBe('nothing');
  });

  it('warns a week ahead of a sign-in that will not renew itself, in the digest', async () => {
    const client = await userWithWebhook(server, receiver);
    const connection = (await read(client.api.connections.$get())).body[0]!;
    await createFactories(server.database.db).connectionHealth(connection.id, { tokenExpiresAt: '2031-05-26T00:00:00.000Z' });
    await server.services.tokenUpkeep.sweep();
    await server.services.tokenUpkeep.sweep();
    const { notifications } = await listOf(client);
    expect(notifications.map((item) => [item.kind, item.connectionId, item.title])).toEqual([
      ['connection_expiring', connection.id, 'Our n8n needs you to sign in again in 6 days'],
    ]);
    expect(await server.services.notificationMailing.sendDigest(client.userId)).toBe('sent');
    expect(mailsOf(client)).toHaveLength(1);
  });

  it('unsubscribes with one POST of the link, shows a page to confirm on GET, and refuses a forged link', async () => {
    const client = await onboardedClient(server.url);
    await jobThatStopped(client.userId, { year: 2031, month: 9 });
    expect(await server.services.notificationMailing.sendDigest(client.userId)).toBe('sent');
    const url = mailsOf(client)[0]!.unsubscribeUrl!;

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    expect((await read(client.api.settings.notifications.$get())).body.dailyDigest).toBe(true);

    const forged = url.replace(/\.dailyDigest\.[^.]+$/, '.dailyDigest.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const refused = await fetch(forged, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    const garbled = await fetch(`${server.url}/unsubscribe/not-a-token`, { method: 'POST' });
    expect(garbled.status).toBe(400);
    expect((await read(client.api.settings.notifications.$get())).body.dailyDigest).toBe(true);

    // As a mail client does it (RFC 8058): no cookie, no Origin, one POST.
    const done = await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.status).toBe(200);
    expect((await read(client.api.settings.notifications.$get())).body).toMatchObject({ dailyDigest: false, immediateEmails: true, version: 1 });
    await jobThatStopped(client.userId, { year: 2031, month: 10 });
    clock.set('2031-05-21T09:00:00Z');
    expect(await server.services.notificationMailing.sendDigest(client.userId)).toBe('skipped');
    expect(mailsOf(client)).toHaveLength(1);
  });
});

describe('Going out this week', () => {
  it('is sent on Monday morning only to a user who opted in, listing the week’s scheduled posts', async () => {
    const client = await userWithWebhook(server, receiver);
    const soon = await scheduledPost(client, '2031-06-03', '10:00', { content: 'Tuesday tips' });
    await scheduledPost(client, '2031-06-20', '10:00', { content: 'Later on' });
    clock.set('2031-06-02T09:00:00Z'); // a Monday
    expect(await server.services.notificationMailing.sendWeekly(client.userId)).toBe('skipped');
    const settings = (await read(client.api.settings.notifications.$get())).body;
    await read(client.api.settings.notifications.$put({ json: { ...settings, weeklyPreview: true } }));
    clock.set('2031-06-01T09:00:00Z'); // Sunday
    expect(await server.services.notificationMailing.sendWeekly(client.userId)).toBe('not-due');
    clock.set('2031-06-02T09:00:00Z');
    expect(await server.services.notificationMailing.sendWeekly(client.userId)).toBe('sent');
    expect(await server.services.notificationMailing.sendWeekly(client.userId)).toBe('not-due');
    const [weekly] = mailsOf(client);
    expect(weekly!.subject).toContain('going out this week (1 post)');
    expect(weekly!.text).toContain('Tuesday tips');
    expect(weekly!.text).toContain(`${server.url}/month/2031-6?post=${soon}`);
    expect(weekly!.text).not.toContain('Later on');
    expect(weekly!.unsubscribeUrl).toContain('.weeklyPreview.');
  });
});

describe('the list', () => {
  it('marks one and all read, pages newest first, keeps 90 days, and never shows another user’s', async () => {
    const client = await onboardedClient(server.url);
    const other = await onboardedClient(server.url);
    for (const month of [1, 2, 3]) {
      clock.set(`2031-05-2${month}T08:00:00Z`);
      await jobThatStopped(client.userId, { year: 2032, month });
    }
    const first = (await read(client.api.notifications.$get({ query: { limit: '2' } }))).body;
    expect(first.notifications.map((item) => item.monthId)).toEqual(['2032-3', '2032-2']);
    expect(first.unread).toBe(3);
    const second = (await read(client.api.notifications.$get({ query: { limit: '2', before: first.nextCursor! } }))).body;
    expect([second.notifications.map((item) => item.monthId), second.nextCursor]).toEqual([['2032-1'], null]);

    const id = first.notifications[0]!.id;
    expect((await read(other.api.notifications.$get({ query: {} }))).body).toEqual({ notifications: [], unread: 0, nextCursor: null });
    const foreign = await read(other.api.notifications[':notificationId'].read.$post({ param: { notificationId: id } }));
    expect([foreign.status, errorOf(foreign).code]).toEqual([404, 'not_found']);
    expect((await read(other.api.notifications['read-all'].$post())).body.unread).toBe(0);
    expect((await listOf(client)).unread).toBe(3);

    expect((await read(client.api.notifications[':notificationId'].read.$post({ param: { notificationId: id } }))).body.unread).toBe(2);
    expect((await listOf(client)).notifications[0]!.readAt).not.toBeNull();
    expect((await read(client.api.notifications['read-all'].$post())).body.unread).toBe(0);
    const bad = await read(client.api.notifications.$get({ query: { limit: '500' } }));
    expect([bad.status, errorOf(bad).code]).toEqual([400, 'bad_request']);

    // 90 days after the second, the first two are gone.
    clock.set('2031-08-20T09:00:00Z');
    await server.services.notificationMailing.prune();
    expect((await listOf(client)).notifications.map((item) => item.monthId)).toEqual(['2032-3']);
  });
});
