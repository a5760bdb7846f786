import type { BulkAction, BulkResult } from '@shared/schemas/post-actions';
import { AppError, notFound } from '../../errors';
import type { Access } from '../months/access';
import type { PostRemovalService } from './post-removal-service';
import type { PostService } from './post-service';
import type { ScheduleService } from './schedule-service';

interface Deps {
  access: Access;
  posts: PostService;
  removal: PostRemovalService;
  schedule: ScheduleService;
}

/**
 * One action on several selected posts of a month. Each post goes through the same rules as on its
 * own (version, archived month, limits) in its own transaction, so a stale post fails alone while the
 * others go through, each keeping its history.
 */
export function createBulkPostService({ access, posts, removal, schedule }: Deps) {
  async function applyOne(userId: string, monthId: string, action: BulkAction, target: { id: string; version: number }): Promise<BulkResult> {
    const { post } = await access.requirePost(userId, target.id);
    if (post.monthId !== monthId) throw notFound('Post');
    switch (action.action) {
      case 'delete':
        return { postId: target.id, ok: true, post: null, deleted: await removal.remove(userId, target.id, target.version) };
      case 'schedule':
        return {
          postId: target.id,
          ok: true,
          post: await schedule.schedule(userId, target.id, { platform: post.platform, time: action.time }, target.version),
          deleted: null,
        };
      case 'rewrite':
        return {
          postId: target.id,
          ok: true,
          post: await posts.rewrite(userId, target.id, { version: target.version, instructions: action.instructions }),
          deleted: null,
        };
    }
  }

  return {
    async apply(userId: string, monthId: string, action: BulkAction): Promise<{ results: BulkResult[] }> {
      await access.requireMonth(userId, monthId, { writable: true });
      const results: BulkResult[] = [];
      // One after another: a rewrite calls the writer, and the AI request limits count each post.
      for (const target of action.posts) {
        try {
          results.push(await applyOne(userId, monthId, action, target));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ postId: target.id, ok: false, status: error.status, error: { code: error.code, message: error.message } });
        }
      }
      return { results };
    },
  };
}

export type BulkPostService = ReturnType<typeof createBulkPostService>;
