/** The single-post prompt: the user's topic, the day, the profile and (when set) the month's strategy. */
import type { Platform, PostType } from '@shared/domain/options';
import { NETWORKS } from '@shared/networks';
import { describeDay, platformLimitsLine, postFieldsRules, profileSection, strategySection } from '../prompt-parts';
import type { SinglePostInput } from '../writer';
import { pickVoiceExamples, voiceSection } from '../voice-examples';

/** Markers the test provider reads back. */
export const DETAILS_START = '<post-details>';
export const DETAILS_END = '</post-details>';

export interface SinglePostDetails {
  /** YYYY-MM-DD */
  date: string;
  weekday: string;
  /** Fixed platform, or null when the model may choose one of `platforms`. */
  platform: Platform | null;
  platforms: Platform[];
  type: PostType | null;
  types: PostType[];
  holiday: string | null;
}

export const SINGLE_POST_SYSTEM_PROMPT = [
  'You are an experienced social-media copywriter for small businesses.',
  'You answer with one JSON object and nothing else: no prose, no markdown.',
].join(' ');

export function buildSinglePostPrompt(input: SinglePostInput, details: SinglePostDetails, previousProblem?: string): string {
  const topic = input.prompt.trim();
  return [
    `Write one social-media post for ${describeDay(`${details.date}T12:00:00Z`)}.`,
    profileSection(input.profile),
    input.strategy ? strategySection(input.strategy) : '',
    voiceSection(
      pickVoiceExamples(input.voice ?? [], {
        networks: details.platform ? [details.platform] : details.platforms,
        topic: `${topic} ${input.strategy?.keyThemes ?? ''}`,
      }),
    ),
    topic ? `Topic of the post:\n<topic>\n${topic}\n</topic>` : 'Topic of the post: choose one that fits the company profile and the strategy.',
    [
      'Rules:',
      details.platform ? `- Platform: ${details.platform}.` : `- Platform: choose the best fit of ${details.platforms.join(', ')}.`,
      details.type ? `- Type: ${details.type}.` : `- Type: choose one of ${details.types.join(', ')}.`,
      details.holiday ? `- The day is ${details.holiday}: make the post about it.` : '',
      `- The date is ${details.date}T12:00:00Z (noon UTC).`,
      `- ${platformLimitsLine(details.platform ? [details.platform] : details.platforms)}`,
      postFieldsRules(details.platform ? [details.platform] : details.platforms),
    ]
      .filter((line) => line !== '')
      .join('\n'),
    previousProblem ? `Your previous answer was rejected: ${previousProblem}.` : '',
    `Post details (JSON):\n${DETAILS_START}\n${JSON.stringify(details)}\n${DETAILS_END}`,
    'Answer with a JSON object of this shape:',
    JSON.stringify({
      date: `${details.date}T12:00:00Z`,
      platform: details.platform ?? details.platforms[0],
      type: details.type ?? details.types[0],
      content: '...',
      mediaPrompt: '...',
      hashtags: details.platform && NETWORKS[details.platform].prompt.hashtags === 0 ? [] : ['#example'],
    }),
  ]
    .filter((section) => section !== '')
    .join('\n\n');
}

/** The details block of a single-post prompt (used by the test provider). */
export function readSinglePostPrompt(prompt: string): SinglePostDetails | null {
  const from = prompt.indexOf(DETAILS_START);
  const to = prompt.indexOf(DETAILS_END, from);
  if (from < 0 || to < 0) return null;
  try {
    return JSON.parse(prompt.slice(from + DETAILS_START.length, to)) as SinglePostDetails;
  } catch {
    return null;
  }
}
