/** Composes one post from the phrase banks, shaped for its platform and within its limits. */
import { NETWORKS } from '@shared/networks';
import { PLATFORM_CHARACTER_LIMITS, type CallToAction, type Industry, type PostType, type ToneOfVoice } from '@shared/domain/options';
import type { PostSlot } from '@shared/domain/slot-planner';
import { POST_LIMITS, type WrittenPost } from '@shared/schemas/post';
import type { Profile } from '@shared/schemas/profile';
import {
  AWARENESS_LINES,
  CONNECTIONS,
  ctaLine,
  EMOJIS,
  ENGAGEMENT_LINES,
  GENERIC_ENGAGEMENT_LINES,
  HEADLINES,
  HOLIDAY_HEADLINES,
  HOLIDAY_LINES,
  LOCAL_LINES,
  SENTENCE_HEADLINES,
  INDUSTRY_HASHTAGS,
  SCENES,
  STYLES,
  TIPS,
  TYPE_LINES,
  type Register,
  type Words,
} from './phrases';
import { capitalizeFirst, firstSentence, fitToLimit, hashtagOf, pick, shorten, type Random } from './text-tools';

export interface Brand {
  name: string | null;
  industry: Industry | 'general';
  register: Register;
  audience: string | null;
  about: string | null;
  website: string | null;
  brandColors: string[];
  wantsEngagement: boolean;
  wantsAwareness: boolean;
}

const REGISTER_OF_TONE: Record<ToneOfVoice, Register> = {
  formal: 'formal',
  authoritative: 'formal',
  professional: 'formal',
  enthusiastic: 'upbeat',
  funny: 'upbeat',
  animated: 'upbeat',
  conversational: 'casual',
  informal: 'casual',
};

/** The register most of the chosen tones share (first chosen wins a tie); casual when none. */
export function registerOf(tones: ToneOfVoice[]): Register {
  const counts = new Map<Register, number>();
  for (const tone of tones) counts.set(REGISTER_OF_TONE[tone], (counts.get(REGISTER_OF_TONE[tone]) ?? 0) + 1);
  let best: Register = 'casual';
  let bestCount = 0;
  for (const tone of tones) {
    const count = counts.get(REGISTER_OF_TONE[tone]) ?? 0;
    if (count > bestCount) [best, bestCount] = [REGISTER_OF_TONE[tone], count];
  }
  return best;
}

/**
 * The audience as a noun phrase that fits "helping … with": short, plain words, no clause. Anything
 * longer or odder ("young professionals within 10 miles who want friendly, modern care") would be
 * spliced into grammar it cannot fill, so it is left out.
 */
