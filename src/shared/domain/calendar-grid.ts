/**
 * The month calendar of the Calendar tab (product spec: 6-week grid of 42 cells, weekday headers
 * sun to sat, starting Sunday; adjacent-month days dimmed; today highlighted).
 * Pure UTC date arithmetic: the result never depends on the process or browser time zone.
 */
import type { MonthRef } from './months';

export const WEEKDAY_HEADERS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export const CALENDAR_CELL_COUNT = 42;

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type CalendarCell = {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Day of the month, 1..31 */
  day: number;
  /** False for the leading/trailing days of the adjacent months (shown dimmed). */
  inMonth: boolean;
  /** True only for the cell whose date equals `today`. */
  isToday: boolean;
  /** 0 = Sunday .. 6 = Saturday, matching WEEKDAY_HEADERS. */
  weekday: Weekday;
};

const DAY_MS = 86_400_000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * 42 cells (6 weeks) starting on the Sunday on or before the 1st of `ref`.
 * `today` is a 'YYYY-MM-DD' local date (e.g. from todayIn); a non-matching or invalid value flags no cell.
 */
export function calendarGrid(ref: MonthRef, today: string): CalendarCell[] {
  if (!Number.isInteger(ref.year) || !Number.isInteger(ref.month) || ref.month < 1 || ref.month > 12) {
    throw new RangeError(`Invalid month: ${ref.year}-${ref.month}`);
  }
  const first = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0..99 as written.
  first.setUTCFullYear(ref.year, ref.month - 1, 1);
  const start = first.getTime() - first.getUTCDay() * DAY_MS;

  const cells: CalendarCell[] = [];
  for (let i = 0; i < CALENDAR_CELL_COUNT; i += 1) {
    const d = new Date(start + i * DAY_MS);
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth() + 1;
    const day = d.getUTCDate();
    const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
    cells.push({
      date,
      day,
      inMonth: year === ref.year && month === ref.month,
      isToday: date === today,
      weekday: (i % 7) as Weekday,
    });
  }
  return cells;
}
