import { describe, it, expect } from 'vitest';
import {
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  activeMonths,
  compareMonths,
  currentMonth,
  currentMonthSince,
  dateOnly,
  dayOfMonth,
  daysInMonth,
  isActive,
  isArchived,
  isDateInMonth,
  isValidTimeZone,
  monthId,
  monthName,
  nextMonth,
  noonUtc,
  normaliseToNoonUtc,
  parseMonthId,
  previousMonth,
  relativeDays,
  sortArchivedNewestFirst,
  sortOldestFirst,
  todayIn,
} from './months';

const ym = (year: number, month: number) => ({ year, month });
const ALL_MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

describe('month ids', () => {
  it('formats the year and month number without zero padding', () => {
    expect(monthId(ym(2026, 1))).toBe('2026-1');
    expect(monthId(ym(2026, 12))).toBe('2026-12');
  });
  it('writes a day of a month as a zero-padded calendar date, unlike the month id', () => {
    expect(dayOfMonth(ym(2027, 1), 9)).toBe('2027-01-09');
    expect(dayOfMonth(ym(2026, 12), 31)).toBe('2026-12-31');
  });
  it.each(ALL_MONTHS)('round-trips month %i through monthId and parseMonthId', (month) => {
    expect(parseMonthId(monthId(ym(2026, month)))).toEqual(ym(2026, month));
  });
  it('accepts the first and last supported years', () => {
    expect(parseMonthId('2000-1')).toEqual(ym(2000, 1));
    expect(parseMonthId('2200-12')).toEqual(ym(2200, 12));
  });
  it.each(['2026-01', '2026-13', '2026-0', 'abc', '2026-1-1', '1999-12', '2201-1', '', ' 2026-1', '2026-1 ', '26-1', '2026-+1', '2026-1.0'])(
    'rejects %j',
    (id) => expect(parseMonthId(id)).toBeNull(),
  );
});

describe('month names', () => {
  it('lists English names and three-letter abbreviations from January to December', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(MONTH_NAMES[0]).toBe('January');
    expect(MONTH_NAMES[11]).toBe('December');
    expect(MONTH_ABBREVIATIONS).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(MONTH_NAMES.map((name) => name.slice(0, 3))).toEqual(MONTH_ABBREVIATIONS);
  });
  it('names a month number and refuses numbers outside 1 to 12', () => {
    expect(monthName(1)).toBe('January');
    expect(monthName(12)).toBe('December');
    expect(() => monthName(0)).toThrow(RangeError);
    expect(() => monthName(13)).toThrow(RangeError);
    expect(() => monthName(1.5)).toThrow(RangeError);
  });
});

describe('moving between months', () => {
  it('gives January of the next year after December', () => expect(nextMonth(ym(2026, 12))).toEqual(ym(2027, 1)));
  it('gives December of the previous year before January', () => expect(previousMonth(ym(2027, 1))).toEqual(ym(2026, 12)));
  it('stays in the same year in the middle of the year', () => {
    expect(nextMonth(ym(2026, 6))).toEqual(ym(2026, 7));
    expect(previousMonth(ym(2026, 6))).toEqual(ym(2026, 5));
  });
  it.each(ALL_MONTHS)('undoes nextMonth with previousMonth for month %i', (month) => {
    expect(previousMonth(nextMonth(ym(2026, month)))).toEqual(ym(2026, month));
  });
  it('compares by year first, then by month', () => {
    expect(compareMonths(ym(2025, 12), ym(2026, 1))).toBeLessThan(0);
    expect(compareMonths(ym(2026, 3), ym(2026, 3))).toBe(0);
    expect(compareMonths(ym(2026, 4), ym(2026, 3))).toBeGreaterThan(0);
    expect(compareMonths(ym(2027, 1), ym(2026, 12))).toBeGreaterThan(0);
  });
});

