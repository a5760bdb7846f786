/**
 * Plans which days of a month get a post, on which platform and of which type.
 * The server owns the calendar (models are bad at date arithmetic); writers only fill the slots.
 * Pure and deterministic: the same input always gives the same plan.
 */
import type { Strategy } from '../schemas/strategy';
import { dayOfMonth, daysInMonth, noonUtc } from './months';
import { postTypeOn } from './networks';
import { CONTENT_TYPES, CONTENT_TYPE_POST_TYPE, PLATFORMS, SPEC_PLATFORMS, WEEKDAYS, type Platform, type PostType } from './options';

export interface PostSlot {
  /** Noon UTC of the day, e.g. 2026-12-05T12:00:00Z. */
  date: string;
  platform: Platform;
  type: PostType;
  /** Name of the public holiday the post is for, when it is one. */
  holiday?: string;
}

export interface PlanSlotsInput {
  year: number;
  month: number;
  strategy: Strategy;
  /** Holidays to plan for; defaults to strategy.selectedHolidays. Used only when strategy.includeHolidays. */
  holidays?: { date: string; name: string }[];
}

/** Weekday index with Monday = 0 ... Sunday = 6. */
type DayIndex = number;

function weekdayOf(year: number, month: number, day: number): DayIndex {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** Gaps between chosen weekdays, counted around the week (Sunday is next to the following Monday). */
function cyclicGaps(days: DayIndex[]): number[] {
  if (days.length < 2) return [7];
  return days.map((day, i) => (i + 1 < days.length ? days[i + 1]! - day : days[0]! + 7 - day));
}

function combinations(items: DayIndex[], size: number): DayIndex[][] {
  if (size <= 0) return [[]];
  const result: DayIndex[][] = [];
  items.forEach((item, i) => {
    for (const rest of combinations(items.slice(i + 1), size - 1)) result.push([item, ...rest]);
  });
  return result;
}

/** Longest run of consecutive weekdays, around the week. */
function longestRun(days: DayIndex[]): number {
  if (days.length === 7) return 7;
  let longest = 0;
  for (const start of days) {
    let run = 1;
    while (days.includes((start + run) % 7)) run++;
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * The best spread `size` days out of `candidates` that include all of `required`; `context` days (posts of
 * the neighbouring weeks) count for spacing but are not returned. Scored by, in order:
 * even gaps (sum of squared gaps) with a small penalty per weekend day (a business audience reads on
 * weekdays), shortest run of consecutive days, earliest days. At most 35 subsets: trying all is cheap.
 */
function spreadDays(required: DayIndex[], candidates: DayIndex[], size: number, context: DayIndex[] = []): DayIndex[] {
  const extra = candidates.filter((day) => !required.includes(day));
  let best: { days: DayIndex[]; score: number[] } | undefined;
  for (const pick of combinations(extra, size - required.length)) {
    const days = [...required, ...pick].sort((a, b) => a - b);
    const withContext = [...new Set([...days, ...context])].sort((a, b) => a - b);
    const evenness = cyclicGaps(withContext).reduce((sum, gap) => sum + gap * gap, 0);
    const weekendPenalty = 3 * days.filter((day) => day >= 5).length;
    const score = [evenness + weekendPenalty, longestRun(withContext), ...days];
    if (!best || compareScores(score, best.score) < 0) best = { days, score };
  }
  return best?.days ?? [...required].sort((a, b) => a - b);
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

/** The weekdays of a full week: preferred days when they match N, else a spread-out choice around them. */
function weeklyPattern(perWeek: number, preferred: DayIndex[]): DayIndex[] {
  const allDays = [0, 1, 2, 3, 4, 5, 6];
  if (preferred.length >= perWeek) return spreadDays([], preferred, perWeek);
  return spreadDays(preferred, allDays, perWeek);
}

/**
 * Days of one (possibly partial) week to post on. When the ticked days can hold the weekly frequency,
 * only ticked days are candidates (the weekly pattern first), and a partial week gets the ticked days it
 * contains, up to the frequency. Otherwise every ticked day in the week is kept and the rest widen in
 * tiers: the weekly pattern, then any day of the segment. In a partial week the pattern days outside
 * the month stand in for the neighbouring week's posts when spacing.
 */
function pickDays(segment: DayIndex[], perWeek: number, pattern: DayIndex[], preferred: DayIndex[]): DayIndex[] {
  const inSegment = (days: DayIndex[]) => segment.filter((day) => days.includes(day));
  const context = pattern.filter((day) => !segment.includes(day));
  const tickedHere = inSegment(preferred);
  const onlyTicked = preferred.length >= perWeek;
  const required = onlyTicked ? [] : tickedHere;
  const quota = onlyTicked ? Math.min(perWeek, tickedHere.length) : Math.max(required.length, weekQuota(perWeek, segment.length));
  const tiers = onlyTicked ? [inSegment(pattern), tickedHere] : [inSegment(pattern), segment];
  for (const tier of tiers) {
    const candidates = [...new Set([...required, ...tier])];
    if (candidates.length >= quota) return spreadDays(required, candidates, quota, context);
  }
  return onlyTicked ? tickedHere : segment;
}

/** Posts for a week of `length` days: proportional to a full week, never more than its days. */
function weekQuota(perWeek: number, length: number): number {
  return Math.min(length, Math.round((perWeek * length) / 7));
}

/** Types to rotate through: the chosen content types in option order, or text and image alternating. */
/** The strategy's Target Platforms in the app's order, each once; the spec's four when none are given. */
export function targetPlatforms(strategy: { platforms?: readonly Platform[] } | null | undefined): Platform[] {
  const chosen = PLATFORMS.filter((platform) => strategy?.platforms?.includes(platform));
  return chosen.length > 0 ? chosen : [...SPEC_PLATFORMS];
}

function typeCycle(strategy: Strategy): PostType[] {
  const chosen = CONTENT_TYPES.filter((type) => strategy.contentTypes.includes(type)).map((type) => CONTENT_TYPE_POST_TYPE[type]);
  return chosen.length > 0 ? chosen : ['text', 'image'];
}

interface PlannedDay {
  day: number;
  holiday?: string;
}

/** Adds holiday days to one week's regular days; drops the nearest regular days past quota + 1. */
function withHolidays(regular: number[], holidays: Map<number, string>, weekDays: number[], quota: number): PlannedDay[] {
  const planned: PlannedDay[] = regular.map((day) => ({ day }));
  for (const day of weekDays) {
    const name = holidays.get(day);
    if (name === undefined) continue;
    const existing = planned.find((entry) => entry.day === day);
    if (existing) existing.holiday = name;
    else planned.push({ day, holiday: name });
  }
  while (planned.length > quota + 1) {
    const holidayDays = planned.filter((entry) => entry.holiday !== undefined).map((entry) => entry.day);
    const replaceable = planned.filter((entry) => entry.holiday === undefined);
    if (replaceable.length === 0) break;
    // Nearest to a holiday goes first; on a tie, the one nearest to all of them.
    const distances = (entry: PlannedDay) => holidayDays.map((day) => Math.abs(day - entry.day));
    const score = (entry: PlannedDay) => [Math.min(...distances(entry)), distances(entry).reduce((a, b) => a + b, 0)];
    const victim = replaceable.reduce((nearest, entry) => (compareScores(score(entry), score(nearest)) < 0 ? entry : nearest));
    planned.splice(planned.indexOf(victim), 1);
  }
  return planned.sort((a, b) => a.day - b.day);
}

/** Holidays inside the month by day number; several on one day share a slot and a joined name. */
function holidaysByDay(input: PlanSlotsInput): Map<number, string> {
  const byDay = new Map<number, string>();
  if (!input.strategy.includeHolidays) return byDay;
  const prefix = `${input.year}-${String(input.month).padStart(2, '0')}-`;
  const lastDay = daysInMonth({ year: input.year, month: input.month });
  for (const holiday of input.holidays ?? input.strategy.selectedHolidays) {
    if (!holiday.date.startsWith(prefix)) continue;
    const day = Number(holiday.date.slice(prefix.length, prefix.length + 2));
    const name = holiday.name.trim();
    if (!Number.isInteger(day) || day < 1 || day > lastDay || name === '') continue;
    const known = byDay.get(day);
    if (known === undefined) byDay.set(day, name);
    else if (!known.split(' / ').includes(name)) byDay.set(day, `${known} / ${name}`);
  }
  return byDay;
}

export function planSlots(input: PlanSlotsInput): PostSlot[] {
  const { year, month, strategy } = input;
  const perWeek = Math.min(7, Math.max(1, Math.round(strategy.postFrequency)));
  const preferred = WEEKDAYS.map((name, index) => (strategy.preferredDays.includes(name) ? index : -1)).filter((i) => i >= 0);
  const pattern = weeklyPattern(perWeek, preferred);
  const holidays = holidaysByDay(input);

  // Monday-start weeks clipped to the month: lists of day numbers.
  const weeks: number[][] = [];
  for (let day = 1; day <= daysInMonth({ year, month }); day++) {
    if (weeks.length === 0 || weekdayOf(year, month, day) === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push(day);
  }

  const planned: PlannedDay[] = [];
  for (const week of weeks) {
    const weekdays = week.map((day) => weekdayOf(year, month, day));
    const chosen = pickDays(weekdays, perWeek, pattern, preferred);
    const regular = week.filter((_day, i) => chosen.includes(weekdays[i]!));
    planned.push(...withHolidays(regular, holidays, week, regular.length));
  }

  const types = typeCycle(strategy);
  const platforms = targetPlatforms(strategy);
  return planned.map((entry, i) => {
    // The n-th platform of the k-th round takes type n + k: each platform cycles through every type,
    // however many platforms there are (an odd count no longer keeps a platform on one type).
    const typeIndex = ((i % platforms.length) + Math.floor(i / platforms.length)) % types.length;
    const day = dayOfMonth({ year, month }, entry.day);
    const platform = platforms[i % platforms.length]!;
    // A type the network cannot carry becomes an image post there (a carousel or video on Google Business Profile).
    const slot: PostSlot = { date: noonUtc(day), platform, type: postTypeOn(platform, types[typeIndex]!) };
    if (entry.holiday !== undefined) slot.holiday = entry.holiday;
    return slot;
  });
}
