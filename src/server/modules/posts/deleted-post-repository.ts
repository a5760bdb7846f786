import type { MediaItem } from '@shared/schemas/post';
import { inTransaction, type Db } from '../../platform/db/database';
import { fromJsonList, toJson } from '../../platform/db/json-columns';
import type { DeliveriesTable, DeliveryAttemptsTable, PostsTable, PostVersionsTable } from '../../platform/db/schema';

/** A purged deletion: whose it was and the media it referred to (their files may go now). */
export interface PurgedPost {
  userId: string;
  media: string[];
}

/**
 * What a deleted post's schedule was: its live delivery and that delivery's log as they were before
 * the deletion cancelled it, or, for a post deleted before deliveries held the schedule, the post's own.
 */
export type FormerSchedule =
  { kind: 'delivery'; delivery: DeliveriesTable; attempts: DeliveryAttemptsTable[] } | { kind: 'schedule'; platform: string; timeOfDay: string };

/** The JSON kept of a deleted post: its row with its delivery set aside; older ones hold the row's schedule columns of then. */
type KeptPost = Omit<PostsTable, 'approval' | 'evergreen' | 'evergreenOf'> & {
  approval?: string;
  evergreen?: number;
  evergreenOf?: string | null;
  setAside?: { delivery: DeliveriesTable; attempts: DeliveryAttemptsTable[] } | null;
  scheduledPlatform?: string | null;
  scheduledTime?: string | null;
  status?: string;
};

function formerSchedule(kept: KeptPost): FormerSchedule | null {
  if (kept.setAside) return { kind: 'delivery', ...kept.setAside };
  if (kept.status === 'scheduled' && kept.scheduledPlatform && kept.scheduledTime)
    return { kind: 'schedule', platform: kept.scheduledPlatform, timeOfDay: kept.scheduledTime };
  return null;
}

/** The row's own columns: older JSON also holds the schedule columns posts no longer have. */
const postRow = ({
  id,
  userId,
  monthId,
  date,
  platform,
  content,
  type,
  mediaPrompt,
  hashtags,
  media,
  event,
  approval,
  evergreen,
  evergreenOf,
  version,
  createdAt,
  updatedAt,
}: KeptPost): PostsTable => ({
  id,
  userId,
  monthId,
  date,
  platform,
  content,
  type,
  mediaPrompt,
  hashtags,
  media,
  // Posts deleted before offers and events were kept without the column.
  event: event ?? null,
  // And before review links.
  approval: approval ?? 'waiting',
  // And before evergreen posts.
  evergreen: evergreen ?? 0,
  evergreenOf: evergreenOf ?? null,
  version,
  createdAt,
  updatedAt,
});

/**
 * Deleting a post moves its row and its versions here, as they were; restoring moves them back, so the
 * post comes back exactly (id, text, version, schedule, media, history). Purging forgets them for good.
 */
export function createDeletedPostRepository(db: Db) {
  return {
    /**
     * Moves the post and its versions out of the live tables, with `delivery` (its live one as it was
     * before being cancelled) and that delivery's log, which go with the post; false when there was no such post.
     */
    async trash(userId: string, postId: string, now: string, delivery?: DeliveriesTable): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const post = await trx.selectFrom('posts').selectAll().where('userId', '=', userId).where('id', '=', postId).executeTakeFirst();
        if (!post) return false;
        const versions = await trx.selectFrom('post_versions').selectAll().where('userId', '=', userId).where('postId', '=', postId).execute();
        const attempts = delivery ? await trx.selectFrom('delivery_attempts').selectAll().where('deliveryId', '=', delivery.id).orderBy('at').execute() : [];
        const kept: KeptPost = { ...post, setAside: delivery ? { delivery, attempts } : null };
        await trx
          .insertInto('deleted_posts')
          .values({ postId, userId, monthId: post.monthId, post: toJson(kept), versions: toJson(versions), deletedAt: now })
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

    /**
     * Puts the post and its versions back as they were, and answers what its schedule was (the caller
     * brings it back); undefined when it is gone or was deleted before `since`.
     */
    async restore(userId: string, postId: string, since: string): Promise<{ schedule: FormerSchedule | null } | undefined> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('deleted_posts')
          .selectAll()
          .where('userId', '=', userId)
          .where('postId', '=', postId)
          .where('deletedAt', '>=', since)
          .executeTakeFirst();
        if (!row) return undefined;
        const kept = JSON.parse(row.post) as KeptPost;
        await trx.insertInto('posts').values(postRow(kept)).execute();
        const versions = fromJsonList<PostVersionsTable>(row.versions);
        if (versions.length > 0) await trx.insertInto('post_versions').values(versions).execute();
        await trx.deleteFrom('deleted_posts').where('postId', '=', postId).execute();
        return { schedule: formerSchedule(kept) };
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
        const postIds = rows.map((row) => row.postId);
        await trx.deleteFrom('deleted_posts').where('postId', 'in', postIds).execute();
        // A reviewer's decisions on the post go with it (they were kept while it could be restored).
        await trx.deleteFrom('post_reviews').where('postId', 'in', postIds).execute();
        return rows.map((row) => ({
          userId: row.userId,
          media: fromJsonList<MediaItem>((JSON.parse(row.post) as PostsTable).media).map((item) => item.url),
        }));
      });
    },
  };
}

export type DeletedPostRepository = ReturnType<typeof createDeletedPostRepository>;
