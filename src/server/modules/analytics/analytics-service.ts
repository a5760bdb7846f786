import { dateOnly } from '@shared/domain/months';
import { PLATFORMS, POST_TYPES, SPEC_PLATFORMS, type Platform, type PostType } from '@shared/domain/options';
import type { Analytics } from '@shared/schemas/analytics';
import type { DeliveryRepository } from '../publishing/delivery-repository';
import type { PostRepository } from '../posts/post-repository';

/** Monday (YYYY-MM-DD) of the week a day falls in. */
export function weekStart(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** The content mix across all of the user's months: a small read model over their own posts. */
export function createAnalyticsService({ posts, deliveries }: { posts: PostRepository; deliveries: DeliveryRepository }) {
  return {
    async get(userId: string): Promise<Analytics> {
      const rows = await posts.listForAnalytics(userId);
      const delivered = await deliveries.countByStatus(userId);
      const count = <K extends string>(keys: readonly K[], pick: (row: (typeof rows)[number]) => string) =>
        keys.map((key) => ({ key, count: rows.filter((row) => pick(row) === key).length }));
      const weeks = new Map<string, number>();
      for (const row of rows) {
        const week = weekStart(dateOnly(row.date));
        weeks.set(week, (weeks.get(week) ?? 0) + 1);
      }
      const scheduled = rows.filter((row) => row.status === 'scheduled').length;
      const edited = rows.filter((row) => row.edited).length;
      return {
        totalPosts: rows.length,
        months: new Set(rows.map((row) => row.monthId)).size,
        // The spec's four always (a zero says something); the networks added after them once the user posts there.
        perPlatform: count<Platform>(PLATFORMS, (row) => row.platform).filter(
          (entry) => entry.count > 0 || (SPEC_PLATFORMS as readonly Platform[]).includes(entry.key),
        ),
        perType: count<PostType>(POST_TYPES, (row) => row.type),
        perWeek: [...weeks].sort(([a], [b]) => a.localeCompare(b)).map(([week, total]) => ({ week, count: total })),
        status: { scheduled, draft: rows.length - scheduled },
        editing: { edited, asGenerated: rows.length - edited },
        publishing: { published: delivered.published ?? 0, failed: delivered.failed ?? 0 },
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