export function audiencePhrase(text: string): string | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  const words = clean.split(' ');
  if (clean === '' || clean.length > 40 || words.length > 5 || !/^[\p{L}\p{N} '&-]+$/u.test(clean)) return null;
  if (/\b(who|which|that|and|or|but)\b/i.test(clean)) return null;
  return midSentence(clean);
}

/**
 * A phrase as it reads inside a sentence: sentence-case text ("Teeth whitening offers") starts lower
 * case; a single capitalised word (a name, say "Invisalign"), all-capitals and anything else stay.
 */
export function midSentence(phrase: string): string {
  const [first, second] = phrase.split(' ');
  if (first && second && /^\p{Lu}\p{Ll}+$/u.test(first) && /^\p{Ll}/u.test(second) && !PROPER_WORDS.has(first.toLowerCase())) {
    return phrase.charAt(0).toLowerCase() + phrase.slice(1);
  }
  return phrase;
}

/** Words English always capitalises: a theme starting with one keeps its capital. */
const PROPER_WORDS = new Set(
  'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december christmas easter english british american'.split(
    ' ',
  ),
);

/** Verbs a theme may start with ("Meet the team"): such a theme is quoted, as it would not read as a noun phrase. */
const LEADING_VERBS = new Set('meet join book try visit get come see discover learn shop find ask call win save enjoy grab'.split(' '));

/**
 * How a key theme goes into a post. A short phrase goes where any noun phrase fits; a whole sentence
 * ("We are open late on Fridays now!") is the headline itself; a long one is quoted, cut at a word.
 */
export function themePhrase(theme: string): { kind: 'phrase' | 'sentence' | 'quoted'; text: string } {
  // Only the start of a long theme is ever shown.
  const clean = theme.slice(0, 400).replace(/\s+/g, ' ').trim();
  if (/[.!?]$/.test(clean) && clean.split(' ').length >= 3) return { kind: 'sentence', text: capitalizeFirst(clean) };
  if (clean.length > 60 || clean.split(' ').length > 8) return { kind: 'quoted', text: `“${shorten(clean, 56)}…”` };
  if (clean.includes(' ') && LEADING_VERBS.has(clean.split(' ')[0]!.toLowerCase())) return { kind: 'quoted', text: `“${clean}”` };
  return { kind: 'phrase', text: midSentence(clean) };
}

export function brandOf(profile: Profile): Brand {
  const audience = audiencePhrase(profile.targetAudience);
  return {
    name: profile.companyName.trim() || null,
    industry: profile.industry || 'general',
    register: registerOf(profile.toneOfVoice),
    audience,
    about: firstSentence(profile.description, 200),
    website: profile.website.trim() || null,
    brandColors: profile.brandColors,
    wantsEngagement: profile.businessGoals.includes('customerEngagement'),
    wantsAwareness: profile.businessGoals.includes('brandAwareness'),
  };
}

export interface PostRequest {
  slot: PostSlot;
  theme: string;
  cta: CallToAction | null;
  useEmojis: boolean;
  strategyHashtags: string[];
}

/** Strategy hashtags first, then a couple derived from the theme, holiday and industry. */
function hashtagsFor(brand: Brand, request: PostRequest, random: Random): string[] {
  const room = NETWORKS[request.slot.platform].prompt.hashtags;
  // A network without hashtags (Google Business Profile) gets none, and no empty line for them.
  if (room === 0) return [];
  const derivedWanted = NETWORKS[request.slot.platform].offline.layout === 'short' ? 1 : 2;
  const derived = [
    request.slot.holiday ? hashtagOf(request.slot.holiday) : null,
    hashtagOf(request.theme),
    pick(random, INDUSTRY_HASHTAGS[brand.industry]),
  ].filter((tag): tag is string => tag !== null);
  const fromStrategy = request.strategyHashtags.slice(0, Math.max(room - derivedWanted, room - derived.length));
  const seen = new Set<string>();
  const tags = [...fromStrategy, ...derived]
    .filter((tag) => tag.length <= POST_LIMITS.hashtag && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()))
    .slice(0, room);
  const characters = NETWORKS[request.slot.platform].prompt.hashtagChars;
  if (characters === undefined) return tags;
  let length = 0;
  return tags.filter((tag) => {
    if (length + tag.length + 1 > characters) return false;
    length += tag.length + 1;
    return true;
  });
}

function mediaPromptFor(brand: Brand, request: PostRequest, words: Words, ctaText: string | null, random: Random): string {
  const { type, platform, holiday } = request.slot;
  if (type === 'text') return '';
  const scene = `${pick(random, SCENES[brand.industry])}${holiday ? `, with a subtle ${holiday} touch` : ''}`;
  const style = STYLES[brand.register];
  const colours = brand.brandColors.length > 0 ? ` Brand colours: ${brand.brandColors.join(', ')}.` : '';
  const { frame, videoSeconds } = NETWORKS[platform].offline;
  const shape = type === 'video' ? frame.video : frame.image;
  const prompts: Record<Exclude<PostType, 'text'>, string> = {
    image: `Photo of ${scene}; ${style}; ${shape}. Theme: ${words.theme}.${colours}`,
    video: `Short ${videoSeconds}-second video (${shape}) showing ${scene}; ${style}${ctaText ? '; end on the call to action' : ''}. Theme: ${words.theme}.${colours}`,
    carousel: `Carousel of 4 slides (${shape}, ${style}): 1) title "${words.Theme}", 2) ${scene}, 3) one practical tip on ${words.theme}, 4) ${ctaText ? `"${ctaText}"` : 'logo and contact details'}.${colours}`,
  };
  return fitToLimit(prompts[type], POST_LIMITS.mediaPrompt);
}

