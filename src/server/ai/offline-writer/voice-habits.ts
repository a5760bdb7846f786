/**
 * What the built-in writer learns from the user's examples of the brand's voice (issue 31): a repeated
 * opening ("Hello friends!"), a repeated sign-off ("— The Bright Smile team"), how often posts carry an
 * emoji and which ones, and how many hashtags a post has. Each habit is a rate, and the month is
 * written to come near it (a post is given the habit when its seeded draw falls under the rate).
 */
import type { WrittenPost } from '@shared/schemas/post';
import { NETWORKS } from '@shared/networks';
import type { VoiceSample } from '../voice-examples';
import { hasEmoji, pick, stripEmojis, type Random } from './text-tools';

export interface VoiceHabits {
  /** Openings at least two examples share, as written, and the share of examples opening with one. */
  openings: string[];
  openingRate: number;
  signOffs: string[];
  signOffRate: number;
  /** Share of examples with an emoji, and the emojis they use (most used first). */
  emojiRate: number;
  emojis: string[];
  /** The median number of hashtags per example, and the tags they use (most used first). */
  hashtagCount: number;
  hashtags: string[];
}

const EMOJI_CHAR = /\p{Extended_Pictographic}\u{FE0F}?/gu;
const HASHTAG = /#[\p{L}\p{N}_]+/gu;
const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The opening words up to the first mark that ends a phrase, when they are 1 to 4 words. */
export function openingPhrase(text: string): string | null {
  const match = /^\s*([^.!?,:;\n—–-]{1,40}[.!?,:;—–-])/u.exec(stripEmojis(text));
  if (!match) return null;
  const words = match[1]!.trim().split(/\s+/);
  return words.length >= 1 && words.length <= 4 ? match[1]!.trim() : null;
}

/** The last line when it is short and not hashtags only: a sign-off candidate. */
export function signOffPhrase(text: string): string | null {
  const lines = stripEmojis(text.replace(HASHTAG, ''))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const last = lines.at(-1);
  return lines.length >= 2 && last && last.length <= 40 ? last : null;
}

/** The phrases at least two examples share (as first written), and the share of examples with one. */
function repeated(texts: string[], phraseOf: (text: string) => string | null): { phrases: string[]; rate: number } {
  const found = texts.map(phraseOf);
  const counts = new Map<string, { phrase: string; count: number }>();
  for (const phrase of found) {
    if (!phrase || key(phrase) === '') continue;
    const entry = counts.get(key(phrase)) ?? { phrase, count: 0 };
    entry.count += 1;
    counts.set(key(phrase), entry);
  }
  const kept = [...counts.values()].filter((entry) => entry.count >= 2).sort((a, b) => b.count - a.count);
  const keys = new Set(kept.map((entry) => key(entry.phrase)));
  const rate = texts.length === 0 ? 0 : found.filter((phrase) => phrase && keys.has(key(phrase))).length / texts.length;
  return { phrases: kept.map((entry) => entry.phrase), rate };
}

function byUse(items: string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([item]) => item);
}

/** The habits of the examples; null when there are none to learn from. */
export function learnHabits(samples: readonly VoiceSample[]): VoiceHabits | null {
  const texts = samples.map((sample) => sample.text).filter((text) => text.trim() !== '');
  if (texts.length === 0) return null;
  const openings = repeated(texts, openingPhrase);
  const signOffs = repeated(texts, signOffPhrase);
  const counts = texts.map((text) => (text.match(HASHTAG) ?? []).length).sort((a, b) => a - b);
  return {
    openings: openings.phrases,
    openingRate: openings.rate,
    signOffs: signOffs.phrases,
    signOffRate: signOffs.rate,
    emojiRate: texts.filter(hasEmoji).length / texts.length,
    emojis: byUse(texts.flatMap((text) => text.match(EMOJI_CHAR) ?? [])),
    hashtagCount: counts[Math.floor(counts.length / 2)]!,
    hashtags: byUse(texts.flatMap((text) => text.match(HASHTAG) ?? [])),
  };
}

/**
 * The post given the habits, each with the chance its rate says (`random` is the post's own seeded
 * draw). An emoji is kept (or one of the examples' added) as often as the examples have one.
 */
export function applyHabits(post: WrittenPost, habits: VoiceHabits | null, random: Random, useEmojis = true): WrittenPost {
  if (!habits) return post;
  let content = post.content;
  // The strategy's "no emojis" wins over the examples' habit.
  if (!useEmojis || random() >= habits.emojiRate) content = stripEmojis(content);
  else if (!hasEmoji(content) && habits.emojis.length > 0) content = content.replace(/([.!?])(\s|$)/u, `$1 ${pick(random, habits.emojis)}$2`);
  if (habits.signOffs.length > 0 && random() < habits.signOffRate) content = `${content}\n\n${pick(random, habits.signOffs)}`;
  let hashtags = post.hashtags;
  if (NETWORKS[post.platform].prompt.hashtags > 0) {
    const extra = habits.hashtags.filter((tag) => !hashtags.some((own) => own.toLowerCase() === tag.toLowerCase()));
    hashtags = [...hashtags, ...extra].slice(0, habits.hashtagCount);
  }
  return { ...post, content, hashtags };
}

/**
 * The habitual opening, put before the post as often as the examples open with one. Applied after the
 * month's openings were varied (variety.ts): a brand's greeting is its habit, and the words after it
 * still differ from post to post.
 */
export function withOpening<T extends { content: string }>(post: T, habits: VoiceHabits | null, random: Random): T {
  if (!habits || habits.openings.length === 0 || random() >= habits.openingRate) return post;
  return { ...post, content: `${pick(random, habits.openings)} ${post.content}` };
}

/** How a month's posts come to the habits: shares with a learned opening, sign-off and emoji, and hashtags per post (the quality bench's measure). */
export function measureHabits(posts: readonly { content: string; hashtags: readonly string[] }[], habits: VoiceHabits) {
  const share = (test: (post: { content: string; hashtags: readonly string[] }) => boolean) =>
    posts.length === 0 ? 0 : posts.filter(test).length / posts.length;
  const openings = habits.openings.map(key);
  const signOffs = habits.signOffs.map(key);
  return {
    openingRate: share((post) => openings.some((opening) => key(post.content).startsWith(opening))),
    signOffRate: share((post) => signOffs.some((signOff) => key(post.content).endsWith(signOff))),
    emojiRate: share((post) => hasEmoji(post.content)),
    hashtagsPerPost: posts.length === 0 ? 0 : posts.reduce((sum, post) => sum + post.hashtags.length, 0) / posts.length,
  };
}
