import { activeMonths, currentMonth, currentMonthSince, isArchived, previousMonth, isValidTimeZone, parseMonthId, sortArchivedNewestFirst, sortOldestFirst, todayIn, monthId, noonUtc, type MonthRef } from '../../shared/domain/months';
import type { MonthDetail, MonthSummary, Workspace } from '../../shared/schemas/month';
import type { Post } from '../../shared/schemas/post';
import type { Strategy } from '../../shared/schemas/strategy';
import type { MonthRepository, MonthRow } from '../db/month-repository';
import type { PostRepository } from '../db/post-repository';
import type { ProfileRepository, ZoneState } from '../db/profile-repository';
import type { Repositories, Transact } from '../db/repositories';
import { AppError, notFound } from '../errors';

export const ARCHIVED_MESSAGE = 'This month is archived. Content cannot be modified.';

interface Deps {
  months: MonthRepository;
  posts: PostRepository;
  profiles: ProfileRepository;
  transact: Transact;
  now?: () => Date;
}

/**
 * The user's month and day: building the Intl formatters behind them costs more than the database
 * reads of a month, and the answer only changes at a minute boundary (every zone's offset is whole
 * minutes), so it is kept per zone and minute.
 */
const localClocks = new Map<string, { current: MonthRef; today: string }>();
function localClock(at: Date, timeZone: string): { current: MonthRef; today: string } {
  const key = `${timeZone}|${Math.floor(at.getTime() / 60_000)}`;
  let clock = localClocks.get(key);
  if (!clock) {
    if (localClocks.size >= 1000) localClocks.clear();
    clock = { current: currentMonth(at, timeZone), today: todayIn(at, timeZone) };
    localClocks.set(key, clock);
  }
  return { current: { ...clock.current }, today: clock.today };
}

/**
 * The user's month and day at `at`. A month that had ended in a zone the user left stays archived
 * (`archivedThrough`), so travelling west, or a browser reporting another zone, never reopens it.
 */
function userClock(at: Date, timeZone: string, archivedThrough: string | null): { current: MonthRef; today: string } {
  const { current, today } = localClock(at, timeZone);
  return { current: currentMonthSince(current, archivedThrough ? parseMonthId(archivedThrough) : null), today };
}

