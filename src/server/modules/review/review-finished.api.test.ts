import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approveRest, decide, JUNE, junePost, openPage, plannerAt, REVIEW_START, reviewerOf, share } from '@testing/review-helpers';
import { startSmtpInbox, type SmtpInbox } from '@testing/smtp-inbox';
import { createTestClock } from '@testing/test-clock';
import { read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

/**
 * The planner is told when the reviewer leaves no post of the link waiting: one notification, in the
 * bell and by e-mail at once, through the outbox to a real SMTP server.
 */
const clock = createTestClock(REVIEW_START);
let inbox: SmtpInbox;
let server: TestServer;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Content Planner <planner@example.com>' }, {}, { now: clock.now });
});
afterAll(async () => Promise.all([server?.close(), inbox?.close()]));
beforeEach(() => {
  clock.set(REVIEW_START);
  inbox.accept();
});

const bellOf = async (client: TestClient) => (await read(client.api.notifications.$get({ query: {} }))).body;
const emailOf = async (client: TestClient) => (await read(client.api.me.$get())).body.user.email;
const messagesTo = (address: string) => inbox.messages.filter((message) => message.envelopeTo.includes(address));
const linkRow = (linkId: string) => server.database.db.selectFrom('review_links').selectAll().where('id', '=', linkId).executeTakeFirstOrThrow();

describe('a finished review', () => {
  it('raises one notification when the last waiting post is decided, e-mailed at once with the month’s link', async () => {
    const planner = await plannerAt(server.url);
    const address = await emailOf(planner);
    const [first, second] = [await junePost(planner, 3), await junePost(planner, 4)];
    const { token, link } = await share(planner, { reviewerName: 'Sam' });
    const reviewer = reviewerOf(server.url);

    expect((await decide(reviewer, token, first.id, { decision: 'approved', version: 1 })).status).toBe(200);
    expect((await bellOf(planner)).notifications).toEqual([]);
    expect((await linkRow(link.id)).finishedAt).toBeNull();

    clock.advance(60_000);
    const last = await decide(reviewer, token, second.id, { decision: 'changes_requested', version: 1, comment: 'A warmer tone, please.' });
    expect(last.status).toBe(200);
    expect((await linkRow(link.id)).finishedAt).toBe('2031-05-20T08:01:00.000Z');
    const bell = await bellOf(planner);
    expect(bell.notifications).toHaveLength(1);
    expect(bell.notifications[0]).toMatchObject({
      kind: 'review_finished',
      monthId: JUNE,
      postId: null,
      title: 'Sam finished reviewing June 2031',
      body: '1 post approved, 1 post needs changes — open the month to read the comments.',
    });
    const stored = await server.database.db.selectFrom('notifications').select(['key']).where('userId', '=', planner.userId).execute();
    expect(stored).toEqual([{ key: `review:${link.id}:2` }]);

    await expect.poll(async () => (await server.services.mailWorker.sendDue(clock.now()), messagesTo(address).length), { timeout: 10_000 }).toBe(1);
    const [message] = messagesTo(address);
    expect(message!.parsed.subject).toBe('Bright Smile Dental: Sam finished reviewing June 2031');
    expect(message!.parsed.text).toContain(`${server.url}/month/${JUNE}`);
    expect(message!.parsed.text).not.toContain(token);

    // Reading the page again, or a refused decision, tells nobody anything new.
    await openPage(reviewer, token);
    expect((await decide(reviewer, token, second.id, { decision: 'approved', version: 9 })).status).toBe(409);
    expect((await bellOf(planner)).notifications).toHaveLength(1);
  });

  it('raises one notification for "Approve the rest", however many posts it approves, and none while a post stays waiting', async () => {
    const planner = await plannerAt(server.url);
    const posts = [await junePost(planner, 5), await junePost(planner, 6), await junePost(planner, 7)];
    const { token, link } = await share(planner);
    const reviewer = reviewerOf(server.url);
    await read(planner.api.posts[':postId'].$patch({ param: { postId: posts[2]!.id }, json: { version: 1, content: 'Changed before the reviewer clicked' } }));

    const partly = await approveRest(
      reviewer,
      token,
      posts.map((post) => ({ id: post.id, version: 1 })),
    );
    expect(partly.body.skipped).toEqual([posts[2]!.id]);
    expect((await bellOf(planner)).notifications).toEqual([]);

    const rest = await approveRest(reviewer, token, [{ id: posts[2]!.id, version: 2 }]);
    expect(rest.body.skipped).toEqual([]);
    const bell = await bellOf(planner);
    expect(bell.notifications.map((notification) => [notification.kind, notification.title, notification.body])).toEqual([
      ['review_finished', 'Your reviewer finished reviewing June 2031', '3 posts approved, no changes requested.'],
    ]);
    expect((await linkRow(link.id)).finishedAt).not.toBeNull();
  });
});
