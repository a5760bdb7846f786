import { z } from 'zod';

/**
 * The one date schema: a real calendar day 'YYYY-MM-DD' (months 1..12, each month's own length, leap
 * years by the Gregorian rules). zod's ISO date checks all of that; anything else is a 400 naming the field.
 */
export const calendarDaySchema = z.iso.date('Use a real date like 2026-12-05.');

/** A post's date: noon UTC of a real day, as the spec stores it. */
const NOON_UTC_PATTERN = /^\d{4}-\d{2}-\d{2}T12:00:00(\.000)?Z$/;
export const postDateSchema = z
  .string()
  .refine(
    (value) => NOON_UTC_PATTERN.test(value) && calendarDaySchema.safeParse(value.slice(0, 10)).success,
    'Use noon UTC of a real date, like 2026-12-05T12:00:00Z.',
  );
