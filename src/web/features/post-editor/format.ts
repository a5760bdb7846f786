import { longDate, weekdayName } from '@shared/domain/day-words';
import { dateOnly, daysInMonth, MONTH_ABBREVIATIONS, parseMonthId } from '@shared/domain/months';

// Made at first use, not when the module loads: the first Intl formatter of a page loads the locale
// data (about 80 ms on a phone-speed CPU), and this module loads with the month screen.
let timestampFormat: Intl.DateTimeFormat | undefined;
let relativeFormat: Intl.RelativeTimeFormat | undefined;
const timestamp = () => (timestampFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

/** A post's day (stored at noon UTC) as the drawer header shows it. */
export function postDay(isoNoon: string) {
  const day = dateOnly(isoNoon);
  const date = new Date(`${day}T12:00:00Z`);
  return {
    day,
    monthAbbreviation: MONTH_ABBREVIATIONS[date.getUTCMonth()] ?? '',
    dayNumber: date.getUTCDate(),
    weekday: weekdayName(day),
    longDate: longDate(day),
  };
}

/** First and last 'YYYY-MM-DD' of a month id like '2026-12' (min/max of the date field). */
export function monthBounds(monthId: string): { min: string; max: string } | null {
  const ref = parseMonthId(monthId);
  if (!ref) return null;
  const prefix = `${ref.year}-${String(ref.month).padStart(2, '0')}`;
  return { min: `${prefix}-01`, max: `${prefix}-${String(daysInMonth(ref)).padStart(2, '0')}` };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday'... for a past ISO timestamp. */
export function relativeTime(iso: string, now = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative().format(Math.round(seconds / size), unit);
  }
  return relative().format(Math.round(seconds / 60) || -1, 'minute');
}

export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timestamp().format(date);
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
