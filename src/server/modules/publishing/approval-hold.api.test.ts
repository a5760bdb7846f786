import { describe, expect, it } from 'vitest';
import { createFactories } from '@testing/factories';
import { createTestClock } from '@testing/test-clock';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { deliveryOf, receivedCount, recorded, scheduledPost, secondInstance, tickAt, userWithWebhook } from '@testing/publishing-helpers';
import { useWebhookPublishing } from '@testing/use-publishing';

// A fixed month far ahead, so every post is in an open month whatever today is; PUBLISH_LATE_WINDOW is its default, 1h.
const clock = createTestClock('2031-05-20T08:00:00Z');
const { server, receiver } = useWebhookPublishing(clock);

const HELD = 'Held: waiting for approval. It goes out once approved, if that is within an hour of its time.';

const requireApproval = async (client: TestClient, monthId: string, on: boolean) => {
  const answer = await read(client.api.months[':id'].approval.$put({ param: { id: monthId }, json: { requireApproval: on } }));
  expect([answer.status, answer.body]).toEqual([200, { requireApproval: on }]);
};

/** A reviewer's approval as the review service leaves it: the post's row, then the call it makes after its commit. */
const approve = async (client: TestClient & { userId: string }, postId: string, { tell = true } = {}) => {
  await server().database.db.updateTable('posts').set({ approval: 'approved' }).where('id', '=', postId).execute();
  if (tell) await server().services.approvalsChanged(client.userId, [postId]);
};

const outcomes = async (client: TestClient, postId: string) => (await deliveryOf(client, postId)).log.map((line) => line.outcome);
const sentIds = () =>
  receiver()
    .posts()
    .map((item) => item.body.data.postId as string);
const notificationKinds = async (client: TestClient) =>
  (await read(client.api.notifications.$get({ query: {} }))).body.notifications.map((notification) => notification.kind);
const atRisk = async (client: TestClient) => (await read(client.api.deliveries['at-risk'].$get())).body;

