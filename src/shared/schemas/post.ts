import { z } from 'zod';
import { MEDIA_TYPES, PLATFORMS, POST_TYPES } from '../domain/options';

export const POST_LIMITS = {
  content: 63206,
  mediaPrompt: 1000,
  hashtags: 30,
  hashtag: 100,
  media: 10,
} as const;

/** A post's date: noon UTC of its day, as the spec stores it. */
export const NOON_UTC_PATTERN = /^\d{4}-\d{2}-\d{2}T12:00:00(\.000)?Z$/;
export const postDateSchema = z.string().regex(NOON_UTC_PATTERN, 'Dates look like 2026-12-05T12:00:00Z (noon UTC).');

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

export const POST_STATUSES = ['draft', 'scheduled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A stored post as the API returns it. `version` grows with every write (stale writes get 409). */
export const postSchema = writtenPostSchema.extend({
  id: z.string(),
  monthId: z.string(),
  media: z.array(mediaItemSchema),
  status: z.enum(POST_STATUSES),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;
