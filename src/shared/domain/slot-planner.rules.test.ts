/**
 * The planner's rules (docs/ai.md, "Which days get a post"), checked exhaustively over every month of
 * 2026-2028, every frequency and a set of day choices, and as properties over any month, frequency,
 * choice of days and holidays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY, type Strategy } from '../schemas/strategy';
import { daysInMonth } from './months';
import { WEEKDAYS, type Weekday } from './options';
import { planSlots, type PostSlot } from './slot-planner';

const weekdayIndex = (year: number, month: number, day: number) => (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
const dayOf = (slot: PostSlot) => Number(slot.date.slice(8, 10));

function weeksOf(year: number, month: number): number[][] {
  const weeks: number[][] = [];
  for (let day = 1; day <= daysInMonth({ year, month }); day++) {
    if (weeks.length === 0 || weekdayIndex(year, month, day) === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push(day);
  }
  return weeks;
}

interface Case {
  year: number;
  month: number;
  frequency: number;
  preferredDays: Weekday[];
  holidays?: { date: string; name: string }[];
}

/** Every rule of docs/ai.md for one plan; throws (through expect) on the first broken one. */
function checkRules({ year, month, frequency, preferredDays, holidays = [] }: Case): void {
  const strategy: Strategy = { ...DEFAULT_STRATEGY, postFrequency: frequency, preferredDays, includeHolidays: holidays.length > 0, selectedHolidays: holidays };
  const slots = planSlots({ year, month, strategy });
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  const last = daysInMonth({ year, month });
  const ticked = new Set(preferredDays.map((day) => WEEKDAYS.indexOf(day)));
  const isTicked = (day: number) => ticked.has(weekdayIndex(year, month, day));

  // Inside the month, at noon UTC, one a day, in order.
  for (const slot of slots) {
    expect(slot.date).toMatch(/^\d{4}-\d{2}-\d{2}T12:00:00Z$/);
    expect(slot.date.startsWith(prefix)).toBe(true);
    expect(dayOf(slot)).toBeGreaterThanOrEqual(1);
    expect(dayOf(slot)).toBeLessThanOrEqual(last);
  }
  const dates = slots.map((slot) => slot.date);
  expect(new Set(dates).size).toBe(dates.length);
  expect(dates).toEqual([...dates].sort());

  for (const week of weeksOf(year, month)) {
    const inWeek = slots.filter((slot) => week.includes(dayOf(slot)));
    const regular = inWeek.filter((slot) => slot.holiday === undefined);
    const holidayDays = new Set(holidays.filter((holiday) => holiday.date.startsWith(prefix)).map((holiday) => Number(holiday.date.slice(8, 10))));
    const holidaysInWeek = week.filter((day) => holidayDays.has(day)).length;
    // Weekly maximum: N regular posts, N + 1 with holidays (more only when the holidays alone are more).
    expect(regular.length).toBeLessThanOrEqual(frequency);
    expect(inWeek.length).toBeLessThanOrEqual(Math.max(frequency + (holidaysInWeek > 0 ? 1 : 0), holidaysInWeek));
    if (holidaysInWeek > 0) continue; // holidays take their day and may push out a regular one
    const tickedInWeek = week.filter(isTicked);
    if (ticked.size >= frequency) {
      // Only ticked days, in every week, full or partial: the ticked days it has, up to N.
      for (const slot of inWeek) expect(isTicked(dayOf(slot))).toBe(true);
      expect(inWeek.length).toBe(Math.min(frequency, tickedInWeek.length));
    } else {
      // Every ticked day is used; a full week is filled up to N.
      for (const day of tickedInWeek) expect(inWeek.map(dayOf)).toContain(day);
      if (week.length === 7) expect(inWeek.length).toBe(frequency);
    }
  }
  // Holidays get their slot.
  for (const holiday of holidays) {
    if (!holiday.date.startsWith(prefix)) continue;
    expect(slots.find((slot) => slot.date === `${holiday.date}T12:00:00Z`)?.holiday).toContain(holiday.name);
  }
}

const DAY_CHOICES: Weekday[][] = [
  [],
  ['Monday'],
  ['Sunday'],
  ['Saturday', 'Sunday'],
  ['Monday', 'Wednesday', 'Friday'],
  ['Tuesday', 'Thursday', 'Saturday'],
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  ['Tuesday', 'Sunday'],
  [...WEEKDAYS],
];

describe('planSlots rules, every month of 2026-2028', () => {
  for (let year = 2026; year <= 2028; year++) {
    it(`holds for every month of ${year}, every frequency and every day choice`, () => {
      for (let month = 1; month <= 12; month++) {
        for (let frequency = 1; frequency <= 7; frequency++) {
          for (const preferredDays of DAY_CHOICES) checkRules({ year, month, frequency, preferredDays });
        }
      }
    });
  }

  it('puts 3 posts a week on Monday, Wednesday and Friday only, in December 2026 and January 2027', () => {
    for (const [year, month] of [
      [2026, 12],
      [2027, 1],
    ] as const) {
      const slots = planSlots({ year, month, strategy: { ...DEFAULT_STRATEGY, postFrequency: 3, preferredDays: ['Monday', 'Wednesday', 'Friday'] } });
      for (const slot of slots) expect(['Monday', 'Wednesday', 'Friday']).toContain(WEEKDAYS[(new Date(slot.date).getUTCDay() + 6) % 7]);
    }
    const december = planSlots({
      year: 2026,
      month: 12,
      strategy: { ...DEFAULT_STRATEGY, postFrequency: 3, preferredDays: ['Monday', 'Wednesday', 'Friday'] },
    });
    expect(december[0]!.date).toBe('2026-12-02T12:00:00Z'); // not Tuesday 1 December
    expect(december.length).toBe(13);
  });
});

describe('planSlots rules, any month, frequency, days and holidays (fast-check)', () => {
  const caseArbitrary = fc
    .record({
      year: fc.integer({ min: 1990, max: 2100 }),
      month: fc.integer({ min: 1, max: 12 }),
      frequency: fc.integer({ min: 1, max: 7 }),
      preferredDays: fc.subarray([...WEEKDAYS]),
      holidayDays: fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { maxLength: 4 }),
    })
    .map(({ year, month, frequency, preferredDays, holidayDays }) => ({
      year,
      month,
      frequency,
      preferredDays,
      holidays: holidayDays
        .filter((day) => day <= daysInMonth({ year, month }))
        .map((day) => ({ date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, name: `Holiday ${day}` })),
    }));

  it('keeps every rule', () => {
    fc.assert(
      fc.property(caseArbitrary, (input) => {
        checkRules(input);
      }),
      { numRuns: 2000 },
    );
    // 2,000 generated months take a few seconds on a busy 2-core machine: more than the default 5 s.
  }, 30_000);
});
