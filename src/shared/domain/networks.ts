import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS, type Platform } from './options';
import { countLength, graphemes, type Counting } from './text-length';

/**
 * What differs between networks, in one table keyed by network: adding a network is adding a row.
 * `feedCut`: where the feed stops showing the text and offers more ('…see more' on LinkedIn after about
 * three lines, Instagram after about 125 characters, X shows up to 280 weighted characters, Bluesky and
 * Mastodon show the whole post, so their feeds stop only at the limit).
 */
export interface NetworkRules {
  label: string;
  /** Character limit of the post text. */
  maxLength: number;
  /**
   * How the limit is counted: X weighs characters (most scripts once, CJK and emoji twice, a link 23),
   * Bluesky counts graphemes, Mastodon counts a link as 23, the others count characters.
   */
  counting: Counting;
  feedCut: { chars: number; lines?: number; more: string };
  /** Width / height of the first image in the feed. */
  imageRatio: number;
  /** What 'Adapt for …' asks the writer for: that network's length and habits. */
  adaptInstructions: string;
}

export const NETWORK_RULES: Record<Platform, NetworkRules> = {
  facebook: {
    label: PLATFORM_LABELS.facebook,
    maxLength: PLATFORM_CHARACTER_LIMITS.facebook,
    counting: 'characters',
    feedCut: { chars: 480, lines: 5, more: '… See more' },
    imageRatio: 1.91,
    adaptInstructions: 'Rewrite this post for Facebook: friendly and conversational, a few short paragraphs, end with a question or a call to action.',
  },
  twitter: {
    label: PLATFORM_LABELS.twitter,
    maxLength: PLATFORM_CHARACTER_LIMITS.twitter,
    counting: 'x-weighted',
    feedCut: { chars: 280, more: '…' },
    imageRatio: 16 / 9,
    adaptInstructions: 'Rewrite this post for X/Twitter: shorter, one punchy idea, well under 280 characters including hashtags.',
  },
  instagram: {
    label: PLATFORM_LABELS.instagram,
    maxLength: PLATFORM_CHARACTER_LIMITS.instagram,
    counting: 'characters',
    feedCut: { chars: 125, more: '… more' },
    imageRatio: 1,
    adaptInstructions: 'Rewrite this post for Instagram: a strong first line under 125 characters, casual and visual, add emojis.',
  },
  linkedin: {
    label: PLATFORM_LABELS.linkedin,
    maxLength: PLATFORM_CHARACTER_LIMITS.linkedin,
    counting: 'characters',
    feedCut: { chars: 210, lines: 3, more: '…see more' },
    imageRatio: 1.91,
    adaptInstructions: 'Rewrite this post for LinkedIn: more formal and professional, a clear takeaway for business readers, longer.',
  },
  bluesky: {
    label: PLATFORM_LABELS.bluesky,
    maxLength: PLATFORM_CHARACTER_LIMITS.bluesky,
    counting: 'graphemes',
    feedCut: { chars: PLATFORM_CHARACTER_LIMITS.bluesky, more: '…' },
    // A single image is shown at about its own shape; 4:3 is the common middle.
    imageRatio: 4 / 3,
    adaptInstructions: 'Rewrite this post for Bluesky: short and conversational, one idea, well under 300 characters including hashtags, at most two hashtags.',
  },
  mastodon: {
    label: PLATFORM_LABELS.mastodon,
    maxLength: PLATFORM_CHARACTER_LIMITS.mastodon,
    counting: 'mastodon',
    feedCut: { chars: PLATFORM_CHARACTER_LIMITS.mastodon, more: '…' },
    imageRatio: 16 / 9,
    adaptInstructions:
      'Rewrite this post for Mastodon: friendly and plain, no marketing hype, under 500 characters including hashtags, a few CamelCase hashtags at the end.',
  },
};

/** What the count under a preview is called. */
export const COUNT_NOUN: Record<Counting, string> = {
  characters: 'characters',
  'x-weighted': 'weighted characters',
  graphemes: 'characters',
  mastodon: 'characters',
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
