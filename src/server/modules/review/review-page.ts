import type { Post } from '@shared/schemas/post';
import type { PostReview, ReviewPage, ReviewPost } from '@shared/schemas/review';
import { MEDIA_URL_PREFIX } from '../media/media-service';
import { monthLabel } from '../notifications/events';
import type { ReviewLinkRow } from './review-link-repository';

/** The stored file a post's media item names (`/api/media/<fileId>`); undefined for anything else. */
export const fileOf = (url: string) => (url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : undefined);

/**
 * A post as the reviewer sees it: what will go out and when, its approval and the reviews left on it;
 * nothing of the account behind it (no connection, no delivery, no prompt). Media go through signed
 * links of this review link (`mediaUrl`); an item that is not a stored file is left out.
 */
export function toReviewPost(post: Post, reviews: PostReview[], mediaUrl: (fileId: string) => string): ReviewPost {
  return {
    id: post.id,
    date: post.date,
    time: post.scheduledTime,
    platform: post.platform,
    type: post.type,
    content: post.content,
    hashtags: post.hashtags,
    media: post.media.flatMap((item) => {
      const fileId = fileOf(item.url);
      return fileId ? [{ type: item.type, url: mediaUrl(fileId) }] : [];
    }),
    event: post.event,
    approval: post.approval,
    version: post.version,
    // Back to waiting after a decision: the planner changed its text or media since someone reviewed it.
    changedSinceReview: post.approval === 'waiting' && reviews.length > 0,
    reviews: reviews.map(({ id, reviewerName, decision, comment, postVersion, createdAt }) => ({
      id,
      reviewerName,
      decision,
      comment,
      postVersion,
      createdAt,
    })),
  };
}

export function reviewPage(
  link: ReviewLinkRow,
  facts: { companyName: string; timeZone: string; archived: boolean; posts: Post[]; reviews: PostReview[]; mediaUrl: (fileId: string) => string },
): ReviewPage {
  const reviewsOf = (postId: string) => facts.reviews.filter((review) => review.postId === postId);
  return {
    companyName: facts.companyName,
    monthId: link.monthId,
    monthName: monthLabel(link.monthId),
    fromDate: link.fromDate,
    toDate: link.toDate,
    reviewerName: link.reviewerName,
    expiresAt: link.expiresAt,
    timeZone: facts.timeZone,
    archived: facts.archived,
    posts: facts.posts.map((post) => toReviewPost(post, reviewsOf(post.id), facts.mediaUrl)),
  };
}
