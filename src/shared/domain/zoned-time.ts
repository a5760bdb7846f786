/** Local wall-clock time in an IANA zone -> the UTC instant, DST-aware, with only Intl. */

function wallClockMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** '2026-12-05' + '09:00' in 'America/New_York' -> 2026-12-05T14:00:00Z. */
export function zonedDateTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute);
  let guess = asIfUtc - (wallClockMs(asIfUtc, timeZone) - asIfUtc);
  // A second pass settles instants near a DST change, where the offset at the guess differs.
  guess = asIfUtc - (wallClockMs(guess, timeZone) - guess);
  return new Date(guess);
}
