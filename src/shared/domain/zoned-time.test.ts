import { describe, expect, it } from 'vitest';
import { zonedDateTimeToUtc } from './zoned-time';

describe('zonedDateTimeToUtc', () => {
  it.each([
    ['2026-12-05', '09:00', 'UTC', '2026-12-05T09:00:00.000Z'],
    ['2026-12-05', '09:00', 'America/New_York', '2026-12-05T14:00:00.000Z'],
    ['2026-07-05', '09:00', 'America/New_York', '2026-07-05T13:00:00.000Z'],
    ['2026-12-05', '09:00', 'Asia/Kolkata', '2026-12-05T03:30:00.000Z'],
    ['2026-03-29', '09:00', 'Europe/Berlin', '2026-03-29T07:00:00.000Z'],
    ['2026-12-31', '23:30', 'Pacific/Auckland', '2026-12-31T10:30:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(zonedDateTimeToUtc(date, time, zone).toISOString()).toBe(expected);
  });
});