describe('archived and active months', () => {
  const december = ym(2026, 12);
  const january = ym(2027, 1);
  it('archives earlier years and earlier months of the same year only', () => {
    expect(isArchived(ym(2025, 12), ym(2026, 5))).toBe(true);
    expect(isArchived(ym(2026, 4), ym(2026, 5))).toBe(true);
    expect(isArchived(ym(2026, 5), ym(2026, 5))).toBe(false);
    expect(isArchived(ym(2026, 6), ym(2026, 5))).toBe(false);
    expect(isArchived(ym(2025, 1), ym(2026, 1))).toBe(true);
  });
  it('treats the current and next month as active and nothing else', () => {
    expect(isActive(ym(2026, 5), ym(2026, 5))).toBe(true);
    expect(isActive(ym(2026, 6), ym(2026, 5))).toBe(true);
    expect(isActive(ym(2026, 7), ym(2026, 5))).toBe(false);
    expect(isActive(ym(2026, 4), ym(2026, 5))).toBe(false);
    expect(isActive(ym(2027, 5), ym(2026, 5))).toBe(false);
  });
  it('keeps January of the next year active in December, and not January of the same year', () => {
    expect(isActive(january, december)).toBe(true);
    expect(isActive(ym(2026, 1), december)).toBe(false);
    expect(isArchived(ym(2026, 1), december)).toBe(true);
    expect(activeMonths(december)).toEqual([december, january]);
  });
  it('archives December once January of the next year is current', () => {
    expect(isArchived(december, january)).toBe(true);
    expect(isActive(december, january)).toBe(false);
    expect(activeMonths(january)).toEqual([january, ym(2027, 2)]);
  });
});

describe('sorting months', () => {
  const input = [ym(2025, 3), ym(2026, 1), ym(2025, 12), ym(2024, 7)];
  it('sorts archived months newest first without changing the input', () => {
    const copy = [...input];
    expect(sortArchivedNewestFirst(input)).toEqual([ym(2026, 1), ym(2025, 12), ym(2025, 3), ym(2024, 7)]);
    expect(input).toEqual(copy);
  });
  it('sorts oldest first into a new array and keeps extra fields', () => {
    const withIds = input.map((m) => ({ ...m, id: monthId(m) }));
    const sorted = sortOldestFirst(withIds);
    expect(sorted.map((m) => m.id)).toEqual(['2024-7', '2025-3', '2025-12', '2026-1']);
    expect(sorted).not.toBe(withIds);
  });
});

describe('days in a month', () => {
  it.each([
    [2024, 2, 29],
    [2026, 2, 28],
    [2100, 2, 28],
    [2000, 2, 29],
    [2026, 1, 31],
    [2026, 4, 30],
    [2026, 12, 31],
    [2026, 9, 30],
  ])('counts %i-%i as %i days', (year, month, days) => expect(daysInMonth(ym(year, month))).toBe(days));
  it('refuses an impossible month', () => expect(() => daysInMonth(ym(2026, 13))).toThrow(RangeError));
});