describe('a month that publishes only approved posts', () => {
  it('holds an unapproved post at its time, shows it held, tells once, and sends it exactly once when approved within the late window', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-10', '09:00');
    await requireApproval(client, '2031-6', true);
    expect((await read(client.api.months[':id'].$get({ param: { id: '2031-6' } }))).body.requireApproval).toBe(true);

    // Flagged on the dashboard days ahead, not weeks.
    expect(await atRisk(client)).toEqual([]);
    clock.set('2031-06-05T09:00:00Z');
    expect(await atRisk(client)).toEqual([
      expect.objectContaining({ postId, status: 'scheduled', risk: 'not_approved', riskMessage: expect.stringContaining('not approved yet') }),
    ]);

    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    await tickAt(server(), clock, '2031-06-10T09:05:00Z');
    expect(sentIds()).toEqual([]);
    expect(await deliveryOf(client, postId)).toMatchObject({
      status: 'awaiting_approval',
      reason: HELD,
      log: [{ at: '2031-06-10T09:00:00.000Z', outcome: 'held', detail: HELD }],
    });
    expect((await read(client.api.deliveries.$get({ query: { monthId: '2031-6' } }))).body).toEqual([
      expect.objectContaining({ postId, status: 'awaiting_approval' }),
    ]);
    expect(await atRisk(client)).toEqual([
      expect.objectContaining({ postId, status: 'awaiting_approval', risk: 'not_approved', riskMessage: expect.stringContaining(HELD) }),
    ]);
    const notifications = (await read(client.api.notifications.$get({ query: {} }))).body.notifications;
    expect(notifications).toEqual([expect.objectContaining({ kind: 'awaiting_approval', postId, monthId: '2031-6' })]);
    expect(notifications[0]!.body).toContain('June 2031 publishes only approved posts');
    // The post still counts as kept by a regeneration.
    expect((await read(client.api.months[':id'].$get({ param: { id: '2031-6' } }))).body.keptPostCount).toBe(1);

    clock.set('2031-06-10T09:40:00Z');
    await approve(client, postId);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled', nextAttemptAt: '2031-06-10T09:40:00.000Z', reason: null });
    await tickAt(server(), clock, '2031-06-10T09:41:00Z');
    await tickAt(server(), clock, '2031-06-10T09:45:00Z');
    expect(sentIds()).toEqual([postId]);
    expect((await deliveryOf(client, postId)).status).toBe('published');
    expect(await outcomes(client, postId)).toEqual(['held', 'released', 'published']);
    expect(await atRisk(client)).toEqual([]);
    expect(await notificationKinds(client)).toEqual(['awaiting_approval']);
  });

  it('marks a post approved after the late window missed, with the reason, and Retry sends it now', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-11', '09:00');
    await requireApproval(client, '2031-6', true);
    await tickAt(server(), clock, '2031-06-11T09:00:00Z');

    clock.set('2031-06-11T10:30:00Z');
    await approve(client, postId);
    await tickAt(server(), clock, '2031-06-11T10:31:00Z');
    expect(sentIds()).toEqual([]);
    expect(await deliveryOf(client, postId)).toMatchObject({
      status: 'missed',
      reason:
        'Not sent: it was approved 90 minutes after its time, too late to go out on its own (a post may go out up to an hour late). Retry to send it now.',
    });
    expect(await outcomes(client, postId)).toEqual(['held', 'missed']);
    expect(await notificationKinds(client)).toEqual(['delivery_missed', 'awaiting_approval']);

    expect((await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }))).status).toBe(200);
    await tickAt(server(), clock, '2031-06-11T10:32:00Z');
    expect(sentIds()).toEqual([postId]);
    expect((await deliveryOf(client, postId)).status).toBe('published');
  });

  it('sends the held posts when the rule is turned off, and a worker sends an approved one whose release call was lost', async () => {
    const client = await userWithWebhook(server(), receiver());
    const first = await scheduledPost(client, '2031-06-12', '09:00', { content: 'First' });
    const second = await scheduledPost(client, '2031-06-12', '09:30', { content: 'Second' });
    const lost = await scheduledPost(client, '2031-06-13', '09:00', { content: 'Lost call' });
    await requireApproval(client, '2031-6', true);
    await tickAt(server(), clock, '2031-06-12T09:30:00Z');
    expect([(await deliveryOf(client, first)).status, (await deliveryOf(client, second)).status]).toEqual(['awaiting_approval', 'awaiting_approval']);

    clock.set('2031-06-12T09:45:00Z');
    await requireApproval(client, '2031-6', false);
    expect(await deliveryOf(client, first)).toMatchObject({ status: 'scheduled', nextAttemptAt: '2031-06-12T09:45:00.000Z' });
    await tickAt(server(), clock, '2031-06-12T09:46:00Z');
    expect(sentIds().sort()).toEqual([first, second].sort());
    expect((await deliveryOf(client, second)).log).toEqual([
      expect.objectContaining({ outcome: 'held' }),
      expect.objectContaining({ outcome: 'released', detail: 'Its month no longer requires approval: sending it now.' }),
      expect.objectContaining({ outcome: 'published' }),
    ]);

    await requireApproval(client, '2031-6', true);
    await tickAt(server(), clock, '2031-06-13T09:00:00Z');
    expect((await deliveryOf(client, lost)).status).toBe('awaiting_approval');
    clock.set('2031-06-13T09:20:00Z');
    await approve(client, lost, { tell: false });
    await tickAt(server(), clock, '2031-06-13T09:20:00Z');
    expect(sentIds()).toContain(lost);
    // Released and sent in one turn, at one instant of the test's clock: the log's order within it is not told.
    const log = await outcomes(client, lost);
    expect([log[0], ...log.slice(1).sort()]).toEqual(['held', 'published', 'released']);
  });

  it('holds and releases a post once when two workers run at the same moment', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-14', '09:00');
    await requireApproval(client, '2031-6', true);
    const other = await secondInstance(server(), clock);
    try {
      const both = () =>
        Promise.all([server().services.publisher.deliverDue(), other.services.publisher.deliverDue(), server().services.publisher.deliverDue()]);
      clock.set('2031-06-14T09:00:00Z');
      await both();
      expect(await outcomes(client, postId)).toEqual(['held']);
      expect(await notificationKinds(client)).toEqual(['awaiting_approval']);

      clock.set('2031-06-14T09:10:00Z');
      await server().database.db.updateTable('posts').set({ approval: 'approved' }).where('id', '=', postId).execute();
      await Promise.all([server().services.approvalsChanged(client.userId, [postId]), other.services.approvalsChanged(client.userId, [postId]), both()]);
      clock.set('2031-06-14T09:11:00Z');
      await both();
      expect(sentIds()).toEqual([postId]);
      // Each once (released and sent at one instant of the test's clock, in either order in the log).
      expect((await outcomes(client, postId)).sort()).toEqual(['held', 'published', 'released']);
    } finally {
      await other.close();
    }
  });

  it('wakes a running worker on another instance when a held post is approved, which sends it then', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-20', '09:00');
    await requireApproval(client, '2031-6', true);
    const other = await secondInstance(server(), clock);
    const publisher = other.services.publisher;
    /** Waits (briefly, in real time) for the other worker to be set to wake at `at`. */
    const wakesAt = async (at: string) => {
      const deadline = Date.now() + 5_000;
      while (publisher.wakeAt()?.toISOString() !== at && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(publisher.wakeAt()?.toISOString()).toBe(at);
    };
    try {
      publisher.start();
      await wakesAt('2031-05-20T08:00:30.000Z');
      clock.set('2031-06-20T09:00:00Z');
      expect((await recorded(client, postId)).status).toBe('awaiting_approval');
      // Its next look is 30 s on: only the approval's announcement brings it sooner.
      await wakesAt('2031-06-20T09:00:30.000Z');
      clock.set('2031-06-20T09:00:10Z');
      await approve(client, postId);
      await receivedCount(receiver(), 1);
      expect(await recorded(client, postId)).toMatchObject({ status: 'published', attempts: 1 });
    } finally {
      await other.close();
    }
  });

  it('never sends an unapproved post that comes due after a turn looked for posts to hold, before it claims', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-21', '09:00');
    await requireApproval(client, '2031-6', true);
    clock.set('2031-06-21T08:59:59Z');
    // The turn's first reading of the clock (its look for posts to hold) is a second early; every later one is at 09:00.
    let readings = 0;
    clock.setWhen(() => ++readings === 2, '2031-06-21T09:00:00Z');
    await server().services.publisher.deliverDue();
    expect(clock.now().toISOString()).toBe('2031-06-21T09:00:00.000Z');
    expect(sentIds()).toEqual([]);
    expect((await deliveryOf(client, postId)).status).toBe('scheduled');
    await tickAt(server(), clock, '2031-06-21T09:00:01Z');
    expect(sentIds()).toEqual([]);
    expect((await deliveryOf(client, postId)).status).toBe('awaiting_approval');
  });

  it('sends an approved post at its time as usual, and holds it again once an edit needs approving again', async () => {
    const client = await userWithWebhook(server(), receiver());
    const approved = await scheduledPost(client, '2031-06-15', '09:00', { content: 'Approved' });
    const edited = await scheduledPost(client, '2031-06-15', '10:00', { content: 'Edited after approval' });
    await requireApproval(client, '2031-6', true);
    await approve(client, approved);
    await approve(client, edited);
    const { version } = (await read(client.api.posts[':postId'].$get({ param: { postId: edited } }))).body;
    expect((await read(client.api.posts[':postId'].$patch({ param: { postId: edited }, json: { version, content: 'Changed' } }))).status).toBe(200);

    clock.set('2031-06-14T12:00:00Z');
    expect((await atRisk(client)).map((item) => item.postId)).toEqual([edited]);
    await tickAt(server(), clock, '2031-06-15T09:00:00Z');
    await tickAt(server(), clock, '2031-06-15T10:00:00Z');
    expect(sentIds()).toEqual([approved]);
    expect(await outcomes(client, approved)).toEqual(['published']);
    expect((await deliveryOf(client, edited)).status).toBe('awaiting_approval');
    expect(await notificationKinds(client)).toEqual(['awaiting_approval']);
  });

  it('changes nothing for unapproved posts while the rule is off', async () => {
    const client = await userWithWebhook(server(), receiver());
    const postId = await scheduledPost(client, '2031-06-16', '09:00');
    clock.set('2031-06-15T09:00:00Z');
    expect(await atRisk(client)).toEqual([]);
    await tickAt(server(), clock, '2031-06-16T09:00:00Z');
    expect(sentIds()).toEqual([postId]);
    expect(await outcomes(client, postId)).toEqual(['published']);
  });

  it('waits again for a new time when a held post is rescheduled or moved, and cancels one that is unscheduled', async () => {
    const client = await userWithWebhook(server(), receiver());
    const rescheduled = await scheduledPost(client, '2031-06-17', '09:00', { content: 'Rescheduled' });
    const moved = await scheduledPost(client, '2031-06-17', '09:00', { content: 'Moved' });
    const unscheduled = await scheduledPost(client, '2031-06-17', '09:00', { content: 'Unscheduled' });
    await requireApproval(client, '2031-6', true);
    await tickAt(server(), clock, '2031-06-17T09:00:00Z');

    clock.set('2031-06-17T09:30:00Z');
    expect(
      (await read(client.api.posts[':postId'].schedule.$put({ param: { postId: rescheduled }, json: { platform: 'facebook', time: '15:00' } }))).status,
    ).toBe(200);
    expect(await deliveryOf(client, rescheduled)).toMatchObject({ status: 'scheduled', dueAt: '2031-06-17T15:00:00.000Z', reason: null });
    const { version } = (await read(client.api.posts[':postId'].$get({ param: { postId: moved } }))).body;
    expect((await read(client.api.posts[':postId'].$patch({ param: { postId: moved }, json: { version, date: '2031-06-18T12:00:00Z' } }))).status).toBe(200);
    expect(await deliveryOf(client, moved)).toMatchObject({ status: 'scheduled', dueAt: '2031-06-18T09:00:00.000Z', reason: null });
    expect((await read(client.api.posts[':postId'].schedule.$delete({ param: { postId: unscheduled } }))).body).toMatchObject({ status: 'draft' });
    expect((await deliveryOf(client, unscheduled)).status).toBe('cancelled');

    await approve(client, rescheduled);
    await tickAt(server(), clock, '2031-06-17T15:00:00Z');
    await tickAt(server(), clock, '2031-06-18T09:00:00Z');
    expect(sentIds()).toEqual([rescheduled]);
    expect((await deliveryOf(client, moved)).status).toBe('awaiting_approval');
  });
});

