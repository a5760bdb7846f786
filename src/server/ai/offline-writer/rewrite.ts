/**
 * Heuristic rewriting for the template writer: recognises the common instructions (shorter, longer,
 * more formal, more casual, add or remove emojis, mention X, add a call to action) and always
 * returns a text that differs from the original.
 */
import { PLATFORM_CHARACTER_LIMITS } from '@shared/domain/options';
import type { RewritePostInput } from '../writer';
import { brandOf } from './templates';
import { capitalizeFirst, fitToLimit, hashSeed, pick, seededRandom, stripEmojis, trimTrailing, type Random } from './text-tools';

const CONTRACTIONS: [RegExp, string][] = [
  [/\bwe're\b/gi, 'we are'],
  [/\byou're\b/gi, 'you are'],
  [/\bit's\b/gi, 'it is'],
  [/\bdon't\b/gi, 'do not'],
  [/\bcan't\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\blet's\b/gi, 'let us'],
  [/\bwe'll\b/gi, 'we will'],
  [/\bthat's\b/gi, 'that is'],
  [/\bhere's\b/gi, 'here is'],
  [/\bisn't\b/gi, 'is not'],
  [/\baren't\b/gi, 'are not'],
];

const SYNONYMS: [RegExp, string][] = [
  [/\bgreat\b/i, 'excellent'],
  [/\bhelp\b/i, 'support'],
  [/\bquick\b/i, 'short'],
  [/\bsimple\b/i, 'easy'],
  [/\bbest\b/i, 'finest'],
  [/\bhappy\b/i, 'glad'],
  [/\bnew\b/i, 'fresh'],
  [/\blove\b/i, 'enjoy'],
  [/\btoday\b/i, 'this week'],
];

const sentencesOf = (text: string) =>
  text
    // eslint-disable-next-line no-restricted-syntax -- the two classes share no character: one way to split a run
    .match(/[^.!?\n]+[.!?]*\s*/g)
    ?.map((sentence) => sentence.trim())
    .filter(Boolean) ?? [text];

/** Keep match-case of the first letter when swapping words. */
function keepCase(original: string, replacement: string): string {
  return original.charAt(0) === original.charAt(0).toUpperCase() ? capitalizeFirst(replacement) : replacement;
}

function formal(text: string): string {
  let result = text;
  for (const [pattern, replacement] of CONTRACTIONS) result = result.replace(pattern, (match) => keepCase(match, replacement));
  return stripEmojis(result.replace(/!+/g, '.').replace(/\?\./g, '?'));
}

function casual(text: string, random: Random): string {
  const result = text
    .replace(/\bwe are\b/gi, (m) => keepCase(m, "we're"))
    .replace(/\bdo not\b/gi, (m) => keepCase(m, "don't"))
    .replace(/\bit is\b/gi, (m) => keepCase(m, "it's"));
  return `${pick(random, ['Hi there!', 'Hey everyone!', 'Hello friends!'])} ${result}`;
}

function shorter(text: string): string {
  const sentences = sentencesOf(text);
  if (sentences.length <= 1) {
    const words = text.split(/\s+/);
    return words.length > 6
      ? `${words
          .slice(0, Math.ceil(words.length * 0.6))
          .join(' ')
          .replace(/[,;:]$/, '')}.`
      : text;
  }
  const keep = Math.max(1, Math.floor(sentences.length * 0.6));
  // Keep the opening and, when there is one, the closing call to action.
  return [...sentences.slice(0, keep - 1 || 1), ...(keep > 1 ? sentences.slice(-1) : [])].join(' ');
}

function withoutHashtags(text: string): string {
  return text
    .replace(/(^|[ \t])#[^\s#]+/gu, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

function withEmojis(text: string, random: Random): string {
  const sentences = sentencesOf(text);
  const first = `${sentences[0] ?? text} ${pick(random, ['✨', '😊', '🙌', '🎉'])}`;
  return `${[first, ...sentences.slice(1)].join(' ').trimEnd()} ${pick(random, ['👍', '💬', '👉'])}`;
}

/** "mention our Saturday clinic" -> "our Saturday clinic". */
function mentionOf(instructions: string): string | null {
  const match = /\b(?:mention|include|highlight|talk about|refer to|reference|say something about)\s+(.+?)(?:[.!?;\n]|,? and\b|$)/i.exec(instructions);
  const subject = match?.[1]?.trim().replace(/^(that|the fact that)\s+/i, '');
  return subject ? subject : null;
}

const REMOVAL_WORD = /\b(remove|no|without|fewer|less|drop|delete|lose)\b/;

/**
 * "no emojis", "remove the emojis": a removal word before "emoji" in the same sentence (lower-case
 * text). One pattern spanning both words would rescan the sentence from every removal word.
 */
export function asksToRemoveEmojis(ask: string): boolean {
  return ask.split('.').some((sentence) => {
    let lastEmoji = -1;
    for (const match of sentence.matchAll(/\bemoji/g)) lastEmoji = match.index;
    // "emoji" follows a word boundary, so the cut cannot change where a removal word ends.
    return lastEmoji > 0 && REMOVAL_WORD.test(sentence.slice(0, lastEmoji));
  });
}

export function rewriteWithHeuristics(input: RewritePostInput): string {
  const original = input.content.trim();
  const ask = input.instructions.toLowerCase();
  const random = seededRandom(hashSeed(`${original}|${ask}`));
  const brand = brandOf(input.profile);
  let text = original || 'Here is an update from us.';

  const removeEmojis = asksToRemoveEmojis(ask);
  const addEmojis = !removeEmojis && /emoji/.test(ask);
  if (removeEmojis) text = stripEmojis(text);
  // "no hashtags" (Google Business Profile's adapt instructions): hashtags typed into the text go too.
  if (/\b(no|without|remove|drop)( the)? hashtags\b/.test(ask)) text = withoutHashtags(text);
  if (/\b(formal|professional|serious|polished)\b/.test(ask)) text = formal(text);
  if (/\b(casual|friendly|informal|fun|relaxed|warmer|playful)\b/.test(ask)) text = casual(text, random);
  if (/\b(short|shorter|shorten|concise|brief|trim|cut|tighter|less text)\b/.test(ask)) text = shorter(text);
  if (/\b(long|longer|expand|detail|elaborate|more text|more information)\b/.test(ask)) {
    const extra = brand.about ?? `${brand.name ?? 'Our team'} is always happy to answer your questions.`;
    text = `${text}\n\n${extra}${brand.audience ? ` We are here for ${brand.audience}.` : ''}`;
  }
  const mention = mentionOf(input.instructions);
  if (mention) text = `${text} Also worth a mention: ${trimTrailing(mention, (char) => '.!?'.includes(char))}.`;
  if (/\b(call to action|call-to-action|cta)\b/.test(ask)) {
    text = `${text} ${brand.website ? `Visit ${brand.website} to find out more.` : 'Get in touch today to find out more.'}`;
  }
  if (addEmojis) text = withEmojis(text, random);
  else if (input.useEmojis === false) text = stripEmojis(text);

  if (text.trim() === '') text = `A quick update from ${brand.name ?? 'us'}.`; // e.g. emojis only, then removed
  if (text === original) {
    // Nothing recognised: reword, so the user always gets a new version.
    const swap = SYNONYMS.find(([pattern]) => pattern.test(text));
    text = swap ? text.replace(swap[0], (match) => keepCase(match, swap[1])) : `${pick(random, ['In short:', 'Worth knowing:', 'Good to know:'])} ${text}`;
  }
  const limited = fitToLimit(text.trim(), PLATFORM_CHARACTER_LIMITS[input.platform]);
  return limited === original ? fitToLimit(`Update: ${original}`, PLATFORM_CHARACTER_LIMITS[input.platform]) : limited;
}