describe('time zones', () => {
  const halloweenNight = new Date('2026-11-01T05:00:00Z');
  it('keeps Los Angeles in October on the evening of the 31st while UTC and Berlin are in November', () => {
    expect(currentMonth(halloweenNight, 'America/Los_Angeles')).toEqual(ym(2026, 10));
    expect(todayIn(halloweenNight, 'America/Los_Angeles')).toBe('2026-10-31');
    expect(currentMonth(halloweenNight, 'UTC')).toEqual(ym(2026, 11));
    expect(currentMonth(halloweenNight, 'Europe/Berlin')).toEqual(ym(2026, 11));
    expect(todayIn(halloweenNight, 'Europe/Berlin')).toBe('2026-11-01');
  });
  it('puts Auckland in January of the next year at 23:30 UTC on 31 December', () => {
    const newYearsEve = new Date('2026-12-31T23:30:00Z');
    expect(currentMonth(newYearsEve, 'Pacific/Auckland')).toEqual(ym(2027, 1));
    expect(todayIn(newYearsEve, 'Pacific/Auckland')).toBe('2027-01-01');
    expect(currentMonth(newYearsEve, 'UTC')).toEqual(ym(2026, 12));
  });
  it('falls back to UTC for an invalid or empty zone', () => {
    expect(currentMonth(halloweenNight, 'Mars/Olympus_Mons')).toEqual(ym(2026, 11));
    expect(todayIn(halloweenNight, '')).toBe('2026-11-01');
  });
  it('recognises valid IANA zones and rejects nonsense', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
  it('zero-pads the local day', () => expect(todayIn(new Date('2026-03-04T10:00:00Z'), 'UTC')).toBe('2026-03-04'));
  it('never goes back to a month that had ended in a zone the user had', () => {
    expect(currentMonthSince(ym(2026, 10), ym(2026, 10))).toEqual(ym(2026, 11));
    expect(currentMonthSince(ym(2026, 12), ym(2026, 12))).toEqual(ym(2027, 1));
    expect(currentMonthSince(ym(2026, 11), ym(2026, 10))).toEqual(ym(2026, 11));
    expect(currentMonthSince(ym(2027, 2), ym(2026, 10))).toEqual(ym(2027, 2));
    expect(currentMonthSince(ym(2026, 10), null)).toEqual(ym(2026, 10));
  });
});

describe('post dates at noon UTC', () => {
  it('appends noon UTC to a date', () => expect(noonUtc('2026-12-05')).toBe('2026-12-05T12:00:00Z'));
  it.each([
    '2026-12-05',
    '2026-12-05T09:30:00Z',
    '2026-12-05T12:00:00.000Z',
    '2026-12-05T23:59:59+14:00',
    '2026-12-05T00:10',
    ' 2026-12-05 08:00:00 ',
    '2026-12-05t01:02:03z',
    '2026-12-05T01:02:03-0800',
  ])('normalises %j to that day at noon UTC', (value) => expect(normaliseToNoonUtc(value)).toBe('2026-12-05T12:00:00Z'));
  it('accepts the 29th of February in a leap year', () => expect(normaliseToNoonUtc('2028-02-29')).toBe('2028-02-29T12:00:00Z'));
  it.each([
    '2026-02-30',
    '2026-02-29',
    '2100-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-12-00',
    'abc',
    '',
    '2026-1-5',
    '12/05/2026',
    '2026-12-05garbage',
    '2026-12-05T25:00:00Z',
    '2026-12-05T10:61Z',
    '2026-12-05T10:00:00+25:00',
  ])('returns null for %j', (value) => expect(normaliseToNoonUtc(value)).toBeNull());
  it('takes the date part of a noon timestamp and refuses garbage', () => {
    expect(dateOnly('2026-12-05T12:00:00Z')).toBe('2026-12-05');
    expect(() => dateOnly('not a date')).toThrow(RangeError);
  });
  it('checks whether a date lies in a month', () => {
    expect(isDateInMonth('2026-12-01', ym(2026, 12))).toBe(true);
    expect(isDateInMonth('2026-12-31', ym(2026, 12))).toBe(true);
    expect(isDateInMonth('2027-01-01', ym(2026, 12))).toBe(false);
    expect(isDateInMonth('2025-12-15', ym(2026, 12))).toBe(false);
    expect(isDateInMonth('2026-02-30', ym(2026, 2))).toBe(false);
    expect(isDateInMonth('2026-12-05T12:00:00Z', ym(2026, 12))).toBe(false);
  });
});

describe('relative days', () => {
  const now = new Date('2026-11-20T08:00:00Z');
  it.each([
    ['2026-11-20T00:00:00Z', 'today'],
    ['2026-11-20T23:00:00Z', 'today'],
    ['2026-11-19T23:59:59Z', '1 day ago'],
    ['2026-11-19T00:00:00Z', '1 day ago'],
    ['2026-11-18T12:00:00Z', '2 days ago'],
    ['2026-10-21T12:00:00Z', '30 days ago'],
    ['2025-11-20T12:00:00Z', '365 days ago'],
    ['2026-12-25T12:00:00Z', 'today'],
    ['2026-11-19', '1 day ago'],
    ['2026-11-20T01:00:00+02:00', '1 day ago'],
  ])('describes %j as %j', (from, expected) => expect(relativeDays(from, now)).toBe(expected));
  it('counts across a year boundary', () => expect(relativeDays('2026-12-30T12:00:00Z', new Date('2027-01-02T01:00:00Z'))).toBe('3 days ago'));
  it('gives an empty string for an unparseable date', () => expect(relativeDays('yesterday-ish', now)).toBe(''));
});
