import { randomUUID } from 'node:crypto';
import { isDateInMonth, monthName, parseMonthId } from '@shared/domain/months';
import { REVIEW_LIMITS, type CreatedReviewLink, type PostReview, type ReviewLink, type ReviewLinkCreate } from '@shared/schemas/review';
import { AppError, notFound } from '../../errors';
import type { Access } from '../months/access';
import type { ReviewLinkRepository } from './review-link-repository';
import { hashReviewToken, newReviewToken, toReviewLink } from './review-link';

interface Deps {
  reviews: ReviewLinkRepository;
  access: Access;
  now: () => Date;
}

const DAY_MS = 86_400_000;

/**
 * The planner's side of review links: share a month (or a range of its days), list and revoke its links,
 * read a post's reviews. Every query is scoped to the signed-in user; creating one is a write in the
 * month (refused once it is archived), revoking always works: it only takes access away.
 */
export function createReviewLinkService({ reviews, access, now }: Deps) {
  return {
    /** A new link; its token is in `url` this once (only its hash is kept). `origin`: where the address points. */
    async create(userId: string, monthId: string, input: ReviewLinkCreate, origin: string): Promise<CreatedReviewLink> {
      // The early check first: another user's month is 404 and an archived one 409, whatever the range says.
      await access.requireMonth(userId, monthId, { writable: true });
      const ref = parseMonthId(monthId);
      for (const field of ['fromDate', 'toDate'] as const) {
        const day = input[field];
        if (ref && day !== undefined && !isDateInMonth(day, ref)) {
          const message = `Pick a day in ${monthName(ref.month)} ${ref.year}.`;
          throw new AppError('bad_request', message, { [field]: message });
        }
      }
      const token = newReviewToken();
      const row = await access.writeInMonth(userId, monthId, async (repositories) => {
        if ((await repositories.reviews.lockAndCountInMonth(userId, monthId)) >= REVIEW_LIMITS.linksPerMonth)
          throw new AppError('conflict', `A month can have at most ${REVIEW_LIMITS.linksPerMonth} review links.`);
        const at = now();
        const link = {
          id: randomUUID(),
          userId,
          monthId,
          tokenHash: hashReviewToken(token),
          reviewerName: input.reviewerName ?? null,
          fromDate: input.fromDate ?? null,
          toDate: input.toDate ?? null,
          expiresAt: new Date(at.getTime() + input.expiresInDays * DAY_MS).toISOString(),
          revokedAt: null,
          lastOpenedAt: null,
          finishedAt: null,
          createdAt: at.toISOString(),
        };
        await repositories.reviews.insert(link);
        return link;
      });
      return { link: toReviewLink(row, now()), url: `${origin}/review/${token}` };
    },

    /** The month's links, newest first. */
    async list(userId: string, monthId: string): Promise<ReviewLink[]> {
      await access.requireMonth(userId, monthId);
      const at = now();
      return (await reviews.listInMonth(userId, monthId)).map((row) => toReviewLink(row, at));
    },

    /** Revokes the link (at once, on every instance: each request looks it up); revoking it again answers the same. */
    async revoke(userId: string, linkId: string): Promise<ReviewLink> {
      const at = now();
      await reviews.revoke(userId, linkId, at.toISOString());
      const row = await reviews.find(userId, linkId);
      if (!row) throw notFound('Review link');
      return toReviewLink(row, at);
    },

    /** A post's reviews, newest first: its history in the editor. */
    async history(userId: string, postId: string): Promise<PostReview[]> {
      await access.requirePost(userId, postId);
      return reviews.reviewsOf(userId, [postId]);
    },
  };
}

export type ReviewLinkService = ReturnType<typeof createReviewLinkService>;