/** Months per user: current and next always exist, archived ones are read-only (decided here, from the date). */
export function createMonthService({ months, posts, profiles, transact, now = () => new Date() }: Deps) {
  async function clock(userId: string, from: Pick<Repositories, 'profiles'> = { profiles }) {
    const zone = await from.profiles.findZone(userId);
    const timeZone = zone?.timeZone ?? 'UTC';
    const at = now();
    return { at, timeZone, ...userClock(at, timeZone, zone?.archivedThrough ?? null) };
  }

  /** Leaving a zone the user had set keeps the months that had ended in it archived; the starting UTC does not count. */
  function archivedThroughOnLeaving(zone: ZoneState | undefined): string | null {
    if (!zone?.timeZoneSetAt) return zone?.archivedThrough ?? null;
    return monthId(previousMonth(userClock(now(), zone.timeZone, zone.archivedThrough).current));
  }

  function summary(row: MonthRow, current: { year: number; month: number }): MonthSummary {
    const archived = isArchived(row, current);
    return {
      id: row.id,
      name: row.name,
      year: row.year,
      month: row.month,
      status: archived ? 'archived' : 'active',
      archived,
      contentGenerated: row.contentGenerated,
      lastGeneratedAt: row.lastGeneratedAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      postCount: row.postCount,
    };
  }

  /**
   * Every write to a month goes through here: it must exist, be the user's, and not be archived. Called
   * with a transaction's repositories, the answer holds for the writes in that transaction.
   */
  async function requireWritable(userId: string, id: string, from: Pick<Repositories, 'months' | 'profiles'> = { months, profiles }): Promise<MonthRow> {
    if (!parseMonthId(id)) throw notFound('Month');
    const row = await from.months.find(userId, id);
    if (!row) throw notFound('Month');
    const { current } = await clock(userId, from);
    if (isArchived(row, current)) throw new AppError('archived', ARCHIVED_MESSAGE);
    return row;
  }

  return {
    async workspace(userId: string): Promise<Workspace> {
      const { at, timeZone, current, today } = await clock(userId);
      // The current and next month always exist: created here the first time they are missing, so
      // reading the workspace is not a write on every request.
      let rows = await months.list(userId);
      const missing = activeMonths(current).filter((ref) => !rows.some((row) => row.year === ref.year && row.month === ref.month));
      if (missing.length > 0) {
        await months.ensure(userId, missing, at.toISOString());
        rows = await months.list(userId);
      }
      const all = rows.map((row) => summary(row, current));
      return {
        timeZone,
        today,
        currentMonthId: monthId(current),
        active: sortOldestFirst(all.filter((month) => !month.archived)),
        archived: sortArchivedNewestFirst(all.filter((month) => month.archived)),
      };
    },

    async get(userId: string, id: string): Promise<MonthDetail> {
      if (!parseMonthId(id)) throw notFound('Month');
      // Two reads (the month with its owner's time zone, and its posts), in parallel where the driver
      // allows (PostgreSQL's pool): the month screen's most frequent request.
      const [row, monthPosts] = await Promise.all([months.findWithTimeZone(userId, id), posts.listByMonth(userId, id)]);
      if (!row) throw notFound('Month');
      const { current, today } = userClock(now(), row.timeZone ?? 'UTC', row.archivedThrough);
      return { ...summary(row, current), posts: monthPosts, strategy: row.strategy, today };
    },

    /**
     * Without repositories, the quick check before slow work (a writer call, a file); the write itself
     * goes through `writeInMonth` or `writeToPost`, or passes its transaction's repositories here.
     */
    requireWritable,

    /**
     * Runs `write` in one transaction once the month is found writable inside it, so a month that ends
     * (or a time zone that changes) while a request is under way cannot let the write through.
     */
    writeInMonth<T>(userId: string, id: string, write: (repositories: Repositories, month: MonthRow) => Promise<T>): Promise<T> {
      return transact(async (repositories) => write(repositories, await requireWritable(userId, id, repositories)));
    },

    /** Runs `write` in one transaction once, inside it, the post is the user's (else 404) and its month writable. */
    writeToPost<T>(userId: string, postId: string, write: (repositories: Repositories, post: Post, month: MonthRow) => Promise<T>): Promise<T> {
      return transact(async (repositories) => {
        const post = await repositories.posts.find(userId, postId);
        if (!post) throw notFound('Post');
        return write(repositories, post, await requireWritable(userId, post.monthId, repositories));
      });
    },

    async saveStrategy(userId: string, id: string, strategy: Strategy): Promise<Strategy> {
      await this.writeInMonth(userId, id, (repositories) => repositories.months.saveStrategy(userId, id, strategy, now().toISOString()));
      return strategy;
    },

    /** The dashboard: posts of the next 7 days (today included) and the active months. */
    async overview(userId: string): Promise<{ today: string; upcoming: Post[]; active: MonthSummary[] }> {
      const workspace = await this.workspace(userId);
      const start = new Date(`${workspace.today}T12:00:00Z`);
      const end = new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10);
      const upcoming = await posts.listBetween(userId, noonUtc(workspace.today), noonUtc(end));
      return { today: workspace.today, upcoming, active: workspace.active };
    },

    /** The user's time zone and today, for anything that speaks in their local time. */
    workspaceClock: clock,

    async setTimeZone(userId: string, timeZone: string): Promise<string> {
      if (!isValidTimeZone(timeZone)) throw new AppError('bad_request', `Unknown time zone "${timeZone}".`, { timeZone: 'Unknown time zone.' });
      // Compare-and-set: a change made elsewhere at the same moment is read again, not overwritten.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const before = await profiles.findZone(userId);
        const next = { timeZone, timeZoneSetAt: now().toISOString(), archivedThrough: archivedThroughOnLeaving(before) };
        if (await profiles.changeTimeZone(userId, before, next)) return timeZone;
      }
      throw new AppError('conflict', 'Your time zone was being changed elsewhere at the same moment. Please try again.');
    },
  };
}

export type MonthService = ReturnType<typeof createMonthService>;
