import { z } from 'zod';

/** Marking a post evergreen (or not): a flag only, carrying the version the client saw. */
export const evergreenMarkSchema = z.object({
  version: z.number().int().min(1),
  evergreen: z.boolean(),
});
export type EvergreenMark = z.infer<typeof evergreenMarkSchema>;

/** The gaps offered between two showings of one evergreen post, in days. */
export const EVERGREEN_INTERVALS = [30, 60, 90, 180] as const;

export const evergreenFillSchema = z.object({
  intervalDays: z.union([z.literal(30), z.literal(60), z.literal(90), z.literal(180)]),
});
export type EvergreenFill = z.infer<typeof evergreenFillSchema>;

/**
 * What a fill did: the posts it placed, and why the other planned days stay empty. `emptyPlannedDays`
 * counts the planned days that had no post when it ran; each of those either got a copy or is counted
 * once under `notPlaced`.
 */
export const evergreenFillResultSchema = z.object({
  placed: z.number().int(),
  postIds: z.array(z.string()),
  plannedDays: z.number().int(),
  emptyPlannedDays: z.number().int(),
  evergreenPosts: z.number().int(),
  notPlaced: z.object({
    /** Every evergreen post came back (or was first posted) within the interval of that day. */
    interval: z.number().int(),
    /** The month reached its post limit. */
    limit: z.number().int(),
    /** The writer's wording matched a post already in the month. */
    sameText: z.number().int(),
  }),
});
export type EvergreenFillResult = z.infer<typeof evergreenFillResultSchema>;
