import { shortDay } from '@shared/domain/day-words';
import { MONTH_ABBREVIATIONS } from '@shared/domain/months';
import type { ReviewLink } from '@shared/schemas/review';

/** 'Dec 8' for a calendar day 'YYYY-MM-DD'. */
function monthDay(day: string): string {
  const [, month = 1, dayNumber = 1] = day.split('-').map(Number);
  return `${MONTH_ABBREVIATIONS[month - 1]} ${dayNumber}`;
}

/** Which days a link shows: 'Whole month', 'Tue, Dec 8' or 'Dec 8–14' (a link's days lie in its month). */
export function linkDays(link: Pick<ReviewLink, 'fromDate' | 'toDate'>): string {
  if (!link.fromDate || !link.toDate) return 'Whole month';
  if (link.fromDate === link.toDate) return shortDay(link.fromDate);
  return `${monthDay(link.fromDate)}–${Number(link.toDate.slice(8, 10))}`;
}

/** Who a link is for: the name it was made for, or anyone who has it. */
export const linkReviewer = (link: Pick<ReviewLink, 'reviewerName'>) => link.reviewerName ?? 'Anyone with the link';

/** An instant as the user's calendar shows it: 'Dec 24', with the year when it is not this year's. */
export function localDay(iso: string, now: Date): string {
  const date = new Date(iso);
  const day = `${MONTH_ABBREVIATIONS[date.getMonth()]} ${date.getDate()}`;
  return date.getFullYear() === now.getFullYear() ? day : `${day}, ${date.getFullYear()}`;
}

/** A link's standing in a word or two: 'Expires Dec 24', 'Expired' or 'Withdrawn' (a withdrawn link says so even after its expiry). */
export function linkStanding(link: Pick<ReviewLink, 'state' | 'expiresAt'>, now: Date): string {
  if (link.state === 'revoked') return 'Withdrawn';
  if (link.state === 'expired' || new Date(link.expiresAt).getTime() <= now.getTime()) return 'Expired';
  return `Expires ${localDay(link.expiresAt, now)}`;
}

/** Whether a reviewer can still open the link. */
export const isLive = (link: Pick<ReviewLink, 'state' | 'expiresAt'>, now: Date) =>
  link.state === 'active' && new Date(link.expiresAt).getTime() > now.getTime();

/** When the reviewer last opened the page: 'Not opened yet' or 'Last opened Dec 3, 14:05'. */
export function lastOpened(link: Pick<ReviewLink, 'lastOpenedAt'>, now: Date): string {
  if (!link.lastOpenedAt) return 'Not opened yet';
  const date = new Date(link.lastOpenedAt);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `Last opened ${localDay(link.lastOpenedAt, now)}, ${time}`;
}

/** Expiry choices in days: the schema's default among them, its maximum last. */
export const EXPIRY_CHOICES = [1, 3, 7, 14, 30, 60, 90] as const;
export const expiryLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);
