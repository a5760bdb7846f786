import { z } from 'zod';
import { postSchema } from './post';
import { strategySchema } from './strategy';

export const MONTH_STATUSES = ['active', 'archived'] as const;

/** A month as the API returns it. `archived` is decided by the server from today's date, never by a client. */
export const monthSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  status: z.enum(MONTH_STATUSES),
  archived: z.boolean(),
  contentGenerated: z.boolean(),
  lastGeneratedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  postCount: z.number().int(),
  /** Posts generating again keeps: scheduled, being sent, sent or awaiting a decision. */
  keptPostCount: z.number().int(),
});
export type MonthSummary = z.infer<typeof monthSummarySchema>;

export const monthDetailSchema = monthSummarySchema.extend({
  posts: z.array(postSchema),
  strategy: strategySchema.nullable(),
  /** Only approved posts may be published: one due unapproved is held ('awaiting_approval'). */
  requireApproval: z.boolean(),
  /** The month was ever shared for review: screens show each post's approval. */
  reviewShared: z.boolean(),
  /** The user's today (YYYY-MM-DD in their time zone), for highlighting the calendar. */
  today: z.string(),
});
export type MonthDetail = z.infer<typeof monthDetailSchema>;

export const workspaceSchema = z.object({
  timeZone: z.string(),
  today: z.string(),
  currentMonthId: z.string(),
  active: z.array(monthSummarySchema),
  /** Months planned further ahead than next month ('Plan a later month'). */
  upcoming: z.array(monthSummarySchema),
  archived: z.array(monthSummarySchema),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /api/workspace/overview: the dashboard's today, next posts and active months. */
export const overviewSchema = z.object({
  today: z.string(),
  upcoming: z.array(postSchema),
  active: z.array(monthSummarySchema),
});
export type Overview = z.infer<typeof overviewSchema>;

export const monthIdParamSchema = z.object({
  id: z.string().regex(/^\d{4}-([1-9]|1[0-2])$/, 'Month ids look like 2026-12.'),
});

export const timeZoneSchema = z.object({
  timeZone: z.string().min(1).max(64),
});
