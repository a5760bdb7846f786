/**
 * Months and dates (product spec sections 3 "Month" and 4 "Months"). Pure: only `Intl` and `Date`.
 * Spec bug fixed: the month after December is January of the NEXT year.
 */

export type MonthRef = { year: number; month: number };

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2200;

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const DAY_MS = 86_400_000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function assertMonthNumber(month: number): void {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Month must be an integer from 1 to 12, got ${month}`);
  }
}

/** '{year}-{month}' with no zero padding, e.g. '2026-1', '2026-12'. */
export function monthId(ref: MonthRef): string {
  return `${ref.year}-${ref.month}`;
}

/** A day of the month as a calendar date, zero-padded: dayOfMonth({ year: 2027, month: 1 }, 9) is '2027-01-09'. */
export function dayOfMonth(ref: MonthRef, day: number): string {
  return `${ref.year}-${String(ref.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Strict inverse of monthId: rejects padding, extra parts and years outside 2000..2200. */
export function parseMonthId(id: string): MonthRef | null {
  const match = /^(\d{4})-([1-9]|1[0-2])$/.exec(id);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  return { year, month };
}

/** English name of a month number 1..12; throws RangeError otherwise. */
export function monthName(month: number): string {
  assertMonthNumber(month);
  return MONTH_NAMES[month - 1] as string;
}

export function nextMonth(ref: MonthRef): MonthRef {
  return ref.month === 12 ? { year: ref.year + 1, month: 1 } : { year: ref.year, month: ref.month + 1 };
}

export function previousMonth(ref: MonthRef): MonthRef {
  return ref.month === 1 ? { year: ref.year - 1, month: 12 } : { year: ref.year, month: ref.month - 1 };
}

/** Negative when a is before b, 0 when the same month, positive when after. */
export function compareMonths(a: MonthRef, b: MonthRef): number {
  return a.year !== b.year ? a.year - b.year : a.month - b.month;
}

export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Calendar day of `now` in an IANA zone; invalid zones fall back to UTC. */
function localDay(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The month `now` falls in for someone in `timeZone` (invalid zone: UTC). */
export function currentMonth(now: Date, timeZone: string): MonthRef {
  const { year, month } = localDay(now, timeZone);
  return { year, month };
}

/**
 * The user's current month: the month in their zone (`local`), or the month after `archivedThrough`
 * (the last month that had ended in a zone they had before) when that is later, so a change of zone
 * never makes an ended month current again.
 */
export function currentMonthSince(local: MonthRef, archivedThrough: MonthRef | null): MonthRef {
  if (!archivedThrough) return local;
  const after = nextMonth(archivedThrough);
  return compareMonths(local, after) < 0 ? after : local;
}

/** 'YYYY-MM-DD' of the local day in `timeZone` (invalid zone: UTC). */
export function todayIn(now: Date, timeZone: string): string {
  const { year, month, day } = localDay(now, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Archived: an earlier year, or the same year with an earlier month. */
export function isArchived(ref: MonthRef, current: MonthRef): boolean {
  return compareMonths(ref, current) < 0;
}

/** Active: the current month or the one after it (December's next is January of the next year). */
export function isActive(ref: MonthRef, current: MonthRef): boolean {
  return compareMonths(ref, current) === 0 || compareMonths(ref, nextMonth(current)) === 0;
}

export function activeMonths(current: MonthRef): [MonthRef, MonthRef] {
  return [{ year: current.year, month: current.month }, nextMonth(current)];
}

/** New array, newest month first (the order archived months are listed in). */
export function sortArchivedNewestFirst<T extends MonthRef>(months: T[]): T[] {
  return [...months].sort((a, b) => compareMonths(b, a));
}

/** New array, oldest month first. */
export function sortOldestFirst<T extends MonthRef>(months: T[]): T[] {
  return [...months].sort(compareMonths);
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(ref: MonthRef): number {
  assertMonthNumber(ref.month);
  if (ref.month === 2) return isLeapYear(ref.year) ? 29 : 28;
  return [4, 6, 9, 11].includes(ref.month) ? 30 : 31;
}

/** 'YYYY-MM-DD' -> 'YYYY-MM-DDT12:00:00Z' (the spec's stored post date). */
export function noonUtc(dateOnly: string): string {
  return `${dateOnly}T12:00:00Z`;
}

// Date, then optionally a time (HH:MM[:SS[.fff]]) and an offset (Z, ±HH:MM, ±HHMM).
const ISO_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/i;

type IsoParts = { year: number; month: number; day: number; ms: number };

/** Parses an ISO-like string; `ms` is the instant (no offset means UTC). Null when invalid. */
function parseIsoLike(value: string): IsoParts | null {
  if (typeof value !== 'string') return null;
  const m = ISO_LIKE.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth({ year, month })) return null;
  const instant = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  let ms = instant.getTime() + Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000);
  const offset = m[8];
  if (offset && offset.toUpperCase() !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return { year, month, day, ms };
}

/** Calendar date part of an ISO-like string at noon UTC; null when unparseable or impossible. */
export function normaliseToNoonUtc(value: string): string | null {
  const parts = parseIsoLike(value);
  if (!parts) return null;
  return noonUtc(`${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`);
}

/** 'YYYY-MM-DDT12:00:00Z' (or any ISO-like string) -> 'YYYY-MM-DD'; throws RangeError when invalid. */
export function dateOnly(isoNoon: string): string {
  const normalised = normaliseToNoonUtc(isoNoon);
  if (normalised === null) throw new RangeError(`Not an ISO date: ${String(isoNoon)}`);
  return normalised.slice(0, 10);
}

/** True when a valid 'YYYY-MM-DD' lies in the given month. */
export function isDateInMonth(date: string, ref: MonthRef): boolean {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const parts = parseIsoLike(date);
  return parts !== null && parts.year === ref.year && parts.month === ref.month;
}

/**
 * 'today', '1 day ago' or 'N days ago' (the spec's wording), counted in whole UTC days between `from` and `now`.
 * Future dates give 'today'; an unparseable `from` gives '' (nothing to show).
 */
export function relativeDays(from: string, now: Date): string {
  const parsed = parseIsoLike(from);
  const nowMs = now.getTime();
  if (!parsed || Number.isNaN(nowMs)) return '';
  const days = Math.floor(nowMs / DAY_MS) - Math.floor(parsed.ms / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return '1 day ago';
  return `${days} days ago`;
}
