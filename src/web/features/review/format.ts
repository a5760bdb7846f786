import { weekdayAndDate } from '@shared/domain/day-words';
import { MONTH_NAMES } from '@shared/domain/months';
import { NETWORK_RULES } from '@shared/domain/networks';
import type { ReviewPage, ReviewPost } from '@shared/schemas/review';

const parts = (day: string) => {
  const date = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  return { month: MONTH_NAMES[date.getUTCMonth()] ?? '', dayNumber: date.getUTCDate(), year: date.getUTCFullYear() };
};

/** The days the link shares: 'December 2026', 'December 5, 2026' or 'December 5–12, 2026' (a range lies in one month). */
export function sharedDays(page: Pick<ReviewPage, 'monthName' | 'fromDate' | 'toDate'>): string {
  if (!page.fromDate || !page.toDate) return page.monthName;
  const from = parts(page.fromDate);
  const to = parts(page.toDate);
  if (page.fromDate === page.toDate) return `${from.month} ${from.dayNumber}, ${from.year}`;
  return `${from.month} ${from.dayNumber}–${to.dayNumber}, ${to.year}`;
}

/** A post's calendar day, 'YYYY-MM-DD' (the answer may carry the stored noon-UTC date). */
export const postDay = (post: Pick<ReviewPost, 'date'>): string => post.date.slice(0, 10);

/** 'Saturday, December 5' */
export const dayHeading = (day: string): string => weekdayAndDate(day);

/** 'of December 5 at 09:00 on Instagram': what tells one post from the others. */
function whichPost(post: Pick<ReviewPost, 'date' | 'time' | 'platform'>): string {
  const { month, dayNumber } = parts(postDay(post));
  return `of ${month} ${dayNumber}${post.time ? ` at ${post.time}` : ''} on ${NETWORK_RULES[post.platform].label}`;
}

/** What a screen reader hears for one post: 'Post of December 5 at 09:00 on Instagram'. */
export const postTitle = (post: Pick<ReviewPost, 'date' | 'time' | 'platform'>): string => `Post ${whichPost(post)}`;

/** The same inside a sentence: 'Approve the post of December 5 on Instagram'. */
export const postName = (post: Pick<ReviewPost, 'date' | 'time' | 'platform'>): string => `the post ${whichPost(post)}`;

// Made at first use: the first Intl formatter of a page loads the locale data.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** When the link stops working, in the reader's own time: 'January 4, 2027'. */
export function expiryDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : (dateFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })).format(date);
}

/** When a comment was made: 'Dec 5, 2026, 3:04 PM'. */
export function commentTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : (dateTimeFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}

/** Posts grouped by day, each day's scheduled ones by time and its drafts after them. */
export function byDay(posts: ReviewPost[]): { day: string; posts: ReviewPost[] }[] {
  const groups = new Map<string, ReviewPost[]>();
  for (const post of posts) groups.set(postDay(post), [...(groups.get(postDay(post)) ?? []), post]);
  const byTime = (a: ReviewPost, b: ReviewPost) => (a.time ?? '99:99').localeCompare(b.time ?? '99:99');
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([day, dayPosts]) => ({ day, posts: dayPosts.sort(byTime) }));
}

/** How far the review is: approved, asked to change, and still waiting. */
export function progress(posts: ReviewPost[]) {
  const approved = posts.filter((post) => post.approval === 'approved').length;
  const changes = posts.filter((post) => post.approval === 'changes_requested').length;
  return { total: posts.length, approved, changes, waiting: posts.length - approved - changes };
}

/** 'a post' / '3 posts' */
export const posts = (count: number): string => (count === 1 ? '1 post' : `${count} posts`);
