import { describe, expect, it } from 'vitest';
import type { Post } from '@shared/schemas/post';
import type { DeliveryStatus } from '@shared/schemas/publishing';
import type { CalendarDayProps, DayHandlers } from './day-props';
import { sameDay } from './same-day';

const posts = [{ id: 'a' }, { id: 'b' }] as Post[];
const handlers = {} as DayHandlers;
const cell = { date: '2026-12-08', day: 8, inMonth: true, isToday: false, weekday: 2 } as const;
const lookup = (marks: Record<string, DeliveryStatus>) => (postId: string) => marks[postId];

function day(changes: Partial<CalendarDayProps> = {}): CalendarDayProps {
  return {
    cell,
    posts,
    handlers,
    canOpen: true,
    canAdd: true,
    hasActions: true,
    archived: false,
    canMove: true,
    approvalShown: false,
    deliveryStatusOf: lookup({ a: 'scheduled' }),
    dropTarget: false,
    pickerOpen: false,
    tooltips: false,
    compact: false,
    ...changes,
  };
}

describe('a calendar day is drawn again', () => {
  it('when a delivery mark of one of its posts changes, and not for a new lookup with the same marks', () => {
    const before = day();
    expect(sameDay(before, day({ deliveryStatusOf: lookup({ a: 'scheduled', other: 'failed' }) }))).toBe(true);
    expect(sameDay(before, day({ deliveryStatusOf: lookup({ a: 'published' }) }))).toBe(false);
    expect(sameDay(before, day({ deliveryStatusOf: lookup({ a: 'scheduled', b: 'missed' }) }))).toBe(false);
  });

  it('when any other prop changes: its posts, the drop target, the day list, the width', () => {
    const before = day();
    expect(sameDay(before, { ...before })).toBe(true);
    expect(sameDay(before, day({ posts: [...posts] }))).toBe(false);
    expect(sameDay(before, day({ dropTarget: true }))).toBe(false);
    expect(sameDay(before, day({ pickerOpen: true }))).toBe(false);
    expect(sameDay(before, day({ compact: true }))).toBe(false);
  });

  it("for the '+' tooltips only where the '+' is: an empty day of the month", () => {
    expect(sameDay(day(), day({ tooltips: true }))).toBe(true);
    const empty = day({ posts: [] });
    expect(sameDay(empty, { ...empty, tooltips: true })).toBe(false);
    const outside = { date: '2026-11-30', day: 30, inMonth: false, isToday: false, weekday: 1 } as const;
    const emptyOutside = day({ posts: [], cell: outside });
    expect(sameDay(emptyOutside, { ...emptyOutside, tooltips: true })).toBe(true);
  });
});
