import { describe, it, expect, afterEach } from 'vitest';
import { CALENDAR_CELL_COUNT, WEEKDAY_HEADERS, calendarGrid } from './calendar-grid';
import { daysInMonth } from './months';

const ym = (year: number, month: number) => ({ year, month });
const NO_TODAY = '1999-01-01';

describe('calendar grid', () => {
  it('uses the spec weekday headers starting on Sunday', () => {
    expect(WEEKDAY_HEADERS).toEqual(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
  });

  it.each([
    [2026, 1],
    [2026, 2],
    [2026, 8],
    [2026, 12],
    [2028, 2],
    [2027, 1],
    [2100, 2],
    [2200, 12],
  ])('has exactly 42 consecutive days starting on a Sunday for %i-%i', (year, month) => {
    const grid = calendarGrid(ym(year, month), NO_TODAY);
    expect(grid).toHaveLength(CALENDAR_CELL_COUNT);
    expect(CALENDAR_CELL_COUNT).toBe(42);
    grid.forEach((cell, i) => {
      expect(cell.weekday).toBe(i % 7);
      expect(new Date(`${cell.date}T12:00:00Z`).getUTCDay()).toBe(cell.weekday);
      expect(Number(cell.date.slice(8))).toBe(cell.day);
      if (i > 0) {
        const gap = Date.parse(`${cell.date}T00:00:00Z`) - Date.parse(`${grid[i - 1]?.date}T00:00:00Z`);
        expect(gap).toBe(86_400_000);
      }
    });
    expect(grid.filter((c) => c.inMonth)).toHaveLength(daysInMonth(ym(year, month)));
  });

  it('starts a month beginning on Sunday with its 1st in the first cell (February 2026)', () => {
    const grid = calendarGrid(ym(2026, 2), NO_TODAY);
    expect(grid[0]).toEqual({ date: '2026-02-01', day: 1, inMonth: true, isToday: false, weekday: 0 });
    expect(grid[27]?.date).toBe('2026-02-28');
    expect(grid.slice(28).every((c) => !c.inMonth && c.date.startsWith('2026-03'))).toBe(true);
    expect(grid[41]?.date).toBe('2026-03-14');
  });

  it('leads a month beginning on Saturday with six days of the previous month (August 2026)', () => {
    const grid = calendarGrid(ym(2026, 8), NO_TODAY);
    expect(grid.slice(0, 6).map((c) => c.date)).toEqual(['2026-07-26', '2026-07-27', '2026-07-28', '2026-07-29', '2026-07-30', '2026-07-31']);
    expect(grid.slice(0, 6).every((c) => !c.inMonth)).toBe(true);
    expect(grid[6]).toEqual({ date: '2026-08-01', day: 1, inMonth: true, isToday: false, weekday: 6 });
    expect(grid[36]?.date).toBe('2026-08-31');
    expect(grid[37]).toMatchObject({ date: '2026-09-01', inMonth: false });
  });

  it('marks only the days of the shown month as in the month', () => {
    const grid = calendarGrid(ym(2026, 8), NO_TODAY);
    for (const cell of grid) expect(cell.inMonth).toBe(cell.date.startsWith('2026-08'));
  });

  it('trails December 2026 into January 2027', () => {
    const grid = calendarGrid(ym(2026, 12), NO_TODAY);
    expect(grid[0]?.date).toBe('2026-11-29');
    expect(grid[2]).toMatchObject({ date: '2026-12-01', day: 1, inMonth: true, weekday: 2 });
    expect(grid[32]?.date).toBe('2026-12-31');
    expect(grid[33]).toMatchObject({ date: '2027-01-01', day: 1, inMonth: false, weekday: 5 });
    expect(grid[41]?.date).toBe('2027-01-09');
  });

  it('leads January 2027 with the end of December 2026', () => {
    const grid = calendarGrid(ym(2027, 1), NO_TODAY);
    expect(grid.slice(0, 5).map((c) => c.date)).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31']);
    expect(grid[5]).toMatchObject({ date: '2027-01-01', inMonth: true, weekday: 5 });
  });

  it('includes the 29th of February in leap February 2028 and not in 2100', () => {
    const leap = calendarGrid(ym(2028, 2), NO_TODAY);
    expect(leap.find((c) => c.date === '2028-02-29')).toMatchObject({ inMonth: true, day: 29, weekday: 2 });
    expect(leap.find((c) => c.date === '2028-03-01')).toMatchObject({ inMonth: false });
    const notLeap = calendarGrid(ym(2100, 2), NO_TODAY);
    expect(notLeap.some((c) => c.date === '2100-02-29')).toBe(false);
    expect(notLeap.filter((c) => c.inMonth)).toHaveLength(28);
  });

  it('flags today only on the matching date', () => {
    const grid = calendarGrid(ym(2026, 12), '2026-12-15');
    expect(grid.filter((c) => c.isToday).map((c) => c.date)).toEqual(['2026-12-15']);
  });

  it('flags today on a visible day of the adjacent month too', () => {
    const grid = calendarGrid(ym(2026, 12), '2027-01-02');
    expect(grid.filter((c) => c.isToday)).toEqual([{ date: '2027-01-02', day: 2, inMonth: false, isToday: true, weekday: 6 }]);
  });

  it('flags no cell when today is outside the grid or malformed', () => {
    expect(calendarGrid(ym(2026, 12), '2026-06-15').some((c) => c.isToday)).toBe(false);
    expect(calendarGrid(ym(2026, 12), '2026-12-5').some((c) => c.isToday)).toBe(false);
    expect(calendarGrid(ym(2026, 12), '').some((c) => c.isToday)).toBe(false);
  });

  it('refuses an impossible month', () => {
    expect(() => calendarGrid(ym(2026, 0), NO_TODAY)).toThrow(RangeError);
    expect(() => calendarGrid(ym(2026, 13), NO_TODAY)).toThrow(RangeError);
  });
});

describe('calendar grid and the process time zone', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('returns identical grids whatever process.env.TZ is', () => {
    const months = [ym(2026, 3), ym(2026, 10), ym(2026, 11), ym(2026, 12), ym(2028, 2)];
    process.env.TZ = 'UTC';
    const reference = months.map((m) => calendarGrid(m, '2026-11-01'));
    const offsets = new Set<number>([new Date(2026, 0, 1).getTimezoneOffset()]);
    for (const tz of ['America/Los_Angeles', 'Pacific/Auckland', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Berlin']) {
      process.env.TZ = tz;
      offsets.add(new Date(2026, 0, 1).getTimezoneOffset());
      expect(months.map((m) => calendarGrid(m, '2026-11-01'))).toEqual(reference);
    }
    // The zone switch really took effect, so the comparison above is not vacuous.
    expect(offsets.size).toBe(6);
  });
});
