import { RESTORABLE_FOR_MS, type DeletedPost } from '@shared/schemas/post-actions';
import type { Post } from '@shared/schemas/post';
import type { DeletedPostRepository, FormerSchedule } from './deleted-post-repository';
import type { Repositories } from '../../platform/db/transact';
import { AppError } from '../../errors';
import { STALE_MESSAGE, type Access } from '../months/access';
import { dueAtOf, PUBLISHING_NOW_MESSAGE } from './schedule-service';
import type { UsageLimits } from '../account/usage-limits';

interface Deps {
  deletedPosts: DeletedPostRepository;
  access: Access;
  usage: UsageLimits;
  now?: () => Date;
}

const gone = () => new AppError('not_found', 'This post can no longer be restored: the time to undo its deletion has passed.');
const PASSED_WHILE_DELETED = 'Its time passed while the post was deleted, so it was not sent: schedule it again, or retry to send it now.';

/**
 * Deleting a post with a short time to undo it: the post and its versions move aside (the deleted
 * posts table) and come back exactly on undo; the media service purges them, files included, once
 * RESTORABLE_FOR_MS has passed.
 */
export function createPostRemovalService({ deletedPosts, access, usage, now = () => new Date() }: Deps) {
  const restorableSince = () => new Date(now().getTime() - RESTORABLE_FOR_MS).toISOString();

  /** Deletes inside the caller's transaction, where the month was found writable. */
  async function trash(repositories: Repositories, userId: string, post: Post, expectedVersion: number): Promise<DeletedPost> {
    if (post.version !== expectedVersion) throw new AppError('stale_version', STALE_MESSAGE);
    const at = now();
    // Its delivery goes aside with it, as it was before this cancels it.
    const delivery = await repositories.deliveries.findByPost(userId, post.id);
    // A deleted post does not go out; one being sent this moment cannot be deleted until it is done.
    if ((await repositories.deliveries.cancel(userId, post.id, at.toISOString())) === 'busy') throw new AppError('delivery_in_flight', PUBLISHING_NOW_MESSAGE);
    await repositories.deletedPosts.trash(userId, post.id, at.toISOString(), delivery?.status === 'cancelled' ? undefined : delivery);
    return { postId: post.id, monthId: post.monthId, restorableUntil: new Date(at.getTime() + RESTORABLE_FOR_MS).toISOString() };
  }

  /**
   * A schedule still ahead comes back with the post, so it goes out at its time; a delivery that had
   * ended (sent, failed, missed) comes back as it was, log included, and one whose time passed while the
   * post was deleted comes back missed: an undo never sends anything again.
   */
  async function bringBack(repositories: Repositories, userId: string, postId: string, former: FormerSchedule) {
    if (former.kind === 'delivery' && (former.delivery.status !== 'scheduled' || former.delivery.timeOfDay === null))
      return repositories.deliveries.reinstate(former.delivery, former.attempts);
    const { platform, timeOfDay } = former.kind === 'delivery' ? { platform: former.delivery.platform, timeOfDay: former.delivery.timeOfDay! } : former;
    const post = (await repositories.posts.find(userId, postId))!;
    const schedule = { userId, postId, platform, timeOfDay, dueAt: await dueAtOf(repositories, userId, post.date, timeOfDay) };
    const at = now().toISOString();
    if (schedule.dueAt > at) await repositories.deliveries.schedule(schedule, at);
    else await repositories.deliveries.recordMissed(schedule, PASSED_WHILE_DELETED, at);
  }

  return {
    trash,

    /** Refused in an archived month (inside the transaction that deletes) and for a stale version. */
    async remove(userId: string, postId: string, expectedVersion: number): Promise<DeletedPost> {
      return access.writeToPost(userId, postId, (repositories, post) => trash(repositories, userId, post, expectedVersion));
    },

    /**
     * Undo: the post comes back as it was, while its month is still writable and has room.
     */
    async restore(userId: string, postId: string): Promise<Post> {
      const found = await deletedPosts.findRestorable(userId, postId, restorableSince());
      if (!found) {
        // A post that is not deleted (a second click on Undo): the guard's answer for its month, else 409.
        const live = await access.requirePost(userId, postId, { writable: true }).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'archived') throw error;
          return undefined;
        });
        if (live) throw new AppError('already_restored', 'This post is already back in the calendar.');
        throw gone();
      }
      return access.writeInMonth(userId, found.monthId, async (repositories) => {
        await usage.assertMonthHasRoom(repositories.posts, userId, found.monthId, 1);
        const restored = await repositories.deletedPosts.restore(userId, postId, restorableSince());
        if (!restored) throw gone();
        if (restored.schedule) await bringBack(repositories, userId, postId, restored.schedule);
        return (await repositories.posts.find(userId, postId))!;
      });
    },
  };
}

export type PostRemovalService = ReturnType<typeof createPostRemovalService>;
