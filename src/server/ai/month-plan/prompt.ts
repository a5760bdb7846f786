/** The month prompt: profile, every strategy field, the month, and the planned slots as a JSON block. */
import { monthName } from '../../../shared/domain/months';
import { PLATFORM_CHARACTER_LIMITS, type Platform, type PostType } from '../../../shared/domain/options';
import type { PostSlot } from '../../../shared/domain/slot-planner';
import { platformLimitsLine, POST_FIELDS_RULES, profileSection, strategySection } from '../prompt-parts';
import type { WriterContext } from '../writer';

/** Markers around the machine-readable slot list; the fake provider in tests reads it back. */
export const SLOTS_START = '<slots>';
export const SLOTS_END = '</slots>';

export interface PromptSlot {
  slot: number;
  date: string;
  weekday: string;
  platform: Platform;
  type: PostType;
  holiday: string | null;
  maxCharacters: number;
}

export const MONTH_SYSTEM_PROMPT = [
  'You are an experienced social-media copywriter for small businesses.',
  'You write posts in the company\'s voice for exactly the slots you are given.',
  'You answer with one JSON object and nothing else: no prose, no markdown.',
].join(' ');

export function toPromptSlots(slots: PostSlot[]): PromptSlot[] {
  return slots.map((slot, i) => ({
    slot: i + 1,
    date: slot.date.slice(0, 10),
    weekday: new Date(slot.date).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }),
    platform: slot.platform,
    type: slot.type,
    holiday: slot.holiday ?? null,
    maxCharacters: PLATFORM_CHARACTER_LIMITS[slot.platform],
  }));
}

export interface MonthPromptOptions {
  /** 1-based part and number of parts when the month is written in batches. */
  part: number;
  parts: number;
  /** Why the previous answer for these slots was rejected, for the follow-up request. */
  previousProblems?: string[];
}

export function buildMonthPrompt(context: WriterContext, slots: PostSlot[], options: MonthPromptOptions): string {
  const month = `${monthName(context.month)} ${context.year}`;
  const promptSlots = toPromptSlots(slots);
  const example = promptSlots[0] ?? { slot: 1, date: `${context.year}-01-01`, platform: 'facebook', type: 'text' };
  return [
    `Write social-media posts for ${month} (month: ${monthName(context.month)}, year: ${context.year}).`,
    options.parts > 1 ? `This request covers part ${options.part} of ${options.parts} of the month; vary topics and openings between posts.` : '',
    profileSection(context.profile),
    strategySection(context.strategy),
    [
      'Rules:',
      `- Write exactly one post for each of the ${slots.length} slots below, with the slot's number, date, platform and type. Do not add, skip or move posts: the dates are fixed.`,
      '- Dates are written as YYYY-MM-DDT12:00:00Z (noon UTC) of the slot\'s day.',
      '- A slot with a holiday is a post about that holiday, in the company\'s voice.',
      '- Spread the key themes and the calls to action over the posts; follow the additional instructions.',
      '- Match the tone of voice, speak to the target audience and serve the business goals.',
      `- ${platformLimitsLine()}`,
      POST_FIELDS_RULES,
    ].join('\n'),
    options.previousProblems?.length
      ? `Your previous answer for these slots was rejected:\n${options.previousProblems.map((problem) => `- ${problem}`).join('\n')}`
      : '',
    `Slots (JSON):\n${SLOTS_START}\n${JSON.stringify(promptSlots, null, 1)}\n${SLOTS_END}`,
    'Answer with a JSON object of this shape:',
    JSON.stringify({
      posts: [{ slot: example.slot, date: `${example.date}T12:00:00Z`, platform: example.platform, type: example.type, content: '...', mediaPrompt: '...', hashtags: ['#example'] }],
    }),
  ]
    .filter((section) => section !== '')
    .join('\n\n');
}

/** The slot list of a month prompt, or null when the prompt has none (used by the test provider). */
export function readSlotsFromPrompt(prompt: string): PromptSlot[] | null {
  const start = prompt.indexOf(SLOTS_START);
  const end = prompt.indexOf(SLOTS_END, start);
  if (start < 0 || end < 0) return null;
  try {
    const value: unknown = JSON.parse(prompt.slice(start + SLOTS_START.length, end));
    return Array.isArray(value) ? (value as PromptSlot[]) : null;
  } catch {
    return null;
  }
}
