/**
 * Local wall-clock time in an IANA zone -> the UTC instant, with only Intl's zone data. One rule for
 * every zone: a time that does not exist (a daylight-saving gap) moves forward by the gap's length,
 * and a time that happens twice (clocks going back) is the earlier instant.
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time at `instant` in `timeZone`, as milliseconds of that reading taken as UTC. */
export function wallClockMs(instant: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

const offsetAt = (instant: number, timeZone: string) => wallClockMs(instant, timeZone) - instant;

/** `wall` (a wall-clock reading taken as UTC) in `timeZone` -> the instant, by the rule above. */
export function wallToInstant(wall: number, timeZone: string): number {
  // The offsets a day either side bound any change near `wall` (zones change at most once a day).
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const readings = [wall - before, wall - after].filter((instant) => wallClockMs(instant, timeZone) === wall);
  // None: `wall` is in a gap; read with the offset from before it, it lands the gap's length later.
  // Two: it happens twice; the earlier one.
  return readings.length > 0 ? Math.min(...readings) : wall - before;
}

/** '2026-12-05' + '09:00' in 'America/New_York' -> 2026-12-05T14:00:00Z. */
export function zonedDateTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(wallToInstant(Date.UTC(year, month - 1, day, hour, minute), timeZone));
}
