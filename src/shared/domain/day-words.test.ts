import { describe, expect, it } from 'vitest';
import { longDate, shortDay, weekdayAndDate, weekdayName } from './day-words';

const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T12:00:00Z`));
};

describe('day words', () => {
  it('writes every day from 1999 to 2201 as en-US Intl.DateTimeFormat does', () => {
    const expected = {
      long: intl({ month: 'long', day: 'numeric', year: 'numeric' }),
      weekday: intl({ weekday: 'long' }),
      weekdayAndDate: intl({ weekday: 'long', month: 'long', day: 'numeric' }),
      short: intl({ weekday: 'short', month: 'short', day: 'numeric' }),
    };
    let checked = 0;
    for (let time = Date.UTC(1999, 0, 1); time <= Date.UTC(2201, 11, 31); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(longDate(day)).toBe(expected.long(day));
      expect(weekdayName(day)).toBe(expected.weekday(day));
      expect(weekdayAndDate(day)).toBe(expected.weekdayAndDate(day));
      expect(shortDay(day)).toBe(expected.short(day));
      checked++;
    }
    expect(checked).toBeGreaterThan(73_000);
    // 74,000 days against Intl take a few seconds on a busy 2-core machine: more than the default 5 s.
  }, 30_000);
});
