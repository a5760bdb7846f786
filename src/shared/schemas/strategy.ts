import { z } from 'zod';
import { CALLS_TO_ACTION, CONTENT_TYPES, PLATFORMS, SPEC_PLATFORMS, WEEKDAYS } from '../domain/options';
import { calendarDaySchema } from './dates';

export const POST_FREQUENCY = { min: 1, max: 7, default: 3 } as const;

export const STRATEGY_LIMITS = {
  keyThemes: 1000,
  hashtags: 500,
  additionalInstructions: 2000,
  selectedHolidays: 31,
} as const;

/** ISO 3166-1 alpha-2 country code for the holiday list, e.g. 'US', 'GB', 'DE'. */
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'Country must be a two-letter code such as US.');

/** A public holiday the user picked: its date in the month and its name. */
export const selectedHolidaySchema = z.object({
  date: calendarDaySchema,
  name: z.string().trim().min(1).max(120),
});
export type SelectedHoliday = z.infer<typeof selectedHolidaySchema>;

/** The Generate tab's form: the spec's generation request fields that the user controls. */
export const strategySchema = z.object({
  postFrequency: z.number().int().min(POST_FREQUENCY.min).max(POST_FREQUENCY.max),
  /** 'Target Platforms': the networks the month's posts take turns on; a request without it targets the spec's four. */
  platforms: z
    .array(z.enum(PLATFORMS))
    .min(1, 'Choose at least one platform to plan posts for.')
    .max(PLATFORMS.length)
    .default([...SPEC_PLATFORMS]),
  preferredDays: z.array(z.enum(WEEKDAYS)).max(7),
  contentTypes: z.array(z.enum(CONTENT_TYPES)).max(CONTENT_TYPES.length),
  keyThemes: z.string().trim().max(STRATEGY_LIMITS.keyThemes),
  selectedCTAs: z.array(z.enum(CALLS_TO_ACTION)).max(CALLS_TO_ACTION.length),
  /** Comma-separated, as typed: 'separated by commas'. */
  hashtags: z.string().trim().max(STRATEGY_LIMITS.hashtags),
  additionalInstructions: z.string().trim().max(STRATEGY_LIMITS.additionalInstructions),
  includeHolidays: z.boolean(),
  holidayCountry: countryCodeSchema,
  selectedHolidays: z.array(selectedHolidaySchema).max(STRATEGY_LIMITS.selectedHolidays),
  useEmojis: z.boolean(),
});
export type Strategy = z.infer<typeof strategySchema>;

export const DEFAULT_STRATEGY: Strategy = {
  postFrequency: POST_FREQUENCY.default,
  platforms: [...SPEC_PLATFORMS],
  preferredDays: [],
  contentTypes: [],
  keyThemes: '',
  selectedCTAs: [],
  hashtags: '',
  additionalInstructions: '',
  includeHolidays: false,
  holidayCountry: 'US',
  selectedHolidays: [],
  useEmojis: true,
};

/** '#a, b ,#c' -> ['#a', '#b', '#c']: what the user typed in the hashtags field, normalised. */
export function parseHashtags(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim().replace(/^#+/, '').replace(/\s+/g, ''))
    .filter((tag) => tag.length > 0)
    .map((tag) => `#${tag}`);
  return [...new Set(tags)];
}
