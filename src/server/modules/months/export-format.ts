import { dateOnly } from '@shared/domain/months';
import { publishedText } from '@shared/domain/networks';
import { PLATFORM_LABELS } from '@shared/domain/options';
import { zonedDateTimeToUtc } from '@shared/domain/zoned-time';
import type { Post, PostEvent } from '@shared/schemas/post';
import { DEFAULT_SCHEDULE_TIME } from '@shared/schemas/schedule';

// ---------- CSV (RFC 4180, UTF-8 with BOM so spreadsheets read emojis) ----------

/**
 * Quotes a field when needed (RFC 4180). A cell starting with =, +, -, @, tab or CR gets a leading ' so
 * spreadsheets show it as text instead of running it as a formula (OWASP CSV injection).
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CSV_COLUMNS = [
  'date',
  'time',
  'platform',
  'content',
  'hashtags',
  'media_urls',
  'status',
  // The offer or event a Google Business Profile post announces; empty for an update.
  'event_kind',
  'event_title',
  'event_start',
  'event_end',
  'coupon_code',
  'redeem_url',
  'terms',
  // Read back by the import (docs/import.md): with these the round trip gives back the same posts.
  'type',
  'media_description',
] as const;

const eventCells = (event: PostEvent | null) =>
  event
    ? [event.kind, event.title, event.startDate, event.endDate, event.couponCode ?? '', event.redeemUrl ?? '', event.terms ?? '']
    : ['', '', '', '', '', '', ''];

/** The offer or event in words, for a calendar entry's description. */
function eventText(event: PostEvent): string {
  return [
    `${event.kind === 'offer' ? 'Offer' : 'Event'}: ${event.title}, ${event.startDate === event.endDate ? event.startDate : `${event.startDate} to ${event.endDate}`}`,
    event.couponCode ? `Code: ${event.couponCode}` : '',
    event.redeemUrl ? `Redeem at: ${event.redeemUrl}` : '',
    event.terms ? `Terms: ${event.terms}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function postsToCsv(posts: Post[], publicUrl: string): string {
  const rows = posts.map((post) => [
    dateOnly(post.date),
    post.scheduledTime ?? DEFAULT_SCHEDULE_TIME,
    post.scheduledPlatform ?? post.platform,
    post.content,
    post.hashtags.join(' '),
    post.media.map((item) => `${publicUrl}${item.url}`).join(' '),
    post.status,
    ...eventCells(post.event),
    post.type,
    post.mediaPrompt,
  ]);
  return '\uFEFF' + [CSV_COLUMNS as readonly string[], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

// ---------- iCalendar (RFC 5545) ----------

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped; every line break as \n, the
 * lone CR, NEL and Unicode separators too, since lenient readers end a line there; other control
 * characters dropped (TEXT allows none but tab).
 */
function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\\n')
    .replace(/[^\P{Cc}\t]/gu, '');
}

/** The first `max` UTF-16 units, without a trailing half of a surrogate pair (an emoji cut in two). */
function cutText(text: string, max: number): string {
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Folds a content line at 75 octets without splitting a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const compactDay = (day: string) => day.replace(/-/g, '');

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** One event per post: timed (in the user's zone) when scheduled, an all-day entry when only planned. */
export function postsToIcs(posts: Post[], options: { calendarName: string; timeZone: string; now: Date; host: string }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Content Planner//Content plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(options.calendarName)}`,
  ];
  for (const post of posts) {
    const day = dateOnly(post.date);
    const platform = post.scheduledPlatform ?? post.platform;
    const summary = `${PLATFORM_LABELS[platform]} post: ${cutText(post.content.replace(/\s+/g, ' '), 60)}${post.content.length > 60 ? '…' : ''}`;
    const description = [publishedText(post.content, post.hashtags), post.event ? eventText(post.event) : ''].filter(Boolean).join('\n\n');
    lines.push('BEGIN:VEVENT', `UID:${post.id}@${options.host}`, `DTSTAMP:${stamp(options.now)}`);
    if (post.status === 'scheduled' && post.scheduledTime) {
      const start = zonedDateTimeToUtc(day, post.scheduledTime, options.timeZone);
      lines.push(`DTSTART:${stamp(start)}`, `DTEND:${stamp(new Date(start.getTime() + 15 * 60_000))}`, 'STATUS:CONFIRMED');
    } else {
      lines.push(`DTSTART;VALUE=DATE:${compactDay(day)}`, `DTEND;VALUE=DATE:${compactDay(nextDay(day))}`, 'STATUS:TENTATIVE', 'TRANSP:TRANSPARENT');
    }
    lines.push(`SUMMARY:${icsText(summary)}`, `DESCRIPTION:${icsText(description)}`, `CATEGORIES:${icsText(platform)}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
