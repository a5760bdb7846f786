import { POST_TYPES, type PostType } from '@shared/domain/options';
import { daysInMonth } from '@shared/domain/months';
import { wallClockMs } from '@shared/domain/zoned-time';
import type { ColumnMapping, ImportPreset } from '@shared/schemas/import';

/**
 * The column layouts of the presets (docs/import.md names the help page each was written from). A
 * preset names the header of each of our fields; `header: false` means the format has no header row
 * and the fields are column positions.
 */
export interface PresetLayout {
  header: boolean;
  date: string[];
  text: string[];
  network?: string[];
  hashtags?: string[];
  type?: string[];
  mediaDescription?: string[];
  /** Columns read for notes only: their content is not imported (media is uploaded in the editor). */
  media?: string[];
  link?: string[];
  /** Hootsuite's day-first dates (dd/mm/yyyy hh:mm). */
  dayFirst?: boolean;
}

export const PRESET_LAYOUTS: Record<Exclude<ImportPreset, 'custom'>, PresetLayout> = {
  ours: {
    header: true,
    date: ['date'],
    text: ['content'],
    network: ['platform'],
    hashtags: ['hashtags'],
    type: ['type'],
    mediaDescription: ['media_description'],
    media: ['media_urls'],
  },
  buffer: { header: true, date: ['posting time'], text: ['text'], media: ['image url'] },
  hootsuite: { header: false, date: ['0'], text: ['1'], link: ['2'], dayFirst: true },
  publer: {
    header: true,
    date: ['date'],
    text: ['text', 'message'],
    link: ['link(s)', 'link'],
    media: ['media url(s)', 'media urls', 'media'],
    mediaDescription: ['alt text(s)', 'alt text'],
  },
  later: { header: true, date: ['date'], text: ['caption'], network: ['social profile', 'platform'], media: ['media url'] },
};

export const customLayout = (mapping: ColumnMapping): PresetLayout => ({
  header: true,
  date: [mapping.date.toLowerCase()],
  text: [mapping.text.toLowerCase()],
  network: mapping.network ? [mapping.network.toLowerCase()] : undefined,
  hashtags: mapping.hashtags ? [mapping.hashtags.toLowerCase()] : undefined,
  type: mapping.type ? [mapping.type.toLowerCase()] : undefined,
  mediaDescription: mapping.mediaDescription ? [mapping.mediaDescription.toLowerCase()] : undefined,
});

/** The preset whose headers the file's first row has; Hootsuite's files start with a dated row instead. */
export function detectPreset(firstRow: string[]): Exclude<ImportPreset, 'custom'> | null {
  const headers = new Set(firstRow.map((cell) => cell.trim().toLowerCase()));
  const has = (...names: string[]) => names.every((name) => headers.has(name));
  if (has('date', 'platform', 'content', 'hashtags')) return 'ours';
  if (has('text', 'posting time')) return 'buffer';
  if (has('date', 'caption')) return 'later';
  if (headers.has('date') && (headers.has('text') || headers.has('message'))) return 'publer';
  if (firstRow.length >= 2 && firstRow.length <= 3 && parseDateCell(firstRow[0] ?? '', { dayFirst: true, timeZone: 'UTC' }).day) return 'hootsuite';
  return null;
}

export function postTypeOf(name: string): PostType | null {
  const type = name.trim().toLowerCase();
  return (POST_TYPES as readonly string[]).includes(type) ? (type as PostType) : null;
}

// YYYY-MM-DD or YYYY/MM/DD, or DD/MM/YYYY (day-first formats); then optionally a time and an offset.
const YEAR_FIRST = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day of a date cell in the user's zone: a date and time without an offset is already
 * the user's wall clock; one with an offset (or Z) is an instant, read in the user's zone.
 */
export function parseDateCell(cell: string, { dayFirst, timeZone }: { dayFirst: boolean; timeZone: string }): { day: string | null; time: string | null } {
  const value = cell.trim();
  let parts: { year: number; month: number; day: number; hour?: number; minute?: number; offset?: string } | null = null;
  const yearFirst = YEAR_FIRST.exec(value);
  if (yearFirst) {
    const [, y, m, d, h, min, , offset] = yearFirst;
    parts = { year: Number(y), month: Number(m), day: Number(d), hour: h ? Number(h) : undefined, minute: min ? Number(min) : undefined, offset };
  } else if (dayFirst) {
    const match = DAY_FIRST.exec(value);
    if (match) {
      const [, d, m, y, h, min] = match;
      parts = { year: Number(y), month: Number(m), day: Number(d), hour: h ? Number(h) : undefined, minute: min ? Number(min) : undefined };
    }
  }
  if (!parts || parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > daysInMonth(parts) || (parts.hour ?? 0) > 23 || (parts.minute ?? 0) > 59)
    return { day: null, time: null };
  if (parts.offset && parts.hour !== undefined) {
    const sign = parts.offset.startsWith('-') ? -1 : 1;
    const digits = parts.offset.replace(/[+:-]/g, '');
    const offsetMs = parts.offset.toUpperCase() === 'Z' ? 0 : sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
    const instant = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute ?? 0) - offsetMs;
    const local = new Date(wallClockMs(instant, timeZone)).toISOString();
    return { day: local.slice(0, 10), time: local.slice(11, 16) };
  }
  return {
    day: `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`,
    time: parts.hour !== undefined ? `${pad(parts.hour)}:${pad(parts.minute ?? 0)}` : null,
  };
}
