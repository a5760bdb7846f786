import type { ApprovalState } from '@shared/schemas/values';
import type { PostReview, ReviewDecision } from '@shared/schemas/review';
import type { Db } from '../../platform/db/database';
import type { PostReviewsTable, ReviewLinksTable } from '../../platform/db/schema';
import { raiseNothing, type RaiseNotification } from '../notifications/notification-repository';
import type { NotificationEvent } from '../notifications/events';

export type ReviewLinkRow = ReviewLinksTable;

function toReview(row: PostReviewsTable): PostReview {
  return {
    id: row.id,
    postId: row.postId,
    reviewerName: row.reviewerName,
    decision: row.decision as ReviewDecision,
    comment: row.comment,
    postVersion: row.postVersion,
    createdAt: row.createdAt,
  };
}

/**
 * Review links and the decisions left through them. A link is found by its token's SHA-256 on every
 * request (never cached), so a revocation written by any instance holds at the next request anywhere.
 * `raise` records the planner's notification inside the decision's transaction.
 */
export function createReviewLinkRepository(db: Db, raise: RaiseNotification = raiseNothing) {
  return {
    async insert(row: ReviewLinkRow): Promise<void> {
      await db.insertInto('review_links').values(row).execute();
    },

    /**
     * How many links the month holds, live or not, counted under the month's row lock until the caller's
     * transaction ends: two requests adding links take turns (PostgreSQL row lock; SQLite writes one at a time).
     */
    async lockAndCountInMonth(userId: string, monthId: string): Promise<number> {
      await db
        .updateTable('months')
        .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
        .where('userId', '=', userId)
        .where('id', '=', monthId)
        .execute();
      const row = await db
        .selectFrom('review_links')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .where('monthId', '=', monthId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The month's links, newest first. */
    listInMonth(userId: string, monthId: string): Promise<ReviewLinkRow[]> {
      return db
        .selectFrom('review_links')
        .selectAll()
        .where('userId', '=', userId)
        .where('monthId', '=', monthId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    find(userId: string, linkId: string): Promise<ReviewLinkRow | undefined> {
      return db.selectFrom('review_links').selectAll().where('userId', '=', userId).where('id', '=', linkId).executeTakeFirst();
    },

    /** The link by its id alone: for the review page's media, whose signed address (ours) names the link. */
    findById(linkId: string): Promise<ReviewLinkRow | undefined> {
      return db.selectFrom('review_links').selectAll().where('id', '=', linkId).executeTakeFirst();
    },

    /** The link whose token hashes to `tokenHash`, in whatever state; the unique index makes this one lookup. */
    findByTokenHash(tokenHash: string): Promise<ReviewLinkRow | undefined> {
      return db.selectFrom('review_links').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
    },

    /** Revokes a live link; a link revoked before keeps its first revocation time. */
    async revoke(userId: string, linkId: string, at: string): Promise<void> {
      await db
        .updateTable('review_links')
        .set({ revokedAt: at })
        .where('userId', '=', userId)
        .where('id', '=', linkId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    async stampOpened(linkId: string, at: string): Promise<void> {
      await db.updateTable('review_links').set({ lastOpenedAt: at }).where('id', '=', linkId).execute();
    },

    /** Marks the link finished and records the planner's notification, in the caller's transaction. */
    async finish(link: Pick<ReviewLinkRow, 'id' | 'userId'>, at: string, event: NotificationEvent): Promise<void> {
      await db.updateTable('review_links').set({ finishedAt: at }).where('userId', '=', link.userId).where('id', '=', link.id).execute();
      await raise(db, event);
    },

    /**
     * Sets a post's approval if it is still at `version` (the one the reviewer saw); false when it
     * changed since. The text version does not move: a decision is not an edit, and the planner's open
     * editor stays current. `updatedAt` is stamped, as by every write to a post, so a regeneration that
     * started before keeps the post.
     */
    async setApproval(userId: string, postId: string, version: number, approval: ApprovalState, at: string): Promise<boolean> {
      const result = await db
        .updateTable('posts')
        .set({ approval, updatedAt: at })
        .where('userId', '=', userId)
        .where('id', '=', postId)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertReview(row: PostReviewsTable): Promise<void> {
      await db.insertInto('post_reviews').values(row).execute();
    },

    /** Decisions left through the link so far: numbers the link's "finished" notifications. */
    async countDecisions(userId: string, linkId: string): Promise<number> {
      const row = await db
        .selectFrom('post_reviews')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .where('linkId', '=', linkId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The reviews of these posts (from any link), newest first. */
    async reviewsOf(userId: string, postIds: string[]): Promise<PostReview[]> {
      if (postIds.length === 0) return [];
      const rows = await db
        .selectFrom('post_reviews')
        .selectAll()
        .where('userId', '=', userId)
        .where('postId', 'in', postIds)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toReview);
    },
  };
}

export type ReviewLinkRepository = ReturnType<typeof createReviewLinkRepository>;
