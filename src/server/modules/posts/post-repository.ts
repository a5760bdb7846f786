import { randomUUID } from 'node:crypto';
import type { MediaType, Platform, PostType } from '@shared/domain/options';
import type { ApprovalState } from '@shared/schemas/values';
import type { MediaItem, Post, PostEvent, PostStatus, PostVersion, PostVersionsPage, WrittenPost } from '@shared/schemas/post';
import { DEFAULT_LIMITS } from '../../config';
import { inTransaction, type Db } from '../../platform/db/database';
import { fromJsonList, fromJsonObject, toJson } from '../../platform/db/json-columns';
import type { PostsTable, PostVersionsTable } from '../../platform/db/schema';

/** A post's row with its live (not cancelled) delivery's id, network and time of day; nulls without one. */
type PostRow = Omit<PostsTable, 'userId'> & { deliveryId: string | null; scheduledPlatform: string | null; scheduledTime: string | null };

/**
 * The post's schedule is its live delivery's: scheduled while it has one (waiting, sending or sent), else a draft.
 * The month screen's read says the same in SQL (post-json-repository.ts): change both together.
 */
function toPost(row: PostRow): Post {
  const live = row.deliveryId !== null;
  return {
    id: row.id,
    monthId: row.monthId,
    date: row.date,
    platform: row.platform as Platform,
    content: row.content,
    type: row.type as PostType,
    mediaPrompt: row.mediaPrompt,
    hashtags: fromJsonList<string>(row.hashtags),
    media: fromJsonList<MediaItem>(row.media).filter((item) => (['image', 'video'] as MediaType[]).includes(item.type)),
    status: (live ? 'scheduled' : 'draft') satisfies PostStatus,
    scheduledPlatform: live ? (row.scheduledPlatform as Platform | null) : null,
    scheduledTime: live ? row.scheduledTime : null,
    event: fromJsonObject<PostEvent>(row.event),
    approval: row.approval as ApprovalState,
    // SQLite answers 0/1, PostgreSQL an integer too (the column is an integer on both).
    evergreen: Number(row.evergreen) === 1,
    evergreenOf: row.evergreenOf,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Every column a Post needs (all but userId, which the query already fixes): fewer values to read per row. */
const POST_COLUMNS = [
  'posts.id',
  'posts.monthId',
  'posts.date',
  'posts.platform',
  'posts.content',
  'posts.type',
  'posts.mediaPrompt',
  'posts.hashtags',
  'posts.media',
  'posts.event',
  'posts.approval',
  'posts.evergreen',
  'posts.evergreenOf',
  'posts.version',
  'posts.createdAt',
  'posts.updatedAt',
] as const satisfies readonly `posts.${Exclude<keyof PostsTable, 'userId'>}`[];

/**
 * The one read of posts: each with its live delivery (one per post at most, so no row repeats), in the
 * same query however many posts are read. Callers filter on `posts.` columns.
 */
const selectPosts = (db: Db) =>
  db
    .selectFrom('posts')
    .leftJoin('deliveries as live', (join) => join.onRef('live.postId', '=', 'posts.id').on('live.status', '<>', 'cancelled'))
    .select(POST_COLUMNS)
    .select(['live.id as deliveryId', 'live.platform as scheduledPlatform', 'live.timeOfDay as scheduledTime']);

export function newPostRow(userId: string, monthId: string, post: WrittenPost, now: string): PostsTable {
  return {
    id: randomUUID(),
    userId,
    monthId,
    date: post.date,
    platform: post.platform,
    content: post.content,
    type: post.type,
    mediaPrompt: post.mediaPrompt,
    hashtags: toJson(post.hashtags),
    media: '[]',
    event: null,
    approval: 'waiting',
    evergreen: 0,
    evergreenOf: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

/** Fields a write may change; `version` grows by one with every write, and the post needs approving again. */
export type PostChanges = Partial<Pick<Post, 'content' | 'hashtags' | 'date' | 'platform' | 'type' | 'mediaPrompt' | 'event'>>;

/** The text a write replaces, kept as an earlier version. */
export interface KeptVersion {
  content: string;
  hashtags: string[];
  replacedBy: 'edit' | 'rewrite' | 'restore';
  instruction: string | null;
}

function toVersion(row: PostVersionsTable): PostVersion {
  return {
    id: row.id,
    postId: row.postId,
    content: row.content,
    hashtags: fromJsonList<string>(row.hashtags),
    replacedBy: row.replacedBy as PostVersion['replacedBy'],
    instruction: row.instruction,
    createdAt: row.createdAt,
  };
}

/** Posts' `updatedAt` by id: what a replacing generation found at its start. */
export type PostStamps = Record<string, string>;

/** `versionsPerPost`: earlier texts kept per post; adding one more drops the oldest. */
export function createPostRepository(db: Db, { versionsPerPost }: { versionsPerPost: number } = DEFAULT_LIMITS) {
  /**
   * Locks the month's row until the transaction ends, then counts its posts: two transactions adding
   * posts to one month take turns, so neither counts without the other's posts (PostgreSQL row lock;
   * SQLite runs one write transaction at a time).
   */
  async function lockAndCountPosts(trx: Db, userId: string, monthId: string): Promise<number> {
    await trx
      .updateTable('months')
      .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
      .where('userId', '=', userId)
      .where('id', '=', monthId)
      .execute();
    const row = await trx
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('userId', '=', userId)
      .where('monthId', '=', monthId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    /** The month's post count under its row lock; for repositories bound to a transaction (`transact`). */
    lockMonthPostCount: (userId: string, monthId: string) => lockAndCountPosts(db, userId, monthId),

    async find(userId: string, postId: string): Promise<Post | undefined> {
      const row = await selectPosts(db).where('posts.userId', '=', userId).where('posts.id', '=', postId).executeTakeFirst();
      return row ? toPost(row) : undefined;
    },

    /** The user's posts among `postIds` (those still there). */
    async findMany(userId: string, postIds: string[]): Promise<Post[]> {
      if (postIds.length === 0) return [];
      const rows = await selectPosts(db).where('posts.userId', '=', userId).where('posts.id', 'in', postIds).execute();
      return rows.map(toPost);
    },

    /**
     * Applies changes only if the post is still at `expectedVersion` (optimistic concurrency), keeping
     * the replaced text as a version in the same transaction. Returns false when the version was stale.
     */
    async update(userId: string, postId: string, expectedVersion: number, changes: PostChanges, now: string, kept?: KeptVersion): Promise<boolean> {
      // Inside the caller's transaction when there is one (the month was checked in it), else in its own.
      const { hashtags, event, ...fields } = changes;
      const apply = async (trx: Db) => {
        const result = await trx
          .updateTable('posts')
          .set((eb) => ({
            ...fields,
            ...(hashtags ? { hashtags: toJson(hashtags) } : {}),
            ...(event !== undefined ? { event: event === null ? null : toJson(event) } : {}),
            version: eb('version', '+', 1),
            // What a reviewer approved is no longer what will go out: it needs approving again.
            approval: 'waiting',
            updatedAt: now,
          }))
          .where('userId', '=', userId)
          .where('id', '=', postId)
          .where('version', '=', expectedVersion)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        if (kept) {
          await trx
            .insertInto('post_versions')
            .values({ id: randomUUID(), postId, userId, ...kept, hashtags: toJson(kept.hashtags), createdAt: now })
            .execute();
          const newest = trx
            .selectFrom('post_versions')
            .select('id')
            .where('userId', '=', userId)
            .where('postId', '=', postId)
            .orderBy('createdAt', 'desc')
            .orderBy('id', 'desc')
            .limit(versionsPerPost);
          await trx.deleteFrom('post_versions').where('userId', '=', userId).where('postId', '=', postId).where('id', 'not in', newest).execute();
        }
        return true;
      };
      return inTransaction(db, apply);
    },

    /** Inserts a post unless its month already holds `maxInMonth` posts (false then), counted under the month's lock. */
    async insertOne(row: PostsTable, maxInMonth: number): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        if ((await lockAndCountPosts(trx, row.userId, row.monthId)) >= maxInMonth) return false;
        await trx.insertInto('posts').values(row).execute();
        return true;
      });
    },

    /**
     * Changes a post's media list in a transaction that first locks the post's row, so concurrent
     * changes queue up and each sees the one before (PostgreSQL row lock; SQLite runs one write
     * transaction at a time). `change` may throw to refuse, e.g. past the per-post limit; nothing is
     * written then. Media do not bump the text version, but the post needs approving
     * again. Undefined when the post does not exist.
     */
    async updateMedia(userId: string, postId: string, change: (media: MediaItem[]) => MediaItem[], now: string): Promise<MediaItem[] | undefined> {
      return inTransaction(db, async (trx) => {
        const locked = await trx.updateTable('posts').set({ updatedAt: now }).where('userId', '=', userId).where('id', '=', postId).executeTakeFirst();
        if (Number(locked.numUpdatedRows) === 0) return undefined;
        const row = await trx.selectFrom('posts').select('media').where('userId', '=', userId).where('id', '=', postId).executeTakeFirstOrThrow();
        const next = change(fromJsonList<MediaItem>(row.media));
        await trx
          .updateTable('posts')
          .set({ media: toJson(next), approval: 'waiting' })
          .where('userId', '=', userId)
          .where('id', '=', postId)
          .execute();
        return next;
      });
    },

    /** Every media url a user's posts refer to (start-up sweep of orphaned files). */
    async listMediaUrls(userId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('posts').select('media').where('userId', '=', userId).where('media', '!=', '[]').execute();
      return new Set(rows.flatMap((row) => fromJsonList<MediaItem>(row.media).map((item) => item.url)));
    },

    /**
     * Stamps `updatedAt` without a new text version: a schedule change is a write to the post (a
     * regeneration that found it before keeps it). Done before its delivery is written: on PostgreSQL
     * this locks the row, so a regeneration deleting the post meanwhile has either waited for us, or
     * deleted it already and this answers false (the delivery would refer to no post).
     */
    async touch(userId: string, postId: string, now: string): Promise<boolean> {
      const result = await db.updateTable('posts').set({ updatedAt: now }).where('userId', '=', userId).where('id', '=', postId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** All of a user's posts with whether each was ever edited or rewritten, for analytics. */
    async listForAnalytics(userId: string) {
      const rows = await selectPosts(db)
        .select((eb) => eb.exists(eb.selectFrom('post_versions').select('post_versions.id').whereRef('post_versions.postId', '=', 'posts.id')).as('edited'))
        .where('posts.userId', '=', userId)
        .orderBy('posts.date')
        .execute();
      // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
      return rows.map((row) => {
        const { platform, type, date, status, monthId } = toPost(row);
        return { platform, type, date, status, monthId, edited: Boolean(row.edited) };
      });
    },

    /** A page of a post's earlier texts, newest first; `before` is the last version id of the previous page. */
    async listVersions(userId: string, postId: string, { limit, before }: { limit: number; before?: string }): Promise<PostVersionsPage> {
      const ofPost = () => db.selectFrom('post_versions').where('userId', '=', userId).where('postId', '=', postId);
      const { total } = await ofPost()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      let page = ofPost()
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (before) {
        const cursor = await ofPost().select(['createdAt', 'id']).where('id', '=', before).executeTakeFirst();
        // Dropped as too old since the previous page: so is everything after it.
        if (!cursor) return { versions: [], nextCursor: null, total: Number(total) };
        page = page.where((eb) => eb.or([eb('createdAt', '<', cursor.createdAt), eb.and([eb('createdAt', '=', cursor.createdAt), eb('id', '<', cursor.id)])]));
      }
      const rows = await page.execute();
      const versions = rows.slice(0, limit).map(toVersion);
      return { versions, nextCursor: rows.length > limit ? versions.at(-1)!.id : null, total: Number(total) };
    },

    async findVersion(userId: string, postId: string, versionId: string): Promise<PostVersion | undefined> {
      const row = await db
        .selectFrom('post_versions')
        .selectAll()
        .where('userId', '=', userId)
        .where('postId', '=', postId)
        .where('id', '=', versionId)
        .executeTakeFirst();
      return row ? toVersion(row) : undefined;
    },

    async listByMonth(userId: string, monthId: string): Promise<Post[]> {
      const rows = await selectPosts(db)
        .where('posts.userId', '=', userId)
        .where('posts.monthId', '=', monthId)
        .orderBy('posts.date')
        .orderBy('posts.createdAt')
        .orderBy('posts.id')
        .execute();
      return rows.map(toPost);
    },

    /** A user's posts dated from `from` to `to` inclusive (noon-UTC ISO strings compare as text). */
    async listBetween(userId: string, from: string, to: string): Promise<Post[]> {
      const rows = await selectPosts(db)
        .where('posts.userId', '=', userId)
        .where('posts.date', '>=', from)
        .where('posts.date', '<=', to)
        .orderBy('posts.date')
        .orderBy('posts.createdAt')
        .execute();
      return rows.map(toPost);
    },

    async insertMany(rows: PostsTable[]): Promise<void> {
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let start = 0; start < rows.length; start += 50) {
        await db
          .insertInto('posts')
          .values(rows.slice(start, start + 50))
          .execute();
      }
    },

    /** The month's posts' `updatedAt` stamps (of those last written before `before`, when given). */
    async stamps(userId: string, monthId: string, before?: string): Promise<PostStamps> {
      let query = db.selectFrom('posts').select(['id', 'updatedAt']).where('userId', '=', userId).where('monthId', '=', monthId);
      if (before !== undefined) query = query.where('updatedAt', '<', before);
      return Object.fromEntries((await query.execute()).map((row) => [row.id, row.updatedAt]));
    },

    /**
     * Removes the month's posts still as a regeneration's start found them (`replaceable`, their
     * `updatedAt` then) and returns how many stay. Every write to a post (edit, rewrite, restore, move,
     * schedule, media) stamps `updatedAt`, so a post changed since, on any instance and whatever its
     * clock reads, or added since, is kept with its history. A post with a delivery (waiting, being
     * sent, sent, or with an outcome to see) stays too, unless it was cancelled: its record must outlive
     * a regeneration. The checks are in the DELETE itself, safe against a worker claiming a delivery
     * meanwhile: a claim only takes a 'scheduled' one, which already keeps its post, and a delivery is
     * only created by scheduling, which stamps `updatedAt` (on PostgreSQL re-checked on the row the
     * DELETE locks).
     */
    async deleteUnchanged(userId: string, monthId: string, replaceable: PostStamps): Promise<number> {
      const entries = Object.entries(replaceable);
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let start = 0; start < entries.length; start += 200) {
        await db
          .deleteFrom('posts')
          .where('userId', '=', userId)
          .where('monthId', '=', monthId)
          .where((eb) => eb.or(entries.slice(start, start + 200).map(([id, updatedAt]) => eb.and([eb('id', '=', id), eb('updatedAt', '=', updatedAt)]))))
          .where(({ exists, not, selectFrom }) =>
            not(
              exists(
                selectFrom('deliveries').select('deliveries.id').whereRef('deliveries.postId', '=', 'posts.id').where('deliveries.status', '<>', 'cancelled'),
              ),
            ),
          )
          .execute();
      }
      const left = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('userId', '=', userId)
        .where('monthId', '=', monthId)
        .executeTakeFirstOrThrow();
      return Number(left.count);
    },
  };
}

export type PostRepository = ReturnType<typeof createPostRepository>;
