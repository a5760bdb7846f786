import { currentMonth, currentMonthSince, parseMonthId, todayIn, type MonthRef } from '@shared/domain/months';
import type { ProfileRepository } from '../profile/profile-repository';

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
export function userClock(at: Date, timeZone: string, archivedThrough: string | null): { current: MonthRef; today: string } {
  const { current, today } = localClock(at, timeZone);
  return { current: currentMonthSince(current, archivedThrough ? parseMonthId(archivedThrough) : null), today };
}

/**
 * Reads the user's zone (from `profiles`, or a transaction's profile repository) and answers their
 * clock now: the instant, the zone, their current month and today.
 */
export function createUserClock({ profiles, now = () => new Date() }: { profiles: ProfileRepository; now?: () => Date }) {
  return async (userId: string, from: ProfileRepository = profiles) => {
    const zone = await from.findZone(userId);
    const timeZone = zone?.timeZone ?? 'UTC';
    const at = now();
    return { at, timeZone, ...userClock(at, timeZone, zone?.archivedThrough ?? null) };
  };
}

export type UserClock = ReturnType<typeof createUserClock>;
