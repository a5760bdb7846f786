/**
 * A calendar day ('YYYY-MM-DD') in words, as en-US writes it: 'December 5, 2026', 'Saturday',
 * 'Sat, Dec 5'. Written out rather than with Intl.DateTimeFormat: the first Intl formatter a page
 * makes loads the locale data, about 80 ms on a phone-speed CPU, and the month screen would pay it
 * before its first paint. day-words.test.ts checks every day against Intl's own words.
 */
import { MONTH_ABBREVIATIONS, MONTH_NAMES } from './months';

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const WEEKDAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

function parts(day: string) {
  const date = new Date(`${day}T12:00:00Z`);
  return { weekday: date.getUTCDay(), month: date.getUTCMonth(), dayNumber: date.getUTCDate(), year: date.getUTCFullYear() };
}

/** 'Saturday' */
export const weekdayName = (day: string): string => WEEKDAY_NAMES[parts(day).weekday]!;

/** 'December 5, 2026' */
export function longDate(day: string): string {
  const { month, dayNumber, year } = parts(day);
  return `${MONTH_NAMES[month]} ${dayNumber}, ${year}`;
}

/** 'Saturday, December 5' */
export function weekdayAndDate(day: string): string {
  const { weekday, month, dayNumber } = parts(day);
  return `${WEEKDAY_NAMES[weekday]}, ${MONTH_NAMES[month]} ${dayNumber}`;
}

/** 'Sat, Dec 5' */
export function shortDay(day: string): string {
  const { weekday, month, dayNumber } = parts(day);
  return `${WEEKDAY_ABBREVIATIONS[weekday]}, ${MONTH_ABBREVIATIONS[month]} ${dayNumber}`;
}
