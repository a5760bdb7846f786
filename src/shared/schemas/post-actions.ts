import { z } from 'zod';
import { PLATFORMS } from '../domain/options';
import { ERROR_CODES } from './error-codes';
import { postSchema, REWRITE_INSTRUCTIONS_MAX } from './post';
import { calendarDaySchema } from './dates';
import { scheduleSchema } from './schedule';

export { UNDO_SECONDS } from './values';
/** How long the server keeps a deleted post restorable: the toast's 10 seconds and room for a slow network. */
export const RESTORABLE_FOR_MS = 30_000;

/** DELETE /api/posts/:postId carries the version the client saw, like every write. */
export const deletePostSchema = z.object({ version: z.number().int().min(1) });

/** Undo takes no fields; an empty object, so stray fields are refused rather than ignored. */
export const restorePostSchema = z.object({}).strict();

export const deletedPostSchema = z.object({
  postId: z.string(),
  monthId: z.string(),
  /** Until when POST /api/posts/:postId/restore brings it back. */
  restorableUntil: z.string(),
});
export type DeletedPost = z.infer<typeof deletedPostSchema>;

/** Copy a post to a day of its month: as it is (duplicate), or rewritten for another network (adapt). */
export const copyPostSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('duplicate'), version: z.number().int().min(1), date: calendarDaySchema, platform: z.enum(PLATFORMS).optional() }),
  z.object({ mode: z.literal('adapt'), version: z.number().int().min(1), date: calendarDaySchema, platform: z.enum(PLATFORMS) }),
]);
export type CopyPost = z.infer<typeof copyPostSchema>;

export const BULK_MAX_POSTS = 100;
const bulkPostsSchema = z
  .array(z.object({ id: z.uuid('Post ids are UUIDs.'), version: z.number().int().min(1) }))
  .min(1, 'Select at least one post.')
  .max(BULK_MAX_POSTS);

/** One action on several posts of a month; each post carries the version the client saw. */
export const bulkActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('delete'), posts: bulkPostsSchema }),
  z.object({ action: z.literal('schedule'), posts: bulkPostsSchema, time: scheduleSchema.shape.time }),
  z.object({
    action: z.literal('rewrite'),
    posts: bulkPostsSchema,
    instructions: z.string().trim().min(1, 'Tell us what to change: instructions cannot be empty.').max(REWRITE_INSTRUCTIONS_MAX),
  }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** Each post's own outcome: a stale or refused post fails alone while the others go through. */
export const bulkResultSchema = z.discriminatedUnion('ok', [
  z.object({ postId: z.string(), ok: z.literal(true), post: postSchema.nullable(), deleted: deletedPostSchema.nullable() }),
  z.object({ postId: z.string(), ok: z.literal(false), status: z.number().int(), error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }) }),
]);
export type BulkResult = z.infer<typeof bulkResultSchema>;
export const bulkAnswerSchema = z.object({ results: z.array(bulkResultSchema) });
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;

/** Months the workspace lets a user plan: up to this many after the current one. */
export const PLAN_AHEAD_MONTHS = 12;
export const planMonthSchema = z.object({
  id: z.string().regex(/^\d{4}-([1-9]|1[0-2])$/, 'Month ids look like 2026-12.'),
});
