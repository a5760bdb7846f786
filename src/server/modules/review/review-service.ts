import { randomUUID } from 'node:crypto';
import { isArchived, parseMonthId } from '@shared/domain/months';
import type { Post } from '@shared/schemas/post';
import type { ApproveRest, ApproveRestResult, ReviewDecision, ReviewDecisionInput, ReviewPage, ReviewPost } from '@shared/schemas/review';
import type { ReviewRateLimits } from '../../config';
import { AppError } from '../../errors';
import type { Repositories } from '../../platform/db/transact';
import type { Logger } from '../../platform/logger';
import type { Access } from '../months/access';
import { createUserClock } from '../months/user-clock';
import type { MediaFile } from '../media/media-service';
import { reviewFinished } from '../notifications/events';
import type { PostRepository } from '../posts/post-repository';
import type { ProfileRepository } from '../profile/profile-repository';
import { createRateLimiter } from './rate-limiter';
import type { ReviewLinkRepository, ReviewLinkRow } from './review-link-repository';
import { hashReviewToken, invalidLink, isLive, showsPost } from './review-link';
import type { ReviewMedia } from './review-media';
import { fileOf, reviewPage, toReviewPost } from './review-page';

/** Told after a decision commits which posts' approval changed (the approval hold releases their deliveries). */
export type ApprovalsChanged = (userId: string, postIds: string[]) => Promise<void>;

interface Deps {
  reviews: ReviewLinkRepository;
  posts: PostRepository;
  profiles: ProfileRepository;
  access: Access;
  media: ReviewMedia;
  locateMedia: (userId: string, fileId: string) => Promise<MediaFile>;
  rateLimits: ReviewRateLimits;
  approvalsChanged: ApprovalsChanged;
  log: Logger;
  now: () => Date;
}

const STALE_REVIEW_MESSAGE = 'This post was changed since you opened the page. Reload the page to see the latest version, then decide again.';
const tooMany = () => new AppError('rate_limited', 'Too many requests for this review page. Wait a minute, then try again.');

/**
 * The review page's side of review links, for someone without an account: the token in the path is the
 * only credential. Every request hashes it and looks the link up (no cache: a revocation holds at once
 * on every instance); an unknown, revoked or expired link, or a post outside it, answers the same 404.
 * A decision sets only the post's approval and adds a review, conditional on the version the reviewer
 * saw, in one transaction that also checks the month is not archived (the access guard, with the user
 * resolved from the link).
 */
