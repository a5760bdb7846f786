import { dateOnly } from '@shared/domain/months';
import { zonedDateTimeToUtc } from '@shared/domain/zoned-time';
import type { Post } from '@shared/schemas/post';
import type { Schedule } from '@shared/schemas/schedule';
import type { Repositories } from '../../platform/db/transact';
import { AppError, notFound } from '../../errors';
import { STALE_MESSAGE, type Access } from '../months/access';
import type { ScheduleCheck } from '../publishing/schedule-check';

interface Deps {
  access: Access;
  /** Refuses, before it is saved, a post that its connection or network would not take. */
  check: ScheduleCheck;
  now?: () => Date;
}

export const PUBLISHING_NOW_MESSAGE = 'This post is being published right now. Wait a moment, then reload to see how it went.';
export const ALREADY_PUBLISHED_MESSAGE = 'This post has been published: it can no longer be unscheduled.';

/** The instant a post is due: its day and time of day on the user's wall clock, DST included. */
export async function dueAtOf(repositories: Repositories, userId: string, date: string, time: string): Promise<string> {
  const timeZone = (await repositories.profiles.findZone(userId))?.timeZone ?? 'UTC';
  return zonedDateTimeToUtc(dateOnly(date), time, timeZone).toISOString();
}

/**
 * Scheduling: a post gets a network and a time of day and is delivered then through the connection
 * its network routes to (publishing/engine.ts). The schedule is the delivery: the post is read as
 * scheduled while it has one that is not cancelled (post-repository.ts).
 */
export function createScheduleService({ access, check, now = () => new Date() }: Deps) {
  /**
   * Sets or clears the schedule, and the post's delivery with it, in the transaction that checks the
   * post and its month; given the version the client saw (bulk actions), a stale one is refused.
   */
  const save = (userId: string, postId: string, schedule: Schedule | null, expectedVersion?: number) =>
    access.writeToPost(userId, postId, async (repositories, post) => {
      if (expectedVersion !== undefined && post.version !== expectedVersion) throw new AppError('stale_version', STALE_MESSAGE);
      const at = now().toISOString();
      // First, as any write to the post: a regeneration may have deleted it since it was found.
      if (!(await repositories.posts.touch(userId, postId, at))) throw notFound('Post');
      const result = schedule
        ? await repositories.deliveries.schedule(
            { userId, postId, platform: schedule.platform, dueAt: await dueAtOf(repositories, userId, post.date, schedule.time), timeOfDay: schedule.time },
            at,
          )
        : await repositories.deliveries.cancel(userId, postId, at);
      if (result === 'busy') throw new AppError('delivery_in_flight', PUBLISHING_NOW_MESSAGE);
      if (result === 'published') throw new AppError('already_published', ALREADY_PUBLISHED_MESSAGE);
      return (await repositories.posts.find(userId, postId))!;
    });

  return {
    /** Checked first against its connection and network (which may ask the network), outside the transaction that saves it. */
    async schedule(userId: string, postId: string, schedule: Schedule, expectedVersion?: number): Promise<Post> {
      const { post } = await access.requirePost(userId, postId, { writable: true });
      await check.assertSendable(userId, post, schedule.platform);
      return save(userId, postId, schedule, expectedVersion);
    },
    unschedule: (userId: string, postId: string): Promise<Post> => save(userId, postId, null),
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
