import { describe, expect, it } from 'vitest';
import { REVIEW_LIMITS } from '@shared/schemas/review';
import { EXPIRY_CHOICES, isLive, lastOpened, linkDays, linkReviewer, linkStanding } from './link-words';

const now = new Date(2026, 11, 1, 9, 0);
const local = (year: number, month: number, day: number, hour = 12, minute = 0) => new Date(year, month - 1, day, hour, minute).toISOString();

describe('how a review link is described', () => {
  it('names the days it shows: the whole month, one day, or a range', () => {
    expect(linkDays({ fromDate: null, toDate: null })).toBe('Whole month');
    expect(linkDays({ fromDate: '2026-12-08', toDate: '2026-12-08' })).toBe('Tue, Dec 8');
    expect(linkDays({ fromDate: '2026-12-08', toDate: '2026-12-14' })).toBe('Dec 8–14');
  });

  it('names its reviewer, or says anyone with the link may review', () => {
    expect(linkReviewer({ reviewerName: 'Anna' })).toBe('Anna');
    expect(linkReviewer({ reviewerName: null })).toBe('Anyone with the link');
  });

  it('says when it expires, that it expired, or that it was withdrawn, withdrawn first', () => {
    expect(linkStanding({ state: 'active', expiresAt: local(2026, 12, 24) }, now)).toBe('Expires Dec 24');
    expect(linkStanding({ state: 'active', expiresAt: local(2027, 1, 3) }, now)).toBe('Expires Jan 3, 2027');
    expect(linkStanding({ state: 'expired', expiresAt: local(2026, 11, 30) }, now)).toBe('Expired');
    // The list was loaded before the link ran out: it reads as expired all the same.
    expect(linkStanding({ state: 'active', expiresAt: local(2026, 12, 1, 8) }, now)).toBe('Expired');
    expect(linkStanding({ state: 'revoked', expiresAt: local(2026, 11, 30) }, now)).toBe('Withdrawn');
    expect(isLive({ state: 'active', expiresAt: local(2026, 12, 24) }, now)).toBe(true);
    expect(isLive({ state: 'revoked', expiresAt: local(2026, 12, 24) }, now)).toBe(false);
  });

  it('says when the reviewer last opened it, in the local time', () => {
    expect(lastOpened({ lastOpenedAt: null }, now)).toBe('Not opened yet');
    expect(lastOpened({ lastOpenedAt: local(2026, 12, 3, 14, 5) }, now)).toBe('Last opened Dec 3, 14:05');
  });

  it('offers the default expiry and never more than the maximum', () => {
    expect(EXPIRY_CHOICES).toContain(REVIEW_LIMITS.expiryDaysDefault);
    expect(Math.max(...EXPIRY_CHOICES)).toBe(REVIEW_LIMITS.expiryDaysMax);
  });
});
