import { dateOnly, daysInMonth, MONTH_ABBREVIATIONS, parseMonthId } from '@shared/domain/months';

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const TIMESTAMP = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** A post's day (stored at noon UTC) as the drawer header shows it. */
export function postDay(isoNoon: string) {
  const day = dateOnly(isoNoon);
  const date = new Date(`${day}T12:00:00Z`);
  return {
    day,
    monthAbbreviation: MONTH_ABBREVIATIONS[date.getUTCMonth()] ?? '',
    dayNumber: date.getUTCDate(),
    weekday: WEEKDAY.format(date),
    longDate: LONG_DATE.format(date),
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
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit);
  }
  return RELATIVE.format(Math.round(seconds / 60) || -1, 'minute');
}

export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : TIMESTAMP.format(date);
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