/** Joins paragraphs, dropping optional ones from the end until the text fits `limit`. */
function assemble(required: string[], optional: string[], separator: string, limit: number): string {
  const parts = [...optional];
  let text = [...required.slice(0, 1), ...parts, ...required.slice(1)].filter(Boolean).join(separator);
  while (text.length > limit && parts.length > 0) {
    parts.pop();
    text = [...required.slice(0, 1), ...parts, ...required.slice(1)].filter(Boolean).join(separator);
  }
  return fitToLimit(text, limit);
}

export function composePost(brand: Brand, request: PostRequest, random: Random): WrittenPost {
  const { slot } = request;
  const phrase = themePhrase(request.theme);
  const theme = phrase.text;
  const words: Words = {
    org: brand.name ?? 'our team',
    atOrg: brand.name ? ` at ${brand.name}` : '',
    theme,
    Theme: capitalizeFirst(theme),
    audience: brand.audience,
    holiday: slot.holiday ?? '',
  };
  const emoji = (set: string[]) => (request.useEmojis ? ` ${pick(random, set)}` : '');
  const headline = slot.holiday
    ? pick(random, HOLIDAY_HEADLINES[brand.register])(words) + emoji(EMOJIS.holiday)
    : pick(random, phrase.kind === 'sentence' ? SENTENCE_HEADLINES : HEADLINES[brand.register])(words) + emoji(EMOJIS[brand.industry]);
  const body = slot.holiday ? pick(random, HOLIDAY_LINES)(words) : pick(random, TIPS[brand.industry]);
  // A holiday post stays about the holiday.
  // Only a short phrase is repeated inside another sentence.
  const connection = slot.holiday || phrase.kind !== 'phrase' ? '' : pick(random, CONNECTIONS)(words);
  const engagement = phrase.kind === 'phrase' ? ENGAGEMENT_LINES : GENERIC_ENGAGEMENT_LINES;
  const goalLines = [...(brand.wantsEngagement ? engagement : []), ...(brand.wantsAwareness ? AWARENESS_LINES : [])];
  const goal = goalLines.length > 0 && random() < 0.8 ? pick(random, goalLines)(words) : '';
  const about = brand.about && brand.wantsAwareness && random() < 0.5 ? `About us: ${brand.about}` : '';
  const typeLine = slot.type === 'video' || slot.type === 'carousel' ? pick(random, TYPE_LINES[slot.type]) : '';
  const ctaText = request.cta ? ctaLine(request.cta, slot.platform, brand.website, brand.name) : null;
  const cta = ctaText ? `${request.useEmojis ? '👉 ' : ''}${ctaText}` : '';
  const hashtags = hashtagsFor(brand, request, random);
  const limit = PLATFORM_CHARACTER_LIMITS[slot.platform];

  // Hashtags are published with the text (after a blank line): on the short networks both share the limit.
  const room = limit - (hashtags.length > 0 ? hashtags.join(' ').length + 2 : 0);
  let content: string;
  const { layout } = NETWORKS[slot.platform].offline;
  if (layout === 'short') {
    content = assemble([headline, [typeLine, cta].filter(Boolean).join(' ')], [random() < 0.5 || !connection ? body : connection], ' ', room);
  } else if (layout === 'toot') {
    content = assemble([headline, [typeLine, cta].filter(Boolean).join(' ')], [[body, connection].filter(Boolean).join(' ')], '\n\n', room);
  } else if (layout === 'caption') {
    content = assemble([headline, cta], [body, typeLine, goal], '\n\n', limit);
  } else if (layout === 'local') {
    // Local and practical: the tip, how to find or reach the business, then the call to action last.
    content = assemble([headline, cta], [[body, connection].filter(Boolean).join(' '), pick(random, LOCAL_LINES)(words)], '\n\n', limit);
  } else if (layout === 'article') {
    content = assemble([headline, cta], [[body, connection].filter(Boolean).join(' '), about, goal, typeLine], '\n\n', limit);
  } else {
    content = assemble([headline, [typeLine, cta].filter(Boolean).join(' ')], [[body, connection].filter(Boolean).join(' '), goal], '\n\n', limit);
  }

  return {
    date: slot.date,
    platform: slot.platform,
    content,
    type: slot.type,
    mediaPrompt: mediaPromptFor(brand, request, words, ctaText, random),
    hashtags,
  };
}
