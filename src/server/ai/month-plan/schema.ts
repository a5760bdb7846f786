/**
 * Reading the month reply: lenient about shape and formatting, strict about what gets saved.
 *
 * Date rule (the server owns dates): each post is matched to a slot by its "slot" number (or, without
 * one, by its day, then by order). A date that names the slot's day in any format (2026-12-05,
 * 2026-12-05T09:00:00+02:00, ...) is corrected to the slot's noon-UTC date. A date on another day,
 * or a platform or type other than the slot's, makes the post invalid: it is asked for again once,
 * then reported as a problem and left out.
 */
import { z } from 'zod';
import { normaliseToNoonUtc } from '@shared/domain/months';
import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS } from '@shared/domain/options';
import type { PostSlot } from '@shared/domain/slot-planner';
import { POST_LIMITS, writtenPostSchema, type WrittenPost } from '@shared/schemas/post';
import { describeDay } from '../prompt-parts';

/** What a model may send for one post; everything but the text is optional and checked below. */
export const modelPostSchema = z.object({
  slot: z.union([z.number(), z.string()]).optional(),
  date: z.string().optional(),
  platform: z.string().optional(),
  type: z.string().optional(),
  content: z.string(),
  mediaPrompt: z.string().nullish(),
  hashtags: z.union([z.array(z.unknown()), z.string()]).nullish(),
});
type ModelPost = z.infer<typeof modelPostSchema>;

/** The posts list of a reply; a reply without one counts as empty (spec section 5). */
export function postsOfReply(reply: unknown): unknown[] {
  if (Array.isArray(reply)) return reply;
  if (reply && typeof reply === 'object' && Array.isArray((reply as { posts?: unknown }).posts)) {
    return (reply as { posts: unknown[] }).posts;
  }
  return [];
}

/** ['#a', 'b c', '#a'] or '#a, b' -> ['#a', '#bc']: one word each, unique, within the schema limits. */
export function normaliseHashtags(value: ModelPost['hashtags']): string[] {
  const items = typeof value === 'string' ? value.split(/[,\s]+/) : (value ?? []).filter((item): item is string => typeof item === 'string');
  const tags = items
    .map((item) => item.replace(/[\s,#]+/g, ''))
    .filter((tag) => tag.length > 0 && tag.length < POST_LIMITS.hashtag)
    .map((tag) => `#${tag}`);
  return [...new Set(tags)].slice(0, POST_LIMITS.hashtags);
}

export type SlotOutcome = { post: WrittenPost } | { problem: string };

/** The slot number a reply item names (1-based, as in the prompt), if any. */
export function slotNumber(item: unknown): number | undefined {
  const raw = item && typeof item === 'object' ? (item as { slot?: unknown }).slot : undefined;
  const number = typeof raw === 'string' ? Number.parseInt(raw, 10) : raw;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

/** Noon UTC of the day a model's date names: ISO in any precision, or prose like 'December 5, 2026'. */
export function dayOfModelDate(value: string): string | null {
  const iso = normaliseToNoonUtc(value.trim());
  if (iso !== null || !/\d{4}/.test(value)) return iso;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) return null;
  // Parsed as a local date: its local parts are the day the text names.
  const pad = (n: number) => String(n).padStart(2, '0');
  return normaliseToNoonUtc(`${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`);
}

function dayOfItem(item: unknown): string | undefined {
  const date = item && typeof item === 'object' ? (item as { date?: unknown }).date : undefined;
  return typeof date === 'string' ? (dayOfModelDate(date) ?? undefined) : undefined;
}

/** Pairs reply items with slots: by slot number, then by day (same platform first), then in order. */
function assign(items: unknown[], slots: PostSlot[]): (unknown | undefined)[] {
  const assigned: (unknown | undefined)[] = slots.map(() => undefined);
  const taken = new Set<number>();
  const rest: unknown[] = [];
  for (const item of items) {
    const index = (slotNumber(item) ?? 0) - 1;
    if (index >= 0 && index < slots.length && !taken.has(index)) {
      assigned[index] = item;
      taken.add(index);
    } else rest.push(item);
  }
  const unmatched: unknown[] = [];
  for (const item of rest) {
    const day = dayOfItem(item);
    const platform = (item as { platform?: unknown } | null)?.platform;
    const free = slots.map((slot, index) => ({ slot, index })).filter(({ slot, index }) => !taken.has(index) && slot.date === day);
    const match = free.find(({ slot }) => slot.platform === platform) ?? free[0];
    if (match) {
      assigned[match.index] = item;
      taken.add(match.index);
    } else unmatched.push(item);
  }
  for (const item of unmatched) {
    const index = slots.findIndex((_slot, i) => !taken.has(i));
    if (index < 0) break;
    assigned[index] = item;
    taken.add(index);
  }
  return assigned;
}

/** Checks one reply item against its slot and builds the post to save, or says what is wrong. */
export function readPostForSlot(item: unknown, slot: PostSlot): SlotOutcome {
  if (item === undefined) return { problem: 'the AI provider did not write it' };
  const parsed = modelPostSchema.safeParse(item);
  if (!parsed.success) return { problem: 'the AI provider sent a post without text or with fields of the wrong kind' };
  const post = parsed.data;
  if (post.date !== undefined) {
    const day = dayOfModelDate(post.date);
    if (day === null) return { problem: `the AI provider gave it an unreadable date (${post.date.slice(0, 40)})` };
    if (day !== slot.date) return { problem: `the AI provider wrote it for ${describeDay(day)} instead` };
  }
  if (post.platform !== undefined && post.platform.trim().toLowerCase() !== slot.platform) {
    return { problem: `the AI provider wrote it for "${post.platform.slice(0, 40)}" instead of ${PLATFORM_LABELS[slot.platform]}` };
  }
  if (post.type !== undefined && post.type.trim().toLowerCase() !== slot.type) {
    return { problem: `the AI provider made it a "${post.type.slice(0, 40)}" post instead of a ${slot.type} post` };
  }
  const candidate = {
    date: slot.date,
    platform: slot.platform,
    type: slot.type,
    content: post.content,
    mediaPrompt: (post.mediaPrompt ?? '').trim().slice(0, POST_LIMITS.mediaPrompt),
    hashtags: normaliseHashtags(post.hashtags),
  };
  const valid = writtenPostSchema.safeParse(candidate);
  if (!valid.success) return { problem: `the AI provider's post was not valid (${valid.error.issues[0]?.message ?? 'unknown problem'})` };
  const limit = PLATFORM_CHARACTER_LIMITS[slot.platform];
  if (valid.data.content.length > limit) {
    return { problem: `the AI provider's text has ${valid.data.content.length} characters, more than the ${limit} ${PLATFORM_LABELS[slot.platform]} allows` };
  }
  return { post: valid.data };
}

/** One outcome per slot, in slot order. */
export function readMonthReply(reply: unknown, slots: PostSlot[]): SlotOutcome[] {
  const assigned = assign(postsOfReply(reply), slots);
  return slots.map((slot, i) => readPostForSlot(assigned[i], slot));
}

/** 'The Facebook post for Tuesday, December 1, 2026 could not be written: <reason>.' */
export function describeProblem(slot: PostSlot, reason: string): string {
  return `The ${PLATFORM_LABELS[slot.platform]} post for ${describeDay(slot.date)} could not be written: ${reason}.`;
}
