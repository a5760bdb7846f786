/**
 * Examples of the brand's voice in prompts (issue 31): a few of the user's past posts, chosen by
 * network and theme, within a character budget so the examples never crowd out the rest of a prompt.
 */
import type { Platform } from '@shared/networks';

export interface VoiceSample {
  id?: string;
  text: string;
  network: Platform | null;
}

/** The most examples in one prompt, the most characters of one, and of the whole section (markers and labels included). */
export const VOICE_PROMPT_COUNT = 5;
export const VOICE_EXAMPLE_PROMPT_MAX = 400;
export const VOICE_PROMPT_BUDGET = 1600;

/** Markers around the examples; the fake model server in tests reads them back. */
export const VOICE_START = '<voice-examples>';
export const VOICE_END = '</voice-examples>';
const VOICE_INTRO = 'How this company writes: past posts of its own. Match their voice (openings, sign-offs, emoji and hashtag habits); never copy them.';

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []);

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= VOICE_EXAMPLE_PROMPT_MAX ? flat : `${flat.slice(0, VOICE_EXAMPLE_PROMPT_MAX - 1).trimEnd()}…`;
};

const line = (sample: VoiceSample) => `- ${sample.network ? `(${sample.network}) ` : ''}${clip(sample.text)}`;

/**
 * The examples for one prompt: same network first, then most words shared with `topic` (themes,
 * instructions), then the newest (the input's order); as many as fit the budget, at most `count`.
 */
export function pickVoiceExamples(
  examples: readonly VoiceSample[],
  { networks = [], topic = '' }: { networks?: readonly Platform[]; topic?: string },
  { count = VOICE_PROMPT_COUNT, budget = VOICE_PROMPT_BUDGET }: { count?: number; budget?: number } = {},
): VoiceSample[] {
  const topicWords = wordsOf(topic);
  const scored = examples.map((sample, order) => {
    const overlap = [...wordsOf(sample.text)].filter((word) => topicWords.has(word)).length;
    const sameNetwork = sample.network !== null && networks.includes(sample.network) ? 1 : 0;
    return { sample, order, sameNetwork, overlap };
  });
  scored.sort((a, b) => b.sameNetwork - a.sameNetwork || b.overlap - a.overlap || a.order - b.order);
  const picked: VoiceSample[] = [];
  let used = VOICE_START.length + VOICE_END.length + VOICE_INTRO.length + 4;
  for (const { sample } of scored) {
    if (picked.length >= count) break;
    const cost = line(sample).length + 1;
    if (used + cost > budget) continue;
    picked.push(sample);
    used += cost;
  }
  return picked;
}

/** The prompt section for the picked examples; '' when there are none. Its length never exceeds VOICE_PROMPT_BUDGET. */
export function voiceSection(picked: readonly VoiceSample[]): string {
  if (picked.length === 0) return '';
  return `${VOICE_INTRO}\n${VOICE_START}\n${picked.map(line).join('\n')}\n${VOICE_END}`;
}

/** The example lines of a prompt's voice section (used by the test provider and the quality bench); null when it has none. */
export function readVoiceSection(prompt: string): string[] | null {
  const from = prompt.indexOf(VOICE_START);
  const to = prompt.indexOf(VOICE_END, from);
  if (from < 0 || to < 0) return null;
  return prompt
    .slice(from + VOICE_START.length, to)
    .split('\n')
    .filter((text) => text.startsWith('- '))
    .map((text) => text.slice(2));
}

/** The whole voice section of a prompt with its intro, as counted against the budget. */
export function voiceSectionLength(prompt: string): number {
  const from = prompt.indexOf(VOICE_INTRO);
  const to = prompt.indexOf(VOICE_END, from);
  return from < 0 || to < 0 ? 0 : to + VOICE_END.length - from;
}