export function createReviewService({ reviews, posts, profiles, access, media, locateMedia, rateLimits, approvalsChanged, log, now }: Deps) {
  const perLink = createRateLimiter({ limit: rateLimits.perLink, now });
  const perAddress = createRateLimiter({ limit: rateLimits.perAddress, now });
  const clock = createUserClock({ profiles, now });

  /** The live link of this token, having taken one of its requests; else the one 404. */
  async function liveLink(token: string): Promise<ReviewLinkRow> {
    const link = await reviews.findByTokenHash(hashReviewToken(token));
    if (!link || !isLive(link, now())) throw invalidLink();
    if (!perLink.take(link.id)) throw tooMany();
    return link;
  }

  const postsOf = async (link: ReviewLinkRow, from: Pick<Repositories, 'posts'> = { posts }) =>
    (await from.posts.listByMonth(link.userId, link.monthId)).filter((post) => showsPost(link, post));

  const mediaUrl = (link: ReviewLinkRow) => (fileId: string) => media.url(link.id, fileId, link.expiresAt);

  async function pageOf(link: ReviewLinkRow): Promise<ReviewPage> {
    const [profile, shown, { current }] = await Promise.all([profiles.find(link.userId), postsOf(link), clock(link.userId)]);
    return reviewPage(link, {
      companyName: profile?.companyName ?? '',
      timeZone: profile?.timeZone ?? 'UTC',
      archived: isArchived(parseMonthId(link.monthId)!, current),
      posts: shown,
      reviews: await reviews.reviewsOf(
        link.userId,
        shown.map((post) => post.id),
      ),
      mediaUrl: mediaUrl(link),
    });
  }

  /**
   * Runs `write` in the month's writable transaction once the link is found live there too (revoked
   * while this request waited: refused); then, when no post of the link is waiting, marks it finished
   * and raises the planner's notification in the same transaction.
   */
  async function decideInMonth<T>(link: ReviewLinkRow, write: (repositories: Repositories, shown: Post[], at: string) => Promise<T>): Promise<T> {
    return access.writeInMonth(link.userId, link.monthId, async (repositories) => {
      const current = await repositories.reviews.find(link.userId, link.id);
      if (!current || !isLive(current, now())) throw invalidLink();
      const at = now().toISOString();
      const result = await write(repositories, await postsOf(link, repositories), at);
      const after = await postsOf(link, repositories);
      if (after.length > 0 && after.every((post) => post.approval !== 'waiting')) {
        const decisions = await repositories.reviews.countDecisions(link.userId, link.id);
        const count = (approval: Post['approval']) => after.filter((post) => post.approval === approval).length;
        const event = reviewFinished({
          userId: link.userId,
          linkId: link.id,
          monthId: link.monthId,
          reviewerName: link.reviewerName,
          decisions,
          approved: count('approved'),
          changesRequested: count('changes_requested'),
        });
        await repositories.reviews.finish(link, at, event);
      }
      return result;
    });
  }

  async function record(repositories: Repositories, link: ReviewLinkRow, post: Post, decision: ReviewDecision, comment: string | null, at: string) {
    if (!(await repositories.reviews.setApproval(link.userId, post.id, post.version, decision, at))) return false;
    await repositories.reviews.insertReview({
      id: randomUUID(),
      userId: link.userId,
      postId: post.id,
      linkId: link.id,
      reviewerName: link.reviewerName,
      decision,
      comment,
      postVersion: post.version,
      createdAt: at,
    });
    return true;
  }

  /** After the commit: the approval hold releases what was approved. A failure here is healed by the worker's own turn. */
  async function announce(userId: string, postIds: string[]) {
    if (postIds.length === 0) return;
    await approvalsChanged(userId, postIds).catch((error: unknown) =>
      log.error({ event: 'review.approvals_changed_failed', userId, error: (error as Error).message }),
    );
  }

  return {
    /** One request from a client address; false past the address's limit (checked before the token is looked up). */
    takeAddress: (address: string) => perAddress.take(address),

    /** The review page (stamps when the link was last opened). */
    async page(token: string): Promise<ReviewPage> {
      const link = await liveLink(token);
      await reviews.stampOpened(link.id, now().toISOString());
      return pageOf(link);
    },

    /** The reviewer's decision on one post of the link, at the version they saw. */
    async decide(token: string, postId: string, input: ReviewDecisionInput): Promise<ReviewPost> {
      const link = await liveLink(token);
      await decideInMonth(link, async (repositories, shown, at) => {
        const post = shown.find((candidate) => candidate.id === postId);
        if (!post) throw invalidLink();
        if (post.version !== input.version || !(await record(repositories, link, post, input.decision, input.comment ?? null, at)))
          throw new AppError('stale_version', STALE_REVIEW_MESSAGE);
      });
      await announce(link.userId, [postId]);
      const post = (await postsOf(link)).find((candidate) => candidate.id === postId);
      if (!post) throw invalidLink();
      return toReviewPost(post, await reviews.reviewsOf(link.userId, [postId]), mediaUrl(link));
    },

    /**
     * Approves each listed post still waiting at the version the reviewer saw; one changed since stays
     * waiting and is listed in `skipped`. Ids the link does not show are passed over without a word.
     */
    async approveRest(token: string, input: ApproveRest): Promise<ApproveRestResult> {
      const link = await liveLink(token);
      const skipped: string[] = [];
      const approved: string[] = [];
      await decideInMonth(link, async (repositories, shown, at) => {
        for (const seen of input.posts) {
          const post = shown.find((candidate) => candidate.id === seen.id);
          if (!post || approved.includes(post.id) || skipped.includes(post.id)) continue;
          if (post.version !== seen.version) skipped.push(post.id);
          else if (post.approval === 'waiting' && (await record(repositories, link, post, 'approved', null, at))) approved.push(post.id);
        }
      });
      await announce(link.userId, approved);
      return { page: await pageOf(link), skipped };
    },

    /** A file on the review page: only while the link is live and only a file of a post it shows. */
    async mediaFile(linkId: string, fileId: string): Promise<MediaFile> {
      const link = await reviews.findById(linkId);
      if (!link || !isLive(link, now())) throw invalidLink();
      const shown = await postsOf(link);
      if (!shown.some((post) => post.media.some((item) => fileOf(item.url) === fileId))) throw invalidLink();
      return locateMedia(link.userId, fileId);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
