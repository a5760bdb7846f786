/**
 * Reading the month reply: lenient about shape and formatting, strict about what gets saved.
 *
 * The slot owns the date, platform and type (the server plans the calendar): each post is matched to a
 * slot by its "slot" number, else by its order, and whatever date, platform or type the model echoes is
 * replaced by the slot's. A post is rejected only for what the model owns: empty text, text over the
 * platform's limit (see platform-fit.ts), or no media description on an image, video or carousel post.
 */
import { z } from 'zod';
import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS } from '@shared/domain/options';
import type { PostSlot } from '@shared/domain/slot-planner';
import { POST_LIMITS, writtenPostSchema, type WrittenPost } from '@shared/schemas/post';
import { PLATFORM_HASHTAG_LIMITS, platformLength } from '../platform-fit';
import { describeDay } from '../prompt-parts';

/** What a model may send for one post: only the text is required; echoed slot fields are ignored. */
export const modelPostSchema = z.object({
  content: z.string(),
  mediaPrompt: z.string().nullish().catch(null),
  hashtags: z
    .union([z.array(z.unknown()), z.string()])
    .nullish()
    .catch(null),
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

/** The slot number a reply item names (1-based, as in the prompt), if any. */
export function slotNumber(item: unknown): number | undefined {
  const raw = item && typeof item === 'object' ? (item as { slot?: unknown }).slot : undefined;
  const number = typeof raw === 'string' ? Number.parseInt(raw, 10) : raw;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

/** Pairs reply items with slots: by slot number, then the rest in order. */
function assign(items: unknown[], slots: PostSlot[]): (unknown | undefined)[] {
  const assigned: (unknown | undefined)[] = slots.map(() => undefined);
  const rest: unknown[] = [];
  for (const item of items) {
    const index = (slotNumber(item) ?? 0) - 1;
    if (index >= 0 && index < slots.length && assigned[index] === undefined) assigned[index] = item;
    else rest.push(item);
  }
  for (const item of rest) {
    const index = assigned.findIndex((entry) => entry === undefined);
    if (index < 0) break;
    assigned[index] = item;
  }
  return assigned;
}

/**
 * A slot's outcome: the post to save, or what is wrong. A post whose only fault is its length carries
 * the valid post as `overLong`, so the writer can ask for a shorter one and otherwise shorten it itself.
 */
export type SlotOutcome = { post: WrittenPost } | { problem: string; overLong?: WrittenPost };

/** Builds the post to save for a slot from one reply item, or says what is wrong with it. */
export function readPostForSlot(item: unknown, slot: PostSlot): SlotOutcome {
  if (item === undefined) return { problem: 'the AI provider did not write it' };
  const parsed = modelPostSchema.safeParse(item);
  if (!parsed.success) return { problem: 'the AI provider sent a post without text' };
  const post = parsed.data;
  const candidate = {
    date: slot.date,
    platform: slot.platform,
    type: slot.type,
    content: post.content,
    mediaPrompt: (post.mediaPrompt ?? '').trim().slice(0, POST_LIMITS.mediaPrompt),
    hashtags: normaliseHashtags(post.hashtags).slice(0, PLATFORM_HASHTAG_LIMITS[slot.platform]),
  };
  // Checked with the text cut to the schema's limit: a text too long for any platform is over-long, not invalid.
  const valid = writtenPostSchema.safeParse({ ...candidate, content: candidate.content.slice(0, POST_LIMITS.content) });
  if (!valid.success) return { problem: `the AI provider's post was not valid (${valid.error.issues[0]?.message ?? 'unknown problem'})` };
  valid.data.content = candidate.content.trim();
  if (slot.type !== 'text' && valid.data.mediaPrompt === '') {
    return {
      problem: `the AI provider gave no description of the ${slot.type === 'image' ? 'picture' : slot.type === 'video' ? 'clip' : 'slides'} for this ${slot.type} post`,
    };
  }
  const limit = PLATFORM_CHARACTER_LIMITS[slot.platform];
  const length = platformLength(slot.platform, valid.data.content, valid.data.hashtags);
  if (length > limit) {
    return {
      problem: `its text and hashtags have ${length} characters as ${PLATFORM_LABELS[slot.platform]} counts them, more than the ${limit} it allows`,
      overLong: valid.data,
    };
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
