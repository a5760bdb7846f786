import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallClockMs, wallToInstant, zonedDateTimeToUtc } from './zoned-time';

const HOUR_MS = 3_600_000;
const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'Asia/Kolkata',
  'Europe/London',
  'Pacific/Apia',
  'UTC',
] as const;

describe('zonedDateTimeToUtc', () => {
  it.each([
    ['2026-12-05', '09:00', 'UTC', '2026-12-05T09:00:00.000Z'],
    ['2026-12-05', '09:00', 'America/New_York', '2026-12-05T14:00:00.000Z'],
    ['2026-07-05', '09:00', 'America/New_York', '2026-07-05T13:00:00.000Z'],
    ['2026-12-05', '09:00', 'Asia/Kolkata', '2026-12-05T03:30:00.000Z'],
    ['2026-03-29', '09:00', 'Europe/Berlin', '2026-03-29T07:00:00.000Z'],
    ['2026-12-31', '23:30', 'Pacific/Auckland', '2026-12-31T10:30:00.000Z'],
    ['2027-01-15', '09:00', 'Pacific/Apia', '2027-01-14T20:00:00.000Z'],
    ['2027-03-14', '02:30', 'Asia/Kolkata', '2027-03-13T21:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(zonedDateTimeToUtc(date, time, zone).toISOString()).toBe(expected);
  });

  it.each([
    ['2027-03-14', '02:30', 'America/New_York', '2027-03-14T07:30:00.000Z', '03:30 EDT'],
    ['2027-03-28', '02:30', 'Europe/Berlin', '2027-03-28T01:30:00.000Z', '03:30 CEST'],
    ['2027-03-28', '01:30', 'Europe/London', '2027-03-28T01:30:00.000Z', '02:30 BST'],
    ['2027-10-03', '02:30', 'Australia/Sydney', '2027-10-02T16:30:00.000Z', '03:30 AEDT'],
    ['2027-10-03', '02:15', 'Australia/Lord_Howe', '2027-10-02T15:45:00.000Z', '02:45 (+11:00, a 30-minute gap)'],
    ['2027-09-26', '03:00', 'Pacific/Chatham', '2027-09-25T14:15:00.000Z', '04:00 (+13:45)'],
    ['2027-03-14', '02:30', 'America/St_Johns', '2027-03-14T06:00:00.000Z', '03:30 NDT'],
    ['2011-12-30', '12:00', 'Pacific/Apia', '2011-12-30T22:00:00.000Z', '12:00 on 31 December (the day Samoa skipped)'],
  ])('moves %s %s in %s, a time clocks skip, forward by the gap to %s (%s)', (date, time, zone, expected) => {
    expect(zonedDateTimeToUtc(date, time, zone).toISOString()).toBe(expected);
  });

  it.each([
    ['2027-11-07', '01:30', 'America/New_York', '2027-11-07T05:30:00.000Z', '01:30 EDT'],
    ['2027-10-31', '02:30', 'Europe/Berlin', '2027-10-31T00:30:00.000Z', '02:30 CEST'],
    ['2027-10-31', '01:30', 'Europe/London', '2027-10-31T00:30:00.000Z', '01:30 BST'],
    ['2027-04-04', '02:30', 'Australia/Sydney', '2027-04-03T15:30:00.000Z', '02:30 AEDT'],
    ['2027-04-04', '01:45', 'Australia/Lord_Howe', '2027-04-03T14:45:00.000Z', '01:45 (+11:00)'],
    ['2027-04-04', '03:00', 'Pacific/Chatham', '2027-04-03T13:15:00.000Z', '03:00 (+13:45)'],
    ['2027-11-07', '01:30', 'America/St_Johns', '2027-11-07T04:00:00.000Z', '01:30 NDT'],
  ])('reads %s %s in %s, a time that happens twice, as the earlier instant %s (%s)', (date, time, zone, expected) => {
    expect(zonedDateTimeToUtc(date, time, zone).toISOString()).toBe(expected);
  });
});

/** The local days, in each zone, on which its offset changes between 2005 and 2040 (the ones a random time rarely hits). */
const changeDays = ZONES.flatMap((zone) => {
  const days: { zone: string; day: number }[] = [];
  const offset = (instant: number) => wallClockMs(instant, zone) - instant;
  for (let instant = Date.UTC(2005, 0, 1); instant < Date.UTC(2040, 0, 1); instant += 24 * HOUR_MS) {
    if (offset(instant) !== offset(instant + 24 * HOUR_MS)) {
      const wall = wallClockMs(instant + 24 * HOUR_MS, zone);
      days.push({ zone, day: wall - (wall % (24 * HOUR_MS)) });
    }
  }
  return days;
});

const anyTime = fc.record({ zone: fc.constantFrom(...ZONES), minute: fc.integer({ min: 0, max: 35 * 366 * 24 * 60 }) }).map(({ zone, minute }) => ({
  zone,
  wall: Date.UTC(2005, 0, 1) + minute * 60_000,
}));
const timeOnAChangeDay = fc
  .record({ change: fc.constantFrom(...changeDays), minute: fc.integer({ min: -24 * 60, max: 2 * 24 * 60 - 1 }) })
  .map(({ change, minute }) => ({ zone: change.zone, wall: change.day + minute * 60_000 }));

describe('wallToInstant, for any zone and local time', () => {
  it('finds zones that change their clocks, so the property below meets gaps and repeated times', () => {
    expect(new Set(changeDays.map((change) => change.zone))).toEqual(new Set(ZONES.filter((zone) => zone !== 'Asia/Kolkata' && zone !== 'UTC')));
  });

  it('reads back the same wall time, the earlier of two, or, in a gap, the time moved forward by the gap', () => {
    fc.assert(
      fc.property(fc.oneof(anyTime, timeOnAChangeDay), ({ zone, wall }) => {
        const instant = wallToInstant(wall, zone);
        // Every offset the zone has within a day either side, and the instants that read `wall` with each.
        const offsets = new Set<number>();
        for (let at = wall - 36 * HOUR_MS; at <= wall + 36 * HOUR_MS; at += HOUR_MS / 4) offsets.add(wallClockMs(at, zone) - at);
        const readings = [...offsets].map((offset) => wall - offset).filter((candidate) => wallClockMs(candidate, zone) === wall);
        const back = wallClockMs(instant, zone);
        if (readings.length > 0) {
          expect(back).toBe(wall);
          expect(instant).toBe(Math.min(...readings));
        } else {
          const gap = Math.max(...offsets) - Math.min(...offsets);
          expect(gap).toBeGreaterThan(0);
          expect(back - wall).toBe(gap);
        }
      }),
      { numRuns: 600 },
    );
  });
});
