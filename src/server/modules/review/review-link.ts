import { createHash, randomBytes } from 'node:crypto';
import type { Post } from '@shared/schemas/post';
import type { ReviewLink } from '@shared/schemas/review';
import { AppError } from '../../errors';
import type { ReviewLinkRow } from './review-link-repository';

/** 32 random bytes, base64url: 43 characters, 256 bits. Shown once; only its hash is stored. */
export const newReviewToken = () => randomBytes(32).toString('base64url');

/** What is stored and looked up: the token's SHA-256, hex. A leaked table holds no working link. */
export const hashReviewToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** One answer for an unknown, revoked, expired or guessed token, or a post not in the link: a guess learns nothing. */
export const invalidLink = () => new AppError('review_link_invalid', 'This review link is not valid any more. Ask for a new one.');

export const isLive = (link: Pick<ReviewLinkRow, 'revokedAt' | 'expiresAt'>, at: Date) => link.revokedAt === null && Date.parse(link.expiresAt) > at.getTime();

export function toReviewLink(row: ReviewLinkRow, at: Date): ReviewLink {
  return {
    id: row.id,
    monthId: row.monthId,
    reviewerName: row.reviewerName,
    fromDate: row.fromDate,
    toDate: row.toDate,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastOpenedAt: row.lastOpenedAt,
    finishedAt: row.finishedAt,
    createdAt: row.createdAt,
    state: row.revokedAt !== null ? 'revoked' : isLive(row, at) ? 'active' : 'expired',
  };
}

/** Whether the link shows this post: its month, and its days when the link names a range (dates are noon UTC, ranges YYYY-MM-DD). */
export function showsPost(link: Pick<ReviewLinkRow, 'monthId' | 'fromDate' | 'toDate'>, post: Pick<Post, 'monthId' | 'date'>): boolean {
  if (post.monthId !== link.monthId) return false;
  const day = post.date.slice(0, 10);
  return (link.fromDate === null || day >= link.fromDate) && (link.toDate === null || day <= link.toDate);
}
