import { describe, expect, it } from 'vitest';
import type { ReviewPost } from '@shared/schemas/review';
import { ApiRequestError } from '../../lib/api-error';
import { isInvalidLink, reviewErrorMessage } from './errors';
import { byDay, postName, postTitle, progress, sharedDays } from './format';

const post = (id: string, over: Partial<ReviewPost> = {}): ReviewPost => ({
  id,
  date: '2026-12-05T12:00:00Z',
  time: null,
  platform: 'instagram',
  type: 'text',
  content: 'Hello',
  hashtags: [],
  media: [],
  event: null,
  approval: 'waiting',
  version: 1,
  changedSinceReview: false,
  reviews: [],
  ...over,
});

describe('review page helpers', () => {
  it('names the shared days: the month, one day, or a range', () => {
    expect(sharedDays({ monthName: 'December 2026', fromDate: null, toDate: null })).toBe('December 2026');
    expect(sharedDays({ monthName: 'December 2026', fromDate: '2026-12-05', toDate: '2026-12-05' })).toBe('December 5, 2026');
    expect(sharedDays({ monthName: 'December 2026', fromDate: '2026-12-05', toDate: '2026-12-12' })).toBe('December 5–12, 2026');
  });

  it('names each post by its day, time and network, for the buttons a screen reader lists', () => {
    expect(postTitle(post('a', { time: '09:30' }))).toBe('Post of December 5 at 09:30 on Instagram');
    expect(postName(post('a', { platform: 'linkedin' }))).toBe('the post of December 5 on LinkedIn');
  });

  it('groups posts by day, each day by time with its drafts last', () => {
    const groups = byDay([
      post('draft', { date: '2026-12-05T12:00:00Z' }),
      post('late', { date: '2026-12-05T12:00:00Z', time: '18:00' }),
      post('other-day', { date: '2026-12-03T12:00:00Z', time: '10:00' }),
      post('early', { date: '2026-12-05T12:00:00Z', time: '08:15' }),
    ]);
    expect(groups.map((group) => [group.day, group.posts.map((each) => each.id)])).toEqual([
      ['2026-12-03', ['other-day']],
      ['2026-12-05', ['early', 'late', 'draft']],
    ]);
  });

  it('counts approved, asked to change and waiting posts', () => {
    expect(progress([post('a', { approval: 'approved' }), post('b', { approval: 'changes_requested' }), post('c'), post('d')])).toEqual({
      total: 4,
      approved: 1,
      changes: 1,
      waiting: 2,
    });
  });

  it('tells an invalid link from other failures by code and status, and words each failure for a reviewer', () => {
    expect(isInvalidLink(new ApiRequestError(404, 'review_link_invalid', 'x'))).toBe(true);
    expect(isInvalidLink(new ApiRequestError(400, 'bad_request', 'x'))).toBe(true);
    expect(isInvalidLink(new ApiRequestError(429, 'rate_limited', 'x'))).toBe(false);
    expect(reviewErrorMessage(new ApiRequestError(409, 'stale_version', 'x'))).toMatch(/changed while you were looking/);
    expect(reviewErrorMessage(new ApiRequestError(409, 'archived', 'x'))).toMatch(/month has ended/);
    expect(reviewErrorMessage(new ApiRequestError(429, 'rate_limited', 'x'))).toMatch(/Wait a minute/);
  });
});
