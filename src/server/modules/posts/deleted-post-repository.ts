import type { MediaItem } from '@shared/schemas/post';
import { inTransaction, type Db } from '../../platform/db/database';
import { fromJsonList, toJson } from '../../platform/db/json-columns';
import type { PostsTable, PostVersionsTable } from '../../platform/db/schema';

/** A purged deletion: whose it was and the media it referred to (their files may go now). */
export interface PurgedPost {
  userId: string;
  media: string[];
}

/**
 * Deleting a post moves its row and its versions here, as they were; restoring moves them back, so the
 * post comes back exactly (id, text, version, schedule, media, history). Purging forgets them for good.
 */
export function createDeletedPostRepository(db: Db) {
  return {
    /** Moves the post and its versions out of the live tables; false when there was no such post. */
    async trash(userId: string, postId: string, now: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const post = await trx.selectFrom('posts').selectAll().where('userId', '=', userId).where('id', '=', postId).executeTakeFirst();
        if (!post) return false;
        const versions = await trx.selectFrom('post_versions').selectAll().where('userId', '=', userId).where('postId', '=', postId).execute();
        await trx
          .insertInto('deleted_posts')
          .values({ postId, userId, monthId: post.monthId, post: toJson(post), versions: toJson(versions), deletedAt: now })
          .execute();
        await trx.deleteFrom('post_versions').where('userId', '=', userId).where('postId', '=', postId).execute();
        await trx.deleteFrom('posts').where('userId', '=', userId).where('id', '=', postId).execute();
        return true;
      });
    },

    /** The month a deleted post belonged to, while it can still be restored (deleted at or after `since`). */
    async findRestorable(userId: string, postId: string, since: string): Promise<{ monthId: string } | undefined> {
      return db
        .selectFrom('deleted_posts')
        .select('monthId')
        .where('userId', '=', userId)
        .where('postId', '=', postId)
        .where('deletedAt', '>=', since)
        .executeTakeFirst();
    },

    /** Puts the post and its versions back as they were; false when it is gone or was deleted before `since`. */
    async restore(userId: string, postId: string, since: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('deleted_posts')
          .selectAll()
          .where('userId', '=', userId)
          .where('postId', '=', postId)
          .where('deletedAt', '>=', since)
          .executeTakeFirst();
        if (!row) return false;
        await trx
          .insertInto('posts')
          .values(JSON.parse(row.post) as PostsTable)
          .execute();
        const versions = fromJsonList<PostVersionsTable>(row.versions);
        if (versions.length > 0) await trx.insertInto('post_versions').values(versions).execute();
        await trx.deleteFrom('deleted_posts').where('postId', '=', postId).execute();
        return true;
      });
    },

    /** Media urls of a user's deleted posts still waiting: their files must stay. */
    async listMediaUrls(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('deleted_posts').select('post').where('userId', '=', userId).execute();
      return rows.flatMap((row) => fromJsonList<MediaItem>((JSON.parse(row.post) as PostsTable).media).map((item) => item.url));
    },

    /** Forgets every deletion made before `before` for good and answers what media they referred to. */
    async purgeBefore(before: string): Promise<PurgedPost[]> {
      return inTransaction(db, async (trx) => {
        const rows = await trx.selectFrom('deleted_posts').select(['postId', 'userId', 'post']).where('deletedAt', '<', before).execute();
        if (rows.length === 0) return [];
        await trx
          .deleteFrom('deleted_posts')
          .where(
            'postId',
            'in',
            rows.map((row) => row.postId),
          )
          .execute();
        return rows.map((row) => ({
          userId: row.userId,
          media: fromJsonList<MediaItem>((JSON.parse(row.post) as PostsTable).media).map((item) => item.url),
        }));
      });
    },
  };
}

export type DeletedPostRepository = ReturnType<typeof createDeletedPostRepository>;
