import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS, type Platform } from './options';

/**
 * What differs between networks, in one table keyed by network: adding a network is adding a row.
 * `feedCut`: where the feed stops showing the text and offers more ('…see more' on LinkedIn after about
 * three lines, Instagram after about 125 characters, X shows up to 280 weighted characters).
 */
export interface NetworkRules {
  label: string;
  /** Character limit of the post text. */
  maxLength: number;
  /** X counts most scripts' characters once and the rest (CJK, emoji) twice. */
  weighted: boolean;
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
    weighted: false,
    feedCut: { chars: 480, lines: 5, more: '… See more' },
    imageRatio: 1.91,
    adaptInstructions: 'Rewrite this post for Facebook: friendly and conversational, a few short paragraphs, end with a question or a call to action.',
  },
  twitter: {
    label: PLATFORM_LABELS.twitter,
    maxLength: PLATFORM_CHARACTER_LIMITS.twitter,
    weighted: true,
    feedCut: { chars: 280, more: '…' },
    imageRatio: 16 / 9,
    adaptInstructions: 'Rewrite this post for X/Twitter: shorter, one punchy idea, well under 280 characters including hashtags.',
  },
  instagram: {
    label: PLATFORM_LABELS.instagram,
    maxLength: PLATFORM_CHARACTER_LIMITS.instagram,
    weighted: false,
    feedCut: { chars: 125, more: '… more' },
    imageRatio: 1,
    adaptInstructions: 'Rewrite this post for Instagram: a strong first line under 125 characters, casual and visual, add emojis.',
  },
  linkedin: {
    label: PLATFORM_LABELS.linkedin,
    maxLength: PLATFORM_CHARACTER_LIMITS.linkedin,
    weighted: false,
    feedCut: { chars: 210, lines: 3, more: '…see more' },
    imageRatio: 1.91,
    adaptInstructions: 'Rewrite this post for LinkedIn: more formal and professional, a clear takeaway for business readers, longer.',
  },
};

/** X's weighted length: code points in the Latin, punctuation and symbol ranges count 1, the rest 2. */
export function weightedLength(text: string): number {
  let length = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const light = code <= 0x10ff || (code >= 0x2000 && code <= 0x200d) || (code >= 0x2010 && code <= 0x201f) || (code >= 0x2032 && code <= 0x2037);
    length += light ? 1 : 2;
  }
  return length;
}

/** The text as the network's feed shows it before 'more': cut at its line or character limit, on a word. */
export function feedText(platform: Platform, text: string): { shown: string; cut: boolean } {
  const { feedCut, weighted } = NETWORK_RULES[platform];
  let shown = text;
  if (feedCut.lines !== undefined) shown = shown.split('\n').slice(0, feedCut.lines).join('\n');
  const measure = weighted ? weightedLength : (value: string) => [...value].length;
  if (measure(shown) > feedCut.chars) {
    const chars = [...shown];
    let end = Math.min(chars.length, feedCut.chars);
    while (end > 0 && measure(chars.slice(0, end).join('')) > feedCut.chars) end -= 1;
    const slice = chars.slice(0, end).join('');
    const space = slice.lastIndexOf(' ');
    shown = (space > end * 0.6 ? slice.slice(0, space) : slice).trimEnd();
  }
  return { shown, cut: shown.length < text.trimEnd().length };
}
