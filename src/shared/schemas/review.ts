import { z } from 'zod';
import { PLATFORMS, POST_TYPES } from '../domain/options';
import { calendarDaySchema } from './dates';
import { mediaItemSchema, postEventSchema } from './post';
import { APPROVAL_STATES } from './values';

export { APPROVAL_STATES, type ApprovalState } from './values';

/**
 * Review links (issue 29): the planner shares a month, or a range of its days, with someone who has no
 * account; they approve posts or ask for changes with a comment. The token is shown once, at creation.
 */
export const REVIEW_LIMITS = {
  reviewerName: 80,
  comment: 2000,
  expiryDaysDefault: 30,
  expiryDaysMax: 90,
  /** Links a month may hold, live or not (the list stays short; revoked ones can be removed by a new month). */
  linksPerMonth: 20,
} as const;

/** A reviewer's decision on one post. */
export const REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** POST /api/months/:id/review-links: who it is for (optional), which days (optional, both or neither), for how long. */
export const reviewLinkCreateSchema = z
  .object({
    reviewerName: z
      .string()
      .trim()
      .max(REVIEW_LIMITS.reviewerName, `Keep the name under ${REVIEW_LIMITS.reviewerName} characters.`)
      .optional()
      .transform((name) => (name ? name : undefined)),
    fromDate: calendarDaySchema.optional(),
    toDate: calendarDaySchema.optional(),
    expiresInDays: z
      .number()
      .int()
      .min(1, 'A link lasts at least a day.')
      .max(REVIEW_LIMITS.expiryDaysMax, `A link lasts at most ${REVIEW_LIMITS.expiryDaysMax} days.`)
      .default(REVIEW_LIMITS.expiryDaysDefault),
  })
  .strict()
  .superRefine((link, context) => {
    if ((link.fromDate === undefined) !== (link.toDate === undefined))
      context.addIssue({
        code: 'custom',
        path: [link.fromDate === undefined ? 'fromDate' : 'toDate'],
        message: 'Give both the first and the last day, or neither.',
      });
    if (link.fromDate && link.toDate && link.toDate < link.fromDate)
      context.addIssue({ code: 'custom', path: ['toDate'], message: 'The last day cannot be before the first.' });
  });
export type ReviewLinkCreate = z.infer<typeof reviewLinkCreateSchema>;

export const REVIEW_LINK_STATES = ['active', 'expired', 'revoked'] as const;

/** A review link as its planner sees it (never its token). */
export interface ReviewLink {
  id: string;
  monthId: string;
  reviewerName: string | null;
  fromDate: string | null;
  toDate: string | null;
  expiresAt: string;
  revokedAt: string | null;
  lastOpenedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  state: (typeof REVIEW_LINK_STATES)[number];
}

/** Answer to creating a link: its address, shown this once (only a hash of its token is kept). */
export interface CreatedReviewLink {
  link: ReviewLink;
  url: string;
}

export const reviewLinkParamSchema = z.object({ linkId: z.uuid('Review link ids are UUIDs.') });

/** PUT /api/months/:id/approval: whether only approved posts may be published. */
export const approvalRuleSchema = z.object({ requireApproval: z.boolean() }).strict();
export type ApprovalRule = z.infer<typeof approvalRuleSchema>;

/** A reviewer's decision or comment on a post, as the planner (the post's history) and the reviewer see it. */
export interface PostReview {
  id: string;
  postId: string;
  reviewerName: string | null;
  decision: ReviewDecision;
  comment: string | null;
  /** The post's version the reviewer saw: older than the post's means it was changed since. */
  postVersion: number;
  createdAt: string;
}

/** The token in a review address: 43 base64url characters (256 random bits); anything else is refused before a lookup. */
export const reviewTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This review link is not valid.') });
export const reviewPostParamSchema = reviewTokenParamSchema.extend({ postId: z.string().min(1).max(100) });

/** POST /api/review/:token/posts/:postId: the reviewer's decision on the version they saw; a comment is required to ask for changes. */
export const reviewDecisionSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
    comment: z
      .string()
      .trim()
      .max(REVIEW_LIMITS.comment, `Keep the comment under ${REVIEW_LIMITS.comment} characters.`)
      .optional()
      .transform((comment) => (comment ? comment : undefined)),
    version: z.number().int().min(1),
  })
  .strict()
  .superRefine((decision, context) => {
    if (decision.decision === 'changes_requested' && !decision.comment)
      context.addIssue({ code: 'custom', path: ['comment'], message: 'Say what should change.' });
  });
export type ReviewDecisionInput = z.infer<typeof reviewDecisionSchema>;

/** POST /api/review/:token/approve-rest: every post still waiting, at the versions the reviewer saw; one changed since stays waiting. */
export const approveRestSchema = z
  .object({ posts: z.array(z.object({ id: z.string().min(1).max(100), version: z.number().int().min(1) }).strict()).max(500) })
  .strict();
export type ApproveRest = z.infer<typeof approveRestSchema>;

/** A post on the review page: as it will look on its network, nothing of the account behind it. */
export const reviewPostSchema = z.object({
  id: z.string(),
  date: z.string(),
  /** HH:MM in the business's time zone when scheduled; null for a draft. */
  time: z.string().nullable(),
  platform: z.enum(PLATFORMS),
  type: z.enum(POST_TYPES),
  content: z.string(),
  hashtags: z.array(z.string()),
  /** Media through signed links that expire with the review link. */
  media: z.array(mediaItemSchema),
  event: postEventSchema.nullable(),
  approval: z.enum(APPROVAL_STATES),
  version: z.number().int(),
  /** Waiting again because the planner changed it after a decision of this link's reviewer. */
  changedSinceReview: z.boolean(),
  reviews: z.array(
    z.object({
      id: z.string(),
      reviewerName: z.string().nullable(),
      decision: z.enum(REVIEW_DECISIONS),
      comment: z.string().nullable(),
      postVersion: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type ReviewPost = z.infer<typeof reviewPostSchema>;

/** GET /api/review/:token: the page, phone first. */
export interface ReviewPage {
  companyName: string;
  monthId: string;
  /** "December 2026". */
  monthName: string;
  fromDate: string | null;
  toDate: string | null;
  reviewerName: string | null;
  expiresAt: string;
  timeZone: string;
  /** The month has ended: the page is read-only and a decision answers 409 `archived`. */
  archived: boolean;
  posts: ReviewPost[];
}

/** Answer to "Approve the rest": the page as it now stands, and the posts left waiting because they changed since the reviewer saw them. */
export interface ApproveRestResult {
  page: ReviewPage;
  skipped: string[];
}
