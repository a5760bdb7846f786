import { describe, expect, it } from 'vitest';
import { listCountries, listHolidays } from './holidays';

describe('listHolidays', () => {
  it('lists Christmas Day for the US in December 2026, public holidays only', async () => {
    const holidays = await listHolidays('US', 2026, 12);
    expect(holidays).toContainEqual({ date: '2026-12-25', name: 'Christmas Day' });
    // Christmas Eve and New Year's Eve are 'optional' and 'observance' in the data, not public.
    expect(holidays.map((holiday) => holiday.name)).not.toContain('Christmas Eve');
    for (const holiday of holidays) expect(holiday.date).toMatch(/^2026-12-\d{2}$/);
  });

  it('lists Boxing Day for GB and keeps days unique by date and name', async () => {
    const holidays = await listHolidays('GB', 2026, 12);
    expect(holidays).toEqual(
      expect.arrayContaining([
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2026-12-26', name: 'Boxing Day' },
      ]),
    );
    expect(new Set(holidays.map((holiday) => `${holiday.date}|${holiday.name}`)).size).toBe(holidays.length);
  });

  it('accepts a lower-case code and sorts by date', async () => {
    const holidays = await listHolidays('gb', 2026, 12);
    expect(holidays.map((holiday) => holiday.date)).toEqual([...holidays.map((holiday) => holiday.date)].sort());
    expect(holidays.length).toBeGreaterThan(0);
  });

  it('gives [] for an unknown or malformed country', async () => {
    expect(await listHolidays('XX', 2026, 12)).toEqual([]);
    expect(await listHolidays('', 2026, 12)).toEqual([]);
    expect(await listHolidays('USA', 2026, 12)).toEqual([]);
  });
});

describe('listCountries', () => {
  it('lists countries sorted by name with two-letter codes', async () => {
    const countries = await listCountries();
    expect(countries.length).toBeGreaterThan(100);
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(countries).toContainEqual({ code: 'US', name: 'United States of America' });
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
