import { randomUUID } from 'node:crypto';
import type { MediaType, Platform, PostType } from '../../shared/domain/options';
import type { MediaItem, Post, PostStatus, WrittenPost } from '../../shared/schemas/post';
import type { Db } from './database';
import { fromJsonList, toJson } from './json-columns';
import type { PostsTable } from './schema';

export function toPost(row: PostsTable): Post {
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
    status: row.status as PostStatus,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

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
    status: 'draft',
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

export function createPostRepository(db: Db) {
  return {
    async listByMonth(userId: string, monthId: string): Promise<Post[]> {
      const rows = await db
        .selectFrom('posts')
        .selectAll()
        .where('userId', '=', userId)
        .where('monthId', '=', monthId)
        .orderBy('date')
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return rows.map(toPost);
    },

    /** A user's posts dated from `from` to `to` inclusive (noon-UTC ISO strings compare as text). */
    async listBetween(userId: string, from: string, to: string): Promise<Post[]> {
      const rows = await db
        .selectFrom('posts')
        .selectAll()
        .where('userId', '=', userId)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('date')
        .orderBy('createdAt')
        .execute();
      return rows.map(toPost);
    },

    async insertMany(rows: PostsTable[], trx: Db = db): Promise<void> {
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let start = 0; start < rows.length; start += 50) {
        await trx.insertInto('posts').values(rows.slice(start, start + 50)).execute();
      }
    },

    /** Removes the month's posts that existed at `before`; posts added since (another tab) stay. */
    async deleteByMonthCreatedBefore(userId: string, monthId: string, before: string, trx: Db = db): Promise<void> {
      await trx.deleteFrom('posts').where('userId', '=', userId).where('monthId', '=', monthId).where('createdAt', '<=', before).execute();
    },
  };
}

export type PostRepository = ReturnType<typeof createPostRepository>;
