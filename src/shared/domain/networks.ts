import { NETWORKS, type Platform } from '../networks';
import type { PostType } from './options';
import { countLength, graphemes, type Counting } from './text-length';

/**
 * What differs between networks, keyed by network: the registry in `shared/networks`, one file each.
 * `feedCut`: where the feed stops showing the text and offers more ('…see more' on LinkedIn after about
 * three lines, Instagram after about 125 characters, X shows up to 280 weighted characters, Bluesky and
 * Mastodon show the whole post, so their feeds stop only at the limit).
 */
export type { Network as NetworkRules } from '../networks';
export const NETWORK_RULES = NETWORKS;

/** What the count under a preview is called. */
export const COUNT_NOUN: Record<Counting, string> = {
  characters: 'characters',
  'x-weighted': 'weighted characters',
  graphemes: 'characters',
  'link-23': 'characters',
  'emoji-bytes': 'characters',
};

/** The text as published: content, a blank line, the hashtags. */
export function publishedText(content: string, hashtags: readonly string[]): string {
  return hashtags.length > 0 ? `${content}\n\n${hashtags.join(' ')}` : content;
}

/**
 * How long a post is as its network counts it, hashtags included (they are published with the text).
 * The server's platform fit and the editor's counter both use this. With a `cap` (a check against a
 * limit), counting stops past it: exact up to the cap, above it beyond.
 */
export function postLength(platform: Platform, content: string, hashtags: readonly string[] = [], cap = Infinity): number {
  return countLength(NETWORK_RULES[platform].counting, publishedText(content, hashtags), cap);
}

/** The text as the network's feed shows it before 'more': cut at its line or character limit, on a word. */
export function feedText(platform: Platform, text: string): { shown: string; cut: boolean } {
  const { feedCut, counting } = NETWORK_RULES[platform];
  let shown = text;
  if (feedCut.lines !== undefined) shown = shown.split('\n').slice(0, feedCut.lines).join('\n');
  const fits = (value: string) => countLength(counting, value, feedCut.chars) <= feedCut.chars;
  if (!fits(shown)) {
    const parts = graphemes(shown);
    // The most clusters that fit: a longer start of the text counts more, so a binary search (a step at a
    // time would count a long text hundreds of times).
    let end = 0;
    let high = Math.min(parts.length, feedCut.chars);
    while (end < high) {
      const middle = Math.ceil((end + high) / 2);
      if (fits(parts.slice(0, middle).join(''))) end = middle;
      else high = middle - 1;
    }
    const slice = parts.slice(0, end).join('');
    const space = slice.lastIndexOf(' ');
    shown = (space > slice.length * 0.6 ? slice.slice(0, space) : slice).trimEnd();
  }
  return { shown, cut: shown.length < text.trimEnd().length };
}

/**
 * The post type `type` becomes on `platform`: a carousel needs room for several files and a video a network
 * that takes video; where it cannot be either (Google Business Profile: one photo), it is an image post.
 */
export function postTypeOn(platform: Platform, type: PostType): PostType {
  const { media } = NETWORK_RULES[platform];
  if (type === 'carousel' && media.maxItems < 2) return 'image';
  if (type === 'video' && !media.types.includes('video')) return 'image';
  return type;
}
