import type { Writer } from '../../ai/writer';
import type { Limits } from '../../config';
import type { PostRepository } from '../posts/post-repository';
import type { PostsTable } from '../../platform/db/schema';
import type { UsageRepository } from './usage-repository';
import { AppError } from '../../errors';
import { aiLimitReached, type NotificationEvent } from '../notifications/events';

interface Deps {
  usage: UsageRepository;
  posts: PostRepository;
  writer: Writer;
  limits: Limits;
  now?: () => Date;
  /** Tells the user a limit was reached (a notification; it must not throw). */
  raise?: (event: NotificationEvent) => Promise<void>;
}

/** "in 5 hours", "in 40 minutes": how long until the next UTC midnight. */
function untilMidnightUtc(at: Date): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  const minutes = Math.max(1, Math.ceil((midnight - at.getTime()) / 60_000));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `in about ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * What one user may use of the shared server (docs/operations.md): AI requests per UTC day and posts
 * per month. Each limit is checked with the write it guards, so parallel requests cannot pass it.
 */
export function createUsageLimits({ usage, posts, writer, limits, now = () => new Date(), raise = async () => undefined }: Deps) {
  const monthFull = () =>
    new AppError(
      'month_full',
      `This month already has ${limits.postsPerMonth} posts, the most a month can hold. Change the posts it has, or generate the month again to replace them.`,
    );

  /** Refuses when a month holding `postCount` posts cannot take `adding` more. */
  function checkMonthRoom(postCount: number, adding: number): void {
    if (postCount + adding > limits.postsPerMonth) throw monthFull();
  }

  return {
    /**
     * Counts one request to the AI provider for the user's UTC day, or refuses past the limit. The
     * built-in template writer costs nothing and is not counted. `from`: a transaction's usage
     * repository, so the request counts only if that transaction commits. `always`: counted whatever
     * writes the text (an image from the image model is an AI request of its own).
     */
    async consumeAiRequest(userId: string, from: UsageRepository = usage, { always = false }: { always?: boolean } = {}): Promise<void> {
      if (writer.kind === 'offline' && !always) return;
      const at = now();
      const day = at.toISOString().slice(0, 10);
      if (await from.consumeAiRequest(userId, day, limits.aiRequestsPerDay)) return;
      // Not awaited: the refusal may be inside a transaction, which the notification must not wait for (or join).
      void raise(aiLimitReached({ userId, day, limit: limits.aiRequestsPerDay }));
      throw new AppError(
        'ai_limit_reached',
        `You have used all ${limits.aiRequestsPerDay} AI requests for today. More are available after midnight UTC (${untilMidnightUtc(at)}). Until then you can still edit your posts and add posts by hand.`,
      );
    },

    checkMonthRoom,

    /** Adds one post, refused when its month is full (counted in the inserting transaction, `into` when given). */
    async insertPost(row: PostsTable, into: PostRepository = posts): Promise<void> {
      if (!(await into.insertOne(row, limits.postsPerMonth))) throw monthFull();
    },

    /**
     * For a transaction about to add `adding` posts to a month (`into`: its post repository): locks the
     * month and refuses (throws, so the transaction rolls back) when it would hold more than the limit.
     */
    async assertMonthHasRoom(into: PostRepository, userId: string, monthId: string, adding: number): Promise<void> {
      checkMonthRoom(await into.lockMonthPostCount(userId, monthId), adding);
    },
  };
}

export type UsageLimits = ReturnType<typeof createUsageLimits>;
