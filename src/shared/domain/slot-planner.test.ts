import { describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY, type Strategy } from '../schemas/strategy';
import { CONTENT_TYPES, CONTENT_TYPE_POST_TYPE, PLATFORMS, SPEC_PLATFORMS, WEEKDAYS, type ContentType, type Weekday } from './options';
import { daysInMonth as monthLength } from './months';
import { planSlots, type PostSlot } from './slot-planner';

const daysInMonth = (year: number, month: number) => monthLength({ year, month });

const strategy = (overrides: Partial<Strategy> = {}): Strategy => ({ ...DEFAULT_STRATEGY, ...overrides });

/** Monday = 0 ... Sunday = 6, as the planner counts. */
const weekdayIndex = (date: string) => (new Date(date).getUTCDay() + 6) % 7;
const weekdayName = (date: string): Weekday => WEEKDAYS[weekdayIndex(date)]!;
const dayOf = (slot: PostSlot) => Number(slot.date.slice(8, 10));

/** Monday-start weeks of a month clipped to it, as lists of day numbers. */
function weeksOf(year: number, month: number): number[][] {
  const weeks: number[][] = [];
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    if (weeks.length === 0 || weekdayIndex(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T12:00:00Z`) === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push(day);
  }
  return weeks;
}

function countBy<T>(items: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

const spread = (counts: Map<unknown, number>) => Math.max(...counts.values()) - Math.min(...counts.values());

// Feb 2026 and Mar 2026 start on a Sunday; Feb 2024 has 29 days; Dec 2026 is the spec's running example.
const MONTHS: [number, number][] = [
  [2026, 2],
  [2026, 3],
  [2024, 2],
  [2026, 4],
  [2026, 6],
  [2026, 8],
  [2026, 11],
  [2026, 12],
  [2027, 1],
  [2027, 2],
];

describe('planSlots: frequency and month edges', () => {
  for (const [year, month] of MONTHS) {
    for (let frequency = 1; frequency <= 7; frequency++) {
      it(`${year}-${month}, ${frequency} per week`, () => {
        const slots = planSlots({ year, month, strategy: strategy({ postFrequency: frequency }) });
        const prefix = `${year}-${String(month).padStart(2, '0')}-`;
        for (const slot of slots) {
          expect(slot.date).toMatch(/^\d{4}-\d{2}-\d{2}T12:00:00Z$/);
          expect(slot.date.startsWith(prefix)).toBe(true);
          expect(dayOf(slot)).toBeGreaterThanOrEqual(1);
          expect(dayOf(slot)).toBeLessThanOrEqual(daysInMonth(year, month));
        }
        const dates = slots.map((slot) => slot.date);
        expect(dates).toEqual([...dates].sort());
        expect(new Set(dates).size).toBe(dates.length); // at most one post per day
        for (const week of weeksOf(year, month)) {
          const inWeek = slots.filter((slot) => week.includes(dayOf(slot))).length;
          const expected = week.length === 7 ? frequency : Math.min(week.length, Math.round((frequency * week.length) / 7));
          expect(inWeek).toBe(expected);
        }
        const perMonth = (frequency * daysInMonth(year, month)) / 7;
        expect(Math.abs(slots.length - perMonth)).toBeLessThanOrEqual(1.5);
      });
    }
  }

  it('posts every day at 7 per week', () => {
    const slots = planSlots({ year: 2024, month: 2, strategy: strategy({ postFrequency: 7 }) });
    expect(slots.map(dayOf)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
  });

  it('gives a one-day week at the month edge no post at low frequency', () => {
    // 1 Feb 2026 is a Sunday: a week of one day gets round(3/7) = 0 posts.
    const slots = planSlots({ year: 2026, month: 2, strategy: strategy({ postFrequency: 3 }) });
    expect(slots[0]!.date).not.toBe('2026-02-01T12:00:00Z');
    const daily = planSlots({ year: 2026, month: 2, strategy: strategy({ postFrequency: 7 }) });
    expect(daily[0]!.date).toBe('2026-02-01T12:00:00Z');
  });

  it('plans December 2026 inside December', () => {
    const slots = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 3 }) });
    expect(slots[0]!.date >= '2026-12-01').toBe(true);
    expect(slots.at(-1)!.date <= '2026-12-31T12:00:00Z').toBe(true);
    expect(slots.length).toBe(14);
  });

  it('is deterministic', () => {
    const input = { year: 2026, month: 12, strategy: strategy({ postFrequency: 4, contentTypes: ['Images', 'Videos'] as ContentType[] }) };
    expect(planSlots(input)).toEqual(planSlots(structuredClone(input)));
  });
});

describe('planSlots: preferred days', () => {
  const fullWeekDays = (slots: PostSlot[], year: number, month: number) => {
    const full = weeksOf(year, month)
      .filter((week) => week.length === 7)
      .flat();
    return slots.filter((slot) => full.includes(dayOf(slot)));
  };

  it('posts only on the preferred days when their number matches', () => {
    const preferredDays: Weekday[] = ['Tuesday', 'Thursday', 'Saturday'];
    for (const [year, month] of MONTHS) {
      const slots = planSlots({ year, month, strategy: strategy({ postFrequency: 3, preferredDays }) });
      for (const slot of fullWeekDays(slots, year, month)) expect(preferredDays).toContain(weekdayName(slot.date));
    }
  });

  it('picks a spread subset when more days are preferred than posts per week', () => {
    const slots = planSlots({
      year: 2026,
      month: 12,
      strategy: strategy({ postFrequency: 3, preferredDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] }),
    });
    for (const slot of slots) expect(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']).toContain(weekdayName(slot.date));
    expect(new Set(fullWeekDays(slots, 2026, 12).map((slot) => weekdayName(slot.date)))).toEqual(new Set(['Monday', 'Wednesday', 'Friday']));
  });

  it('fills the rest of the week with spread-out days when fewer are preferred', () => {
    const monday = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 3, preferredDays: ['Monday'] }) });
    expect(new Set(fullWeekDays(monday, 2026, 12).map((slot) => weekdayName(slot.date)))).toEqual(new Set(['Monday', 'Wednesday', 'Friday']));

    const weekend = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 3, preferredDays: ['Saturday', 'Sunday'] }) });
    expect(new Set(fullWeekDays(weekend, 2026, 12).map((slot) => weekdayName(slot.date)))).toEqual(new Set(['Wednesday', 'Saturday', 'Sunday']));

    // Every preferred day inside a full week keeps its post.
    const two = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 5, preferredDays: ['Tuesday', 'Sunday'] }) });
    const names = fullWeekDays(two, 2026, 12).map((slot) => weekdayName(slot.date));
    expect(countBy(names).get('Tuesday')).toBe(3);
    expect(countBy(names).get('Sunday')).toBe(3);
  });

  it('spreads evenly when no day is preferred', () => {
    const days = (frequency: number) =>
      new Set(
        fullWeekDays(planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: frequency }) }), 2026, 12).map((slot) => weekdayName(slot.date)),
      );
    expect(days(3)).toEqual(new Set(['Monday', 'Wednesday', 'Friday']));
    expect(days(2)).toEqual(new Set(['Monday', 'Thursday']));
    expect(days(5)).toEqual(new Set(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']));
  });
});

describe('planSlots: holidays', () => {
  const christmas = { date: '2026-12-25', name: 'Christmas Day' };

  it('adds a slot on each selected holiday when holidays are included', () => {
    const slots = planSlots({
      year: 2026,
      month: 12,
      strategy: strategy({ postFrequency: 1, includeHolidays: true, selectedHolidays: [christmas, { date: '2026-11-26', name: 'Thanksgiving Day' }] }),
    });
    const holidaySlots = slots.filter((slot) => slot.holiday);
    expect(holidaySlots).toHaveLength(1);
    expect(holidaySlots[0]).toMatchObject({ date: '2026-12-25T12:00:00Z', holiday: 'Christmas Day' });
    expect(slots.filter((slot) => [21, 22, 23, 24, 25, 26, 27].includes(dayOf(slot)))).toHaveLength(2); // N + 1
  });

  it('ignores holidays when they are not included', () => {
    const slots = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 1, includeHolidays: false, selectedHolidays: [christmas] }) });
    expect(slots.some((slot) => slot.holiday)).toBe(false);
  });

  it('marks a regular slot already on the holiday instead of adding one', () => {
    // Fridays are regular days at 3 per week; Christmas 2026 is a Friday.
    const slots = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 3, includeHolidays: true, selectedHolidays: [christmas] }) });
    expect(slots.filter((slot) => dayOf(slot) === 25)).toEqual([expect.objectContaining({ holiday: 'Christmas Day' })]);
    expect(slots.filter((slot) => dayOf(slot) >= 21 && dayOf(slot) <= 27)).toHaveLength(3);
  });

  it('replaces the nearest regular slot when the week would exceed N + 1', () => {
    const slots = planSlots({
      year: 2026,
      month: 12,
      strategy: strategy({
        postFrequency: 3,
        includeHolidays: true,
        selectedHolidays: [
          { date: '2026-12-24', name: 'Christmas Eve' },
          { date: '2026-12-26', name: 'Boxing Day' },
        ],
      }),
    });
    const week = slots.filter((slot) => dayOf(slot) >= 21 && dayOf(slot) <= 27);
    expect(week).toHaveLength(4);
    expect(week.map(dayOf)).toEqual([21, 23, 24, 26]); // Friday 25th, next to both holidays, made room
    expect(week.filter((slot) => slot.holiday).map((slot) => slot.holiday)).toEqual(['Christmas Eve', 'Boxing Day']);
  });

  it('uses the holidays passed in over the strategy list and merges two on one day', () => {
    const slots = planSlots({
      year: 2026,
      month: 12,
      strategy: strategy({ postFrequency: 2, includeHolidays: true, selectedHolidays: [christmas] }),
      holidays: [
        { date: '2026-12-31', name: "New Year's Eve" },
        { date: '2026-12-31', name: 'Hogmanay' },
      ],
    });
    expect(slots.filter((slot) => slot.holiday).map((slot) => [slot.date, slot.holiday])).toEqual([['2026-12-31T12:00:00Z', "New Year's Eve / Hogmanay"]]);
  });
});

describe('planSlots: platforms and types', () => {
  it('balances platforms', () => {
    for (const [year, month] of MONTHS) {
      for (let frequency = 1; frequency <= 7; frequency++) {
        const slots = planSlots({ year, month, strategy: strategy({ postFrequency: frequency }) });
        const counts = countBy(slots.map((slot) => slot.platform));
        if (slots.length >= SPEC_PLATFORMS.length) expect(counts.size).toBe(SPEC_PLATFORMS.length);
        expect(spread(counts)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('draws types only from the chosen content types, balanced', () => {
    const choices: ContentType[][] = [['Images'], ['Videos', 'Carousels'], ['Text only', 'Images', 'Videos'], [...CONTENT_TYPES]];
    for (const contentTypes of choices) {
      for (let frequency = 1; frequency <= 7; frequency++) {
        const slots = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: frequency, contentTypes }) });
        const allowed = contentTypes.map((type) => CONTENT_TYPE_POST_TYPE[type]);
        for (const slot of slots) expect(allowed).toContain(slot.type);
        const counts = countBy(slots.map((slot) => slot.type));
        if (slots.length >= 2 * allowed.length) expect(counts.size).toBe(allowed.length);
        expect(spread(counts)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('alternates text and image when no content type is chosen', () => {
    const slots = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 3, contentTypes: [] }) });
    expect(new Set(slots.map((slot) => slot.type))).toEqual(new Set(['text', 'image']));
    expect(spread(countBy(slots.map((slot) => slot.type)))).toBeLessThanOrEqual(1);
  });

  it('targets the spec four by default, and only the Target Platforms chosen, in the app order', () => {
    expect(new Set(planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 7 }) }).map((slot) => slot.platform))).toEqual(
      new Set(SPEC_PLATFORMS),
    );
    const bluesky = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 3, platforms: ['bluesky'] }) });
    expect(bluesky.length).toBeGreaterThan(10);
    expect(new Set(bluesky.map((slot) => slot.platform))).toEqual(new Set(['bluesky']));
    const two = planSlots({ year: 2026, month: 12, strategy: strategy({ postFrequency: 5, platforms: ['mastodon', 'bluesky', 'mastodon'] }) });
    expect(two.slice(0, 2).map((slot) => slot.platform)).toEqual(['bluesky', 'mastodon']);
    expect(spread(countBy(two.map((slot) => slot.platform)))).toBeLessThanOrEqual(1);
  });

  it.each([1, 3, 5])('gives each of %i platforms every type over a month', (count) => {
    const platforms = PLATFORMS.slice(0, count);
    const slots = planSlots({
      year: 2026,
      month: 12,
      strategy: strategy({ postFrequency: 7, platforms: [...platforms], contentTypes: ['Text only', 'Images'] }),
    });
    for (const platform of platforms) expect(new Set(slots.filter((slot) => slot.platform === platform).map((slot) => slot.type)).size).toBe(2);
  });

  it('gives each platform more than one type over a month', () => {
    const slots = planSlots({
      year: 2026,
      month: 12,
      strategy: strategy({ postFrequency: 7, platforms: [...PLATFORMS], contentTypes: ['Text only', 'Images'] }),
    });
    for (const platform of PLATFORMS) {
      expect(new Set(slots.filter((slot) => slot.platform === platform).map((slot) => slot.type)).size).toBe(2);
    }
  });
});
