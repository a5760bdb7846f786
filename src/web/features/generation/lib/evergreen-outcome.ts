import type { EvergreenFillResult } from '@shared/schemas/evergreen';

const days = (count: number) => `${count} planned ${count === 1 ? 'day stays' : 'days stay'} empty`;

/** A fill's outcome in plain words: what was placed, then why each group of empty days stayed empty and what to do. */
export function evergreenOutcome(result: EvergreenFillResult, intervalDays: number): string[] {
  const lines: string[] = [];
  if (result.placed > 0)
    lines.push(
      `Placed ${result.placed} evergreen ${result.placed === 1 ? 'post' : 'posts'}, reworded, on empty planned days. They are on your calendar to check.`,
    );
  if (result.emptyPlannedDays === 0) return [...lines, 'Every planned day of this month already has a post, so there was nothing to fill.'];
  if (result.evergreenPosts === 0)
    return [...lines, 'You have no evergreen posts in earlier months yet. Open a post you liked and turn on “Evergreen”, then fill again.'];
  const { interval, limit, sameText } = result.notPlaced;
  if (interval > 0)
    lines.push(
      `${days(interval)}: each evergreen post was already shown within ${intervalDays} days of them. Choose a shorter gap, or mark more posts evergreen.`,
    );
  if (limit > 0) lines.push(`${days(limit)}: the month reached its post limit. Remove posts you do not need, then fill again.`);
  if (sameText > 0) lines.push(`${days(sameText)}: the writer could not find new words that differ from the posts already in the month.`);
  if (lines.length === 0) lines.push('Nothing was placed.');
  return lines;
}
