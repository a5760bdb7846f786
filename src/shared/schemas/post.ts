import { z } from 'zod';
import { MEDIA_TYPES, PLATFORMS, POST_TYPES } from '../domain/options';
import { calendarDaySchema, postDateSchema } from './dates';
import { APPROVAL_STATES, POST_STATUSES, SINGLE_POST_PROMPT_MAX, VERSIONS_PAGE } from './values';

export const POST_LIMITS = {
  content: 63206,
  mediaPrompt: 1000,
  hashtags: 30,
  hashtag: 100,
  media: 10,
} as const;

export const hashtagSchema = z
  .string()
  .trim()
  .min(1)
  .max(POST_LIMITS.hashtag)
  .regex(/^#?[^\s#,]+$/u, 'A hashtag is one word without spaces or commas.')
  .transform((tag) => (tag.startsWith('#') ? tag : `#${tag}`));

export const mediaItemSchema = z.object({
  type: z.enum(MEDIA_TYPES),
  url: z.string().max(500),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/**
 * An offer or an event a post announces (Google Business Profile's local post types; a plain post is an
 * update and has none). The bounds are ours: Google's LocalPost reference names none. Days are the
 * business's calendar days, the end on or after the start; a code, link and terms belong to an offer only.
 */
export const POST_EVENT_KINDS = ['offer', 'event'] as const;
export type PostEventKind = (typeof POST_EVENT_KINDS)[number];
export const POST_EVENT_LIMITS = { title: 100, couponCode: 60, redeemUrl: 500, terms: 1000 } as const;

/** An optional text: blank (a cleared field) means not given. */
const optionalText = (schema: z.ZodType<string, string>) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const redeemUrlSchema = z
  .string()
  .trim()
  .max(POST_EVENT_LIMITS.redeemUrl, `Keep the link under ${POST_EVENT_LIMITS.redeemUrl} characters.`)
  .regex(/^https?:\/\/[^\s/$.?#]+\.[^\s]+$/i, 'Use a full web address, like https://example.com/offer.');

export const postEventSchema = z
  .object({
    kind: z.enum(POST_EVENT_KINDS),
    title: z.string().trim().min(1, 'Give it a title.').max(POST_EVENT_LIMITS.title, `Keep the title under ${POST_EVENT_LIMITS.title} characters.`),
    startDate: calendarDaySchema,
    endDate: calendarDaySchema,
    couponCode: optionalText(z.string().trim().max(POST_EVENT_LIMITS.couponCode, `Keep the code under ${POST_EVENT_LIMITS.couponCode} characters.`)),
    redeemUrl: optionalText(redeemUrlSchema),
    terms: optionalText(z.string().trim().max(POST_EVENT_LIMITS.terms, `Keep the terms under ${POST_EVENT_LIMITS.terms} characters.`)),
  })
  .strict()
  .superRefine((event, context) => {
    if (event.endDate < event.startDate) context.addIssue({ code: 'custom', path: ['endDate'], message: 'The end cannot be before the start.' });
    if (event.kind === 'event')
      for (const field of ['couponCode', 'redeemUrl', 'terms'] as const)
        if (event[field] !== undefined) context.addIssue({ code: 'custom', path: [field], message: 'Only an offer has a code, a link and terms.' });
  });
export type PostEvent = z.infer<typeof postEventSchema>;

/** A post as a writer produces it: the spec's fields without id or media. */
export const writtenPostSchema = z.object({
  date: postDateSchema,
  platform: z.enum(PLATFORMS),
  content: z.string().trim().min(1, 'Post text cannot be empty.').max(POST_LIMITS.content),
  type: z.enum(POST_TYPES),
  mediaPrompt: z.string().trim().max(POST_LIMITS.mediaPrompt),
  hashtags: z.array(hashtagSchema).max(POST_LIMITS.hashtags),
});
export type WrittenPost = z.infer<typeof writtenPostSchema>;

export { POST_STATUSES, SINGLE_POST_PROMPT_MAX } from './values';
export type PostStatus = (typeof POST_STATUSES)[number];

/** A stored post as the API returns it. `version` grows with every write (stale writes get 409). */
export const postSchema = writtenPostSchema.extend({
  id: z.string(),
  monthId: z.string(),
  media: z.array(mediaItemSchema),
  status: z.enum(POST_STATUSES),
  /** Where and when (HH:MM in the user's time zone) a scheduled post goes out; null for drafts. */
  scheduledPlatform: z.enum(PLATFORMS).nullable(),
  scheduledTime: z.string().nullable(),
  /** The offer or event it announces, on a network that has them (Google Business Profile); null for an update. */
  event: postEventSchema.nullable(),
  /** A reviewer's approval through a review link: 'waiting' until one decides; an edit sets it back to 'waiting'. */
  approval: z.enum(APPROVAL_STATES),
  /** Marked by the user as a post worth bringing back, reworded, in later months. */
  evergreen: z.boolean(),
  /** The evergreen post this one is a reworded copy of; null otherwise. */
  evergreenOf: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;

/** Every post write carries the version the client last saw; a stale one answers 409. */
export const postUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    content: z.string().trim().min(1, 'Post text cannot be empty.').max(POST_LIMITS.content).optional(),
    hashtags: z.array(hashtagSchema).max(POST_LIMITS.hashtags).optional(),
    date: postDateSchema.optional(),
    platform: z.enum(PLATFORMS).optional(),
    type: z.enum(POST_TYPES).optional(),
    mediaPrompt: z.string().trim().max(POST_LIMITS.mediaPrompt).optional(),
    /** An offer or event; null makes the post a plain update again. */
    event: postEventSchema.nullable().optional(),
  })
  .refine((update) => Object.keys(update).length > 1, 'Send at least one field to change.');
export type PostUpdate = z.infer<typeof postUpdateSchema>;

export const REWRITE_INSTRUCTIONS_MAX = 1000;
export const rewriteSchema = z.object({
  version: z.number().int().min(1),
  instructions: z.string().trim().min(1, 'Tell us what to change: instructions cannot be empty.').max(REWRITE_INSTRUCTIONS_MAX),
});

/** Add a post on a day: written by the writer from an optional prompt, or by hand. */
export const newPostSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('generate'),
    date: calendarDaySchema,
    prompt: z.string().trim().max(SINGLE_POST_PROMPT_MAX).default(''),
    platform: z.enum(PLATFORMS).optional(),
    type: z.enum(POST_TYPES).optional(),
  }),
  z.object({
    mode: z.literal('manual'),
    date: calendarDaySchema,
    platform: z.enum(PLATFORMS),
    type: z.enum(POST_TYPES),
    content: z.string().trim().min(1, 'Post text cannot be empty.').max(POST_LIMITS.content),
    hashtags: z.array(hashtagSchema).max(POST_LIMITS.hashtags).default([]),
    mediaPrompt: z.string().trim().max(POST_LIMITS.mediaPrompt).default(''),
  }),
]);
export type NewPost = z.infer<typeof newPostSchema>;

export const VERSION_SOURCES = ['edit', 'rewrite', 'restore'] as const;

/** A previous text of a post, kept whenever an edit, rewrite or restore replaced it. */
export const postVersionSchema = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.string(),
  hashtags: z.array(z.string()),
  /** What replaced this text: the user's edit, a rewrite (with its instruction) or a restore. */
  replacedBy: z.enum(VERSION_SOURCES),
  instruction: z.string().nullable(),
  createdAt: z.string(),
});
export type PostVersion = z.infer<typeof postVersionSchema>;

/** The versions list comes in pages, newest first: each version may hold up to 63 KB of text. */
export { VERSIONS_PAGE } from './values';
export const versionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(VERSIONS_PAGE.max).default(VERSIONS_PAGE.default),
  /** The last version id of the previous page (its `nextCursor`). */
  before: z.uuid('The cursor is a version id.').optional(),
});
export const postVersionsPageSchema = z.object({
  versions: z.array(postVersionSchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** How many versions the post keeps in all. */
  total: z.number().int(),
});
export type PostVersionsPage = z.infer<typeof postVersionsPageSchema>;

export const postIdParamSchema = z.object({ postId: z.uuid('Post ids are UUIDs.') });
export const versionParamSchema = z.object({ postId: z.uuid('Post ids are UUIDs.'), versionId: z.uuid('Version ids are UUIDs.') });
export const versionBodySchema = z.object({ version: z.number().int().min(1) });
export const mediaFileParamSchema = z.object({ fileId: z.string().max(64) });
export const postMediaParamSchema = postIdParamSchema.extend(mediaFileParamSchema.shape);

/** Uploads: what the hints promise ('Supported formats: JPG, PNG, GIF, MP4', 'Maximum file size: 10MB'). */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'video/quicktime'] as const;
