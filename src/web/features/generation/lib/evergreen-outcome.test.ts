import { describe, expect, it } from 'vitest';
import { evergreenOutcome } from './evergreen-outcome';

const result = (over: Partial<Parameters<typeof evergreenOutcome>[0]> = {}) => ({
  placed: 0,
  postIds: [],
  plannedDays: 12,
  emptyPlannedDays: 10,
  evergreenPosts: 3,
  notPlaced: { interval: 0, limit: 0, sameText: 0 },
  ...over,
});

describe('evergreenOutcome', () => {
  it('says what was placed and why the other days stay empty', () => {
    expect(evergreenOutcome(result({ placed: 4, notPlaced: { interval: 5, limit: 1, sameText: 0 } }), 60)).toEqual([
      'Placed 4 evergreen posts, reworded, on empty planned days. They are on your calendar to check.',
      '5 planned days stay empty: each evergreen post was already shown within 60 days of them. Choose a shorter gap, or mark more posts evergreen.',
      '1 planned day stays empty: the month reached its post limit. Remove posts you do not need, then fill again.',
    ]);
  });

  it('tells a user without evergreen posts how to get some, and a full month that nothing needed filling', () => {
    expect(evergreenOutcome(result({ evergreenPosts: 0, notPlaced: { interval: 10, limit: 0, sameText: 0 } }), 30)[0]).toMatch(/no evergreen posts/);
    expect(evergreenOutcome(result({ emptyPlannedDays: 0 }), 30)).toEqual([
      'Every planned day of this month already has a post, so there was nothing to fill.',
    ]);
  });
});
