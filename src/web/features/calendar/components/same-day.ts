import type { CalendarDayProps } from './day-props';

/**
 * Props compare by identity, except the delivery lookup (a new function whenever the deliveries are
 * read again): it counts as the same while it gives this day's posts the same marks.
 */
export function sameDay(before: CalendarDayProps, after: CalendarDayProps): boolean {
  for (const key of Object.keys(after) as (keyof CalendarDayProps)[]) {
    if (key === 'deliveryStatusOf' || key === 'tooltips') continue;
    if (before[key] !== after[key]) return false;
  }
  // The tooltips only wrap the '+' of empty days.
  if (before.tooltips !== after.tooltips && after.cell.inMonth && after.posts.length === 0) return false;
  if (before.deliveryStatusOf === after.deliveryStatusOf) return true;
  return after.posts.every((post) => before.deliveryStatusOf?.(post.id) === after.deliveryStatusOf?.(post.id));
}