describe('PUT /api/months/:id/approval', () => {
  it('refuses a bad body, an archived month and a month of someone else, and changes nothing then', async () => {
    const client = await onboardedClient(server().url);
    await read(client.api.workspace.$get());
    for (const json of [{}, { requireApproval: 'yes' }, { requireApproval: true, extra: 1 }]) {
      const answer = await read(client.api.months[':id'].approval.$put({ param: { id: '2031-6' }, json: json as never }));
      expect([answer.status, errorOf(answer).code]).toEqual([400, 'bad_request']);
    }
    await createFactories(server().database.db).month(client.userId, { year: 2031, month: 4 });
    const archived = await read(client.api.months[':id'].approval.$put({ param: { id: '2031-4' }, json: { requireApproval: true } }));
    expect([archived.status, errorOf(archived).code]).toEqual([409, 'archived']);

    // A month planned ahead by this user only: to another user it does not exist.
    expect((await read(client.api.workspace.months.$post({ json: { id: '2031-9' } }))).status).toBeLessThan(300);
    const stranger = await onboardedClient(server().url);
    await read(stranger.api.workspace.$get());
    const foreign = await read(stranger.api.months[':id'].approval.$put({ param: { id: '2031-9' }, json: { requireApproval: true } }));
    expect([foreign.status, errorOf(foreign).code]).toEqual([404, 'not_found']);
    const months = server().database.db.selectFrom('months').select(['id', 'requireApproval']).where('userId', '=', client.userId);
    expect((await months.execute()).filter((month) => month.requireApproval !== 0)).toEqual([]);
  });
});
