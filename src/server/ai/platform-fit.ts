/**
 * How long a post is as its platform counts it, and the server's last resort when a post is too long.
 * The counting is the networks table's (`postLength`, shared with the editor's counter): X weighs
 * characters (a URL is 23, most emoji and CJK characters 2), Bluesky counts graphemes, Mastodon counts
 * a URL as 23, the others count characters. The hashtags are published with the text, so they count too.
 */
import { postLength } from '@shared/domain/networks';
import { PLATFORM_CHARACTER_LIMITS, type Platform } from '@shared/domain/options';
import { networkTable } from '@shared/networks';
import { POST_LIMITS, type WrittenPost } from '@shared/schemas/post';

/** Most hashtags a platform takes (each network's `hashtagCap`: Instagram 5, the others our own 30). */
export const PLATFORM_HASHTAG_LIMITS = networkTable((network) => Math.min(network.hashtagCap, POST_LIMITS.hashtags));

/** The post's length as its network counts it (the shared networks table's rule). */
export const platformLength = postLength;

/** Whether the text and hashtags fit the platform: counting stops once past its limit. */
function fits(platform: Platform, content: string, hashtags: readonly string[]): boolean {
  const limit = PLATFORM_CHARACTER_LIMITS[platform];
  return platformLength(platform, content, hashtags, limit) <= limit;
}

export function fitsPlatform(post: Pick<WrittenPost, 'platform' | 'content' | 'hashtags'>): boolean {
  return fits(post.platform, post.content, post.hashtags);
}

/** Ends of sentences in `text`: the index just after `.`, `!`, `?` or `…` followed by a space or the end. */
function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if ('.!?…'.includes(text[i]!) && (i + 1 === text.length || /\s/.test(text[i + 1]!))) ends.push(i + 1);
  }
  return ends;
}

/**
 * The largest n in [1, count] for which `build(n)` fits, or null. Longer n means longer text, so a
 * binary search: a month post can be 60,000 characters, too long to measure every cut.
 */
function largestFitting(count: number, build: (n: number) => string, fits: (text: string) => boolean): string | null {
  let low = 1;
  let high = count;
  let best: string | null = null;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const text = build(middle);
    if (fits(text)) {
      best = text;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best;
}

/** Sentences of `content` with the blanks that follow them, so joining some keeps the line breaks. */
function sentencesOf(content: string): string[] {
  const ends = sentenceEnds(content);
  if (ends.at(-1) !== content.length) ends.push(content.length);
  const starts = [0, ...ends.slice(0, -1).map((end) => end + (/^\s*/.exec(content.slice(end, end + 200))?.[0].length ?? 0))];
  return starts.map((start, i) => content.slice(start, starts[i + 1] ?? content.length)).filter((sentence) => sentence.trim() !== '');
}

/**
 * `content` without whole sentences from its middle: the opening sentence and as many of the last ones
 * as fit (a post usually ends on its point and its call to action); null when that cannot fit.
 */
function dropMiddleSentences(sentences: string[], fits: (text: string) => boolean): string | null {
  if (sentences.length < 3) return null;
  const [first, ...rest] = sentences;
  // n = how many of the last sentences are kept, at most all but one of the rest.
  return largestFitting(rest.length - 1, (n) => `${first}${rest.slice(rest.length - n).join('')}`.trim(), fits);
}

/** The longest run of whole sentences from the start that fits, else of whole words with an ellipsis. */
function cutContent(content: string, sentences: string[], fits: (text: string) => boolean): string | null {
  const bySentence = largestFitting(sentences.length, (n) => sentences.slice(0, n).join('').trim(), fits);
  if (bySentence) return bySentence;
  const words = content.split(/(\s+)/);
  return largestFitting(
    Math.max(0, words.length - 1),
    (n) => `${words.slice(0, n).join('').trim()}…`,
    (text) => text.length > 1 && fits(text),
  );
}

/**
 * A post that fits its platform: unchanged when it does; else whole sentences dropped from its middle
 * (keeping the first and the last), else the text cut at the last sentence boundary that fits (never
 * mid-word), dropping hashtags from the end only when even one sentence or
 * word cannot fit beside them. `shortened` says whether anything was cut.
 */
export function fitToPlatform<T extends Pick<WrittenPost, 'platform' | 'content' | 'hashtags'>>(post: T): { post: T; shortened: boolean } {
  const hashtags = post.hashtags.slice(0, PLATFORM_HASHTAG_LIMITS[post.platform]);
  const trimmedTags = hashtags.length !== post.hashtags.length;
  const limit = PLATFORM_CHARACTER_LIMITS[post.platform];
  if (fits(post.platform, post.content, hashtags)) return { post: { ...post, hashtags }, shortened: trimmedTags };
  const sentences = sentencesOf(post.content);
  for (let keep = hashtags.length; keep >= 0; keep--) {
    const tags = hashtags.slice(0, keep);
    // Hashtags that do not fit on their own leave no room for any text: no search (each counts the text).
    if (keep > 0 && !fits(post.platform, '', tags)) continue;
    const fitsWithTags = (text: string) => fits(post.platform, text, tags);
    const content = dropMiddleSentences(sentences, fitsWithTags) ?? cutContent(post.content, sentences, fitsWithTags);
    if (content !== null) return { post: { ...post, content, hashtags: tags }, shortened: true };
  }
  // One word longer than the limit: cut it (the only case that splits a word).
  return { post: { ...post, content: `${[...post.content].slice(0, Math.floor(limit / 2) - 1).join('')}…`, hashtags: [] }, shortened: true };
}
