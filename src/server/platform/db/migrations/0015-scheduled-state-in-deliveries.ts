import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dateOnly } from '@shared/domain/months';
import { wallClockMs, zonedDateTimeToUtc } from '@shared/domain/zoned-time';

/** The tables as this migration finds them (the app's schema.ts moves on). */
interface Before {
  posts: { id: string; userId: string; date: string; status: string; scheduledPlatform: string | null; scheduledTime: string | null };
  deliveries: {
    id: string;
    userId: string;
    postId: string;
    platform: string;
    status: string;
    dueAt: string;
    nextAttemptAt: string;
    attempts: number;
    leaseUntil: string | null;
    leaseOwner: string | null;
    connectionId: string | null;
    reason: string | null;
    liveUrl: string | null;
    finishedAt: string | null;
    sentAt: string | null;
    timeOfDay: string | null;
    createdAt: string;
    updatedAt: string;
  };
  profiles: { userId: string; timeZone: string };
}

const MISSED_REASON = 'Its time passed before it could be sent: schedule it again, or retry to send it now.';
/** Marked before deliveries existed, it was a plan, not an order to post: it keeps its network and time, and waits for the user. */
const NEVER_ORDERED_REASON =
  'It was scheduled before publishing was set up, so it will not be sent by itself: choose Schedule Post again to send it at its time.';

/** HH:MM on the wall clock of `timeZone` at `instant`. */
const timeOfDayAt = (instant: string, timeZone: string) => new Date(wallClockMs(Date.parse(instant), timeZone)).toISOString().slice(11, 16);

/**
 * The scheduled state gets one home, the delivery: whether a post goes out (a delivery that is not
 * cancelled), where (its platform) and when (its instant, and now its wall-clock `timeOfDay`, which a
 * move to another day or a new time zone re-times it by). A post's status, scheduled network and time
 * are read from its delivery (post-repository.ts), so the copies on `posts` go:
 * - each delivery takes its post's time of day; a live one whose post was unscheduled after it had been
 *   sent (the post said draft, the delivery published) takes it from its instant;
 * - a post scheduled without a live delivery (scheduled before publishing existed, or brought back by an
 *   undo after its time) gets one that keeps its network and time but is never sent by this migration:
 *   'missed', with a reason that says how to send it (a plan made before publishing must not go out
 *   unasked);
 * - then `posts.status`, `scheduledPlatform` and `scheduledTime` are dropped.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Before>;
  await db.schema.alterTable('deliveries').addColumn('timeOfDay', 'text').execute();
  await db
    .updateTable('deliveries')
    .set((eb) => ({ timeOfDay: eb.selectFrom('posts').select('posts.scheduledTime').whereRef('posts.id', '=', 'deliveries.postId') }))
    .execute();

  const zoneOf = async (userId: string) =>
    (await db.selectFrom('profiles').select('timeZone').where('userId', '=', userId).executeTakeFirst())?.timeZone ?? 'UTC';

  const untimed = await db
    .selectFrom('deliveries')
    .select(['id', 'userId', 'dueAt'])
    .where('status', '<>', 'cancelled')
    .where('timeOfDay', 'is', null)
    .execute();
  for (const row of untimed) {
    await db
      .updateTable('deliveries')
      .set({ timeOfDay: timeOfDayAt(row.dueAt, await zoneOf(row.userId)) })
      .where('id', '=', row.id)
      .execute();
  }

  const now = new Date().toISOString();
  const unsent = await db
    .selectFrom('posts')
    .select(['posts.id', 'posts.userId', 'posts.date', 'posts.scheduledPlatform', 'posts.scheduledTime'])
    .where('posts.status', '=', 'scheduled')
    .where('posts.scheduledPlatform', 'is not', null)
    .where('posts.scheduledTime', 'is not', null)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(selectFrom('deliveries').select('deliveries.id').whereRef('deliveries.postId', '=', 'posts.id').where('deliveries.status', '<>', 'cancelled')),
      ),
    )
    .execute();
  for (const post of unsent) {
    const dueAt = zonedDateTimeToUtc(dateOnly(post.date), post.scheduledTime!, await zoneOf(post.userId)).toISOString();
    const ahead = dueAt > now;
    // A cancelled one is the post's only other delivery (one per post): the new one takes its place.
    await db.deleteFrom('deliveries').where('postId', '=', post.id).execute();
    await db
      .insertInto('deliveries')
      .values({
        id: `msg_${randomUUID().replaceAll('-', '')}`,
        userId: post.userId,
        postId: post.id,
        platform: post.scheduledPlatform!,
        status: 'missed',
        dueAt,
        nextAttemptAt: dueAt,
        attempts: 0,
        leaseUntil: null,
        leaseOwner: null,
        connectionId: null,
        reason: ahead ? NEVER_ORDERED_REASON : MISSED_REASON,
        liveUrl: null,
        finishedAt: now,
        sentAt: null,
        timeOfDay: post.scheduledTime,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }

  // One column per statement: SQLite drops them one at a time.
  for (const column of ['status', 'scheduledPlatform', 'scheduledTime']) await db.schema.alterTable('posts').dropColumn(column).execute();
}
