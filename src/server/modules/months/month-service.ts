import {
  activeMonths,
  compareMonths,
  isActive,
  nextMonth,
  isArchived,
  previousMonth,
  isValidTimeZone,
  parseMonthId,
  sortArchivedNewestFirst,
  sortOldestFirst,
  monthId,
  noonUtc,
  dateOnly,
} from '@shared/domain/months';
import { zonedDateTimeToUtc } from '@shared/domain/zoned-time';
import type { MonthDetail, MonthSummary, Overview, Workspace } from '@shared/schemas/month';
import type { ApprovalRule } from '@shared/schemas/review';
import type { Strategy } from '@shared/schemas/strategy';
import type { DeliveryRepository } from '../publishing/delivery-repository';
import type { ApprovalsChanged } from '../publishing/approval-hold';
import type { MonthRepository, MonthRow } from './month-repository';
import type { PostRepository } from '../posts/post-repository';
import type { ProfileRepository, ZoneState } from '../profile/profile-repository';
import { PLAN_AHEAD_MONTHS } from '@shared/schemas/post-actions';
import { AppError, notFound } from '../../errors';
import type { Access } from './access';
import { createUserClock, userClock } from './user-clock';
import type { MonthScreenRead } from './month-screen-repository';

interface Deps {
  months: MonthRepository;
  /** The month screen's one query (month-screen-repository.ts). */
  screen: MonthScreenRead;
  posts: PostRepository;
  profiles: ProfileRepository;
  deliveries: DeliveryRepository;
  access: Access;
  /** Releases the held posts of a month whose approval rule was turned off (publishing/approval-hold.ts). */
  approvalsChanged: ApprovalsChanged;
  now?: () => Date;
}

/**
 * Months per user: current and next always exist; a month is archived once it has ended in the user's
 * zone (user-clock.ts), and writes to it go through the access guard (access.ts), which refuses them.
 */
async function retimeDeliveriesWith(deliveries: DeliveryRepository, userId: string, timeZone: string, at: string) {
  for (const waiting of await deliveries.waiting(userId)) {
    if (!waiting.timeOfDay) continue;
    await deliveries.retime(userId, waiting.postId, zonedDateTimeToUtc(dateOnly(waiting.date), waiting.timeOfDay, timeZone).toISOString(), at);
  }
}

export function createMonthService({ months, screen, posts, profiles, deliveries, access, approvalsChanged, now = () => new Date() }: Deps) {
  const clock = createUserClock({ profiles, now });

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
      keptPostCount: row.keptPostCount,
    };
  }

  async function workspace(userId: string): Promise<Workspace> {
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
      active: sortOldestFirst(all.filter((month) => isActive(month, current))),
      // Planned ahead (after next month): writable like the active months, listed apart.
      upcoming: sortOldestFirst(all.filter((month) => !month.archived && !isActive(month, current))),
      archived: sortArchivedNewestFirst(all.filter((month) => month.archived)),
    };
  }

  /**
   * The month screen as JSON text: its read is its own access check (not the user's, or no such
   * month: 404). The posts arrive as JSON from the database (post-json-repository.ts) and are spliced in as
   * they are, between the month's fields and the rest, in MonthDetail's order.
   */
  async function read(userId: string, id: string): Promise<string> {
    if (!parseMonthId(id)) throw notFound('Month');
    const row = await screen(userId, id);
    if (!row) throw notFound('Month');
    const { current, today } = userClock(now(), row.timeZone ?? 'UTC', row.archivedThrough);
    const head = JSON.stringify(summary(row, current));
    const tail = JSON.stringify({ strategy: row.strategy, requireApproval: row.requireApproval, reviewShared: row.reviewShared, today });
    return `${head.slice(0, -1)},"posts":${row.postsJson},${tail.slice(1)}`;
  }

  const retimeDeliveries = (userId: string, timeZone: string) => retimeDeliveriesWith(deliveries, userId, timeZone, now().toISOString());

  return {
    workspace,

    read,

    async get(userId: string, id: string): Promise<MonthDetail> {
      return JSON.parse(await read(userId, id)) as MonthDetail;
    },

    /** 'Plan a later month': creates a month up to PLAN_AHEAD_MONTHS after the current one (no-op if it exists). */
    async plan(userId: string, id: string): Promise<MonthSummary> {
      const ref = parseMonthId(id);
      if (!ref) throw new AppError('bad_request', 'Month ids look like 2026-12.', { id: 'Pick a month.' });
      const { at, current } = await clock(userId);
      let last = current;
      for (let step = 0; step < PLAN_AHEAD_MONTHS; step += 1) last = nextMonth(last);
      if (compareMonths(ref, current) < 0)
        throw new AppError('bad_request', 'That month has ended. Pick this month or a later one.', { id: 'Pick a later month.' });
      if (compareMonths(ref, last) > 0)
        throw new AppError('bad_request', `You can plan up to ${PLAN_AHEAD_MONTHS} months ahead. Pick an earlier month.`, { id: 'Too far ahead.' });
      await months.ensure(userId, [ref], at.toISOString());
      return summary((await months.find(userId, id))!, current);
    },

    async saveStrategy(userId: string, id: string, strategy: Strategy): Promise<Strategy> {
      await access.writeInMonth(userId, id, (repositories) => repositories.months.saveStrategy(userId, id, strategy, now().toISOString()));
      return strategy;
    },

    /**
     * Publish only approved posts, or not. Turned off, the month's held posts go out now (or are missed
     * when their time is too long past), once the rule's change has committed.
     */
    async setApprovalRule(userId: string, id: string, { requireApproval }: ApprovalRule): Promise<ApprovalRule> {
      await access.writeInMonth(userId, id, (repositories) => repositories.months.setRequireApproval(userId, id, requireApproval, now().toISOString()));
      if (!requireApproval) {
        const scheduled = (await posts.listByMonth(userId, id)).filter((post) => post.status === 'scheduled');
        await approvalsChanged(
          userId,
          scheduled.map((post) => post.id),
        );
      }
      return { requireApproval };
    },

    /** The dashboard: posts of the next 7 days (today included) and the active months. */
    async overview(userId: string): Promise<Overview> {
      const { today, active } = await workspace(userId);
      const start = new Date(`${today}T12:00:00Z`);
      const end = new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10);
      const upcoming = await posts.listBetween(userId, noonUtc(today), noonUtc(end));
      return { today, upcoming, active };
    },

    /** The user's time zone and today, for anything that speaks in their local time. */
    workspaceClock: clock,

    /** Scheduled posts go out at their time of day on the wall clock of the zone the user is in now. */
    async setTimeZone(userId: string, timeZone: string): Promise<string> {
      if (!isValidTimeZone(timeZone)) throw new AppError('bad_request', `Unknown time zone "${timeZone}".`, { timeZone: 'Unknown time zone.' });
      // Compare-and-set: a change made elsewhere at the same moment is read again, not overwritten.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const before = await profiles.findZone(userId);
        const next = { timeZone, timeZoneSetAt: now().toISOString(), archivedThrough: archivedThroughOnLeaving(before) };
        if (await profiles.changeTimeZone(userId, before, next)) {
          if (before?.timeZone !== timeZone) await retimeDeliveries(userId, timeZone);
          return timeZone;
        }
      }
      throw new AppError('time_zone_changing', 'Your time zone was being changed elsewhere at the same moment. Please try again.');
    },
  };
}

export type MonthService = ReturnType<typeof createMonthService>;
