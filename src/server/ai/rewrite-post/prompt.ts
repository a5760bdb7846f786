/** The rewrite prompt: the original post, the user's instructions and the company profile. */
import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS } from '@shared/domain/options';
import { linkCounts23 } from '@shared/domain/text-length';
import { NETWORKS } from '@shared/networks';
import { profileSection } from '../prompt-parts';
import type { RewritePostInput } from '../writer';
import { pickVoiceExamples, voiceSection } from '../voice-examples';

/** Markers the test provider reads back. */
export const ORIGINAL_START = '<original-post>';
export const ORIGINAL_END = '</original-post>';
export const INSTRUCTIONS_START = '<instructions>';
export const INSTRUCTIONS_END = '</instructions>';

export const REWRITE_SYSTEM_PROMPT = [
  'You rewrite social-media posts for small businesses, following the instructions exactly.',
  'Answer with the new post text only: no quotes, no explanations, no markdown fences.',
].join(' ');

function emojiRule(useEmojis: boolean | undefined): string {
  if (useEmojis === true) return 'Emojis: a few fitting emojis are welcome.';
  if (useEmojis === false) return 'Emojis: do not use any emojis unless the instructions ask for them.';
  return 'Emojis: keep them as the original has them unless the instructions say otherwise.';
}

export function buildRewritePrompt(input: RewritePostInput, previousProblem?: string): string {
  const limit = PLATFORM_CHARACTER_LIMITS[input.platform];
  return [
    `Rewrite this ${PLATFORM_LABELS[input.platform]} (${input.platform}) post.`,
    profileSection(input.profile),
    voiceSection(pickVoiceExamples(input.voice ?? [], { networks: [input.platform], topic: `${input.instructions} ${input.content}` })),
    `What to change:\n${INSTRUCTIONS_START}\n${input.instructions.trim()}\n${INSTRUCTIONS_END}`,
    [
      'Rules:',
      `- At most ${limit} characters${NETWORKS[input.platform].offline.layout === 'short' ? ', hashtags included' : ''}${linkCounts23(NETWORKS[input.platform].counting) ? ' (a link counts 23)' : ''}.`,
      `- ${emojiRule(input.useEmojis)}`,
      ...(NETWORKS[input.platform].prompt.hashtags === 0 ? [`- No hashtags: ${NETWORKS[input.platform].label} does not use them.`] : []),
      "- Keep what the instructions do not ask to change, and keep the company's tone of voice.",
      '- The new text must differ from the original.',
    ].join('\n'),
    previousProblem ? `Your previous answer was rejected: ${previousProblem}` : '',
    `Original post:\n${ORIGINAL_START}\n${input.content}\n${ORIGINAL_END}`,
  ]
    .filter((section) => section !== '')
    .join('\n\n');
}

function between(text: string, start: string, end: string): string | null {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  return from < 0 || to < 0 ? null : text.slice(from + start.length, to).trim();
}

/** The original post and instructions of a rewrite prompt (used by the test provider). */
export function readRewritePrompt(prompt: string): { original: string; instructions: string } | null {
  const original = between(prompt, ORIGINAL_START, ORIGINAL_END);
  const instructions = between(prompt, INSTRUCTIONS_START, INSTRUCTIONS_END);
  return original === null || instructions === null ? null : { original, instructions };
}
