import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthId, type MonthRef } from '@shared/domain/months';
import { waitUntil } from '@testing/generation-helpers';
import { openServiceHarness, type ServiceHarness } from '@testing/service-harness';
import { TEST_DB_KIND } from '@testing/test-database';
import { createDeliveryRepository } from '../publishing/delivery-repository';
import { createPostRepository, type PostStamps } from '../posts/post-repository';

/**
 * A regeneration's commit (`deleteUnchanged`) against a worker claiming a delivery (`claimDue`), over
 * the real repositories. The posts were last touched before the job started, as it found them.
 */
const MONTH: MonthRef = { year: 2031, month: 6 };
const NOW = '2031-06-10T09:00:00.000Z';
const LEASE_UNTIL = '2031-06-10T09:02:00.000Z';

let harness: ServiceHarness;
beforeAll(async () => {
  harness = await openServiceHarness();
});
afterAll(() => harness.close());

async function monthWithScheduledPost() {
  const userId = await harness.createUser();
  await harness.factories.month(userId, MONTH);
  const scheduled = await harness.factories.post(userId, MONTH);
  const untouched = await harness.factories.post(userId, MONTH);
  await createDeliveryRepository(harness.database.db).schedule(
    { userId, postId: scheduled.id, platform: 'facebook', dueAt: NOW, timeOfDay: '09:00' },
    '2031-05-20T08:00:00.000Z',
  );
  // The job starts: it may replace the posts as they are now.
  const replaceable = await createPostRepository(harness.database.db).stamps(userId, monthId(MONTH));
  return { commit: () => commitWith(userId, replaceable), userId, scheduled, untouched };
}

const commitWith = (userId: string, replaceable: PostStamps) =>
  harness.database.db.transaction().execute((trx) => createPostRepository(trx).deleteUnchanged(userId, monthId(MONTH), replaceable));
const claim = () => createDeliveryRepository(harness.database.db).claimDue('worker-a', NOW, LEASE_UNTIL, 10);
const postIds = async (userId: string) =>
  (await harness.database.db.selectFrom('posts').select('id').where('userId', '=', userId).execute()).map((row) => row.id).sort();
const deliveryStatus = async (postId: string) =>
  (await harness.database.db.selectFrom('deliveries').select('status').where('postId', '=', postId).executeTakeFirst())?.status;

describe('a regeneration saved while a worker claims a delivery', () => {
  it('keeps a post scheduled before the job started, replaces the untouched draft, and its delivery still goes out', async () => {
    const { commit, userId, scheduled, untouched } = await monthWithScheduledPost();
    expect(await commit()).toBe(1);
    expect(await postIds(userId)).toEqual([scheduled.id]);
    expect(await postIds(userId)).not.toContain(untouched.id);
    expect((await claim()).map((row) => row.postId)).toEqual([scheduled.id]);
  });

  it('keeps a post whose delivery was claimed just before the commit, with its delivery record', async () => {
    const { commit, scheduled } = await monthWithScheduledPost();
    expect((await claim()).map((row) => row.postId)).toEqual([scheduled.id]);
    expect(await commit()).toBe(1);
    expect(await deliveryStatus(scheduled.id)).toBe('publishing');
  });

  // SQLite runs one transaction at a time, so only PostgreSQL can interleave the two.
  it.runIf(TEST_DB_KIND === 'postgres')('keeps a post whose delivery is claimed while the commit’s DELETE is under way, with its delivery record', async () => {
    const { commit, userId, scheduled, untouched } = await monthWithScheduledPost();
    const db = harness.database.db;
    // Another transaction holds both posts' rows, so the DELETE takes its snapshot, then waits.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await trx.selectFrom('posts').select('id').where('id', 'in', [scheduled.id, untouched.id]).forUpdate().execute();
      held();
      await released;
    });
    await holding;
    const committed = commit();
    await waitUntil(
      async () =>
        (
          await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query ilike 'delete from "posts"%'`.execute(db)
        ).rows[0]!.waiting > 0,
    );
    // The worker claims the delivery while the DELETE waits.
    expect((await claim()).map((row) => row.postId)).toEqual([scheduled.id]);
    release();
    await holder;
    expect(await committed).toBe(1);
    expect(await postIds(userId)).toEqual([scheduled.id]);
    expect(await deliveryStatus(scheduled.id)).toBe('publishing');
  });
});

describe('scheduling a post while a regeneration deletes it', () => {
  // SQLite runs one transaction at a time, so only PostgreSQL can interleave the two.
  it.runIf(TEST_DB_KIND === 'postgres')('answers 404 not_found, and leaves no delivery behind', async () => {
    const userId = await harness.createUser();
    await harness.factories.month(userId, MONTH);
    const post = await harness.factories.post(userId, MONTH);
    const db = harness.database.db;
    // The regeneration's DELETE has run but not committed: the schedule's check still sees the post.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let deleted!: () => void;
    const deleting = new Promise<void>((resolve) => (deleted = resolve));
    const regeneration = db.transaction().execute(async (trx) => {
      await trx.deleteFrom('posts').where('id', '=', post.id).execute();
      deleted();
      await released;
    });
    await deleting;
    const scheduling = harness.services.schedule.schedule(userId, post.id, { platform: 'facebook', time: '09:00' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await waitUntil(
      async () =>
        (
          await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
        ).rows[0]!.waiting > 0,
    );
    release();
    await regeneration;
    expect(await scheduling).toMatchObject({ code: 'not_found', status: 404 });
    expect(await deliveryStatus(post.id)).toBeUndefined();
  });
});
