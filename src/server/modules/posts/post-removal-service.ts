import { RESTORABLE_FOR_MS, type DeletedPost } from '@shared/schemas/post-actions';
import type { Post } from '@shared/schemas/post';
import type { DeletedPostRepository } from './deleted-post-repository';
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
    // A deleted post does not go out; one being sent this moment cannot be deleted until it is done.
    if ((await repositories.deliveries.cancel(userId, post.id, at.toISOString())) === 'busy') throw new AppError('delivery_in_flight', PUBLISHING_NOW_MESSAGE);
    await repositories.deletedPosts.trash(userId, post.id, at.toISOString());
    return { postId: post.id, monthId: post.monthId, restorableUntil: new Date(at.getTime() + RESTORABLE_FOR_MS).toISOString() };
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
        if (!(await repositories.deletedPosts.restore(userId, postId, restorableSince()))) throw gone();
        const post = (await repositories.posts.find(userId, postId))!;
        // A schedule still ahead comes back with it, so the post goes out at its time; one already due
        // (sent, failed or missed before the deletion) is never sent again by an undo.
        if (post.scheduledPlatform && post.scheduledTime) {
          const dueAt = await dueAtOf(repositories, userId, post.date, post.scheduledTime);
          if (dueAt > now().toISOString())
            await repositories.deliveries.schedule({ userId, postId, platform: post.scheduledPlatform, dueAt }, now().toISOString());
        }
        return post;
      });
    },
  };
}

export type PostRemovalService = ReturnType<typeof createPostRemovalService>;
