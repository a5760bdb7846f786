import type { Platform, PostType } from '../domain/options';

export interface CountBy<K extends string> {
  key: K;
  count: number;
}

/** The content mix across all of a user's months. */
export interface Analytics {
  totalPosts: number;
  months: number;
  perPlatform: CountBy<Platform>[];
  perType: CountBy<PostType>[];
  /** Posts per week (weeks start on Monday), oldest first: { week: 'YYYY-MM-DD' of the Monday }. */
  perWeek: { week: string; count: number }[];
  status: { scheduled: number; draft: number };
  editing: { edited: number; asGenerated: number };
  /** Deliveries that went out (or the user confirmed) and that failed. */
  publishing: { published: number; failed: number };
}
