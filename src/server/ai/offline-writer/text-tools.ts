/** Small text helpers for the template writer: seeded randomness, emojis, limits, hashtags. */

/** FNV-1a: a stable 32-bit seed from text (Math.random would make the writer untestable). */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type Random = () => number;

/** mulberry32: tiny, fast, good enough to vary wording. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length) % items.length]!;
}

const EMOJI = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}]\u{FE0F}?(\u{200D}[\p{Extended_Pictographic}]\u{FE0F}?)*/gu;

export function hasEmoji(text: string): boolean {
  return /\p{Extended_Pictographic}/u.test(text);
}

/**
 * Removes emojis and the spaces they leave behind. Runs of spaces and tabs are collapsed first, so
 * the later patterns see single blanks and never backtrack over a run (posts can be 63,206 characters).
 */
export function stripEmojis(text: string): string {
  return text
    .replace(EMOJI, '')
    .replace(/[\u{FE0F}\u{200D}]/gu, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]([.,!?;:])/g, '$1')
    .replace(/^[ \t]|[ \t]$/gm, '')
    .trim();
}

/**
 * `text` without its trailing characters for which `drop` is true, by a backwards scan. A pattern like
 * /[,.]+$/ retries from every character of a run that does not reach the end: quadratic on user text.
 */
export function trimTrailing(text: string, drop: (char: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/** Spaces and the punctuation a cut should not end on. */
const isLoosePunctuation = (char: string) => ',.;:!?-'.includes(char) || char.trim() === '';

/** Cuts at a word boundary with an ellipsis so the text fits `limit` characters. */
export function fitToLimit(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, Math.max(0, limit - 1));
  const lastSpace = cut.lastIndexOf(' ');
  return `${trimTrailing(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut, isLoosePunctuation)}…`;
}

/** A phrase cut to `max` characters at a word boundary, without an ellipsis (for use inside sentences). */
export function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return trimTrailing(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut, isLoosePunctuation);
}

export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'healthy smiles' -> '#HealthySmiles'; null when it would be empty or unwieldy. */
export function hashtagOf(phrase: string): string | null {
  if (phrase.length > 120) return null; // would make a tag over 30 characters anyway
  const words = phrase.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0 || words.length > 4) return null;
  const tag = words.map((word) => capitalizeFirst(word)).join('');
  return tag.length > 30 ? null : `#${tag}`;
}

/** First sentence of a text, cut to `max` characters; null when empty. */
export function firstSentence(text: string, max: number): string | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  const sentence = /^.*?[.!?](\s|$)/.exec(clean)?.[0]?.trim() ?? clean;
  const short = shorten(sentence, max);
  return /[.!?]$/.test(short) ? short : `${short}.`;
}
