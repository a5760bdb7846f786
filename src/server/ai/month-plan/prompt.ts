/** The month prompt: profile, the strategy (what the slots do not carry), the month, and the planned slots as a JSON block. */
import { monthName } from '@shared/domain/months';
import { BUSINESS_GOAL_LABELS, PLATFORMS, type Platform, type PostType } from '@shared/domain/options';
import type { PostSlot } from '@shared/domain/slot-planner';
import type { Profile } from '@shared/schemas/profile';
import { parseHashtags, type Strategy } from '@shared/schemas/strategy';
import { NETWORKS } from '@shared/networks';
import { languageRule, withoutHashtags } from '../prompt-parts';
import { openingOf, slotAngles, strategyThemes } from '../variety';
import type { WriterContext } from '../writer';
import { pickVoiceExamples, voiceSection } from '../voice-examples';

/** Markers around the machine-readable slot list; the fake provider in tests reads it back. */
export const SLOTS_START = '<slots>';
export const SLOTS_END = '</slots>';

export interface PromptSlot {
  slot: number;
  date: string;
  weekday: string;
  platform: Platform;
  type: PostType;
  /** Only on a holiday's slot. */
  holiday?: string;
  /** The key theme and call to action this post is given, in rotation over the month. */
  theme?: string;
  cta?: string;
}

/**
 * The month prompt is sent once per batch, so the part every batch repeats (system prompt, profile,
 * strategy, rules, reply shape) is kept short: with 7 batches it is paid 7 times, and the whole
 * month must not cost much more than one request for all slots (docs/performance.md).
 */
export const MONTH_SYSTEM_PROMPT = 'Write social-media posts for a small business. Reply in JSON.';

export function toPromptSlots(slots: PostSlot[], angles: { theme: string | null; cta: string | null }[] = []): PromptSlot[] {
  return slots.map((slot, i) => ({
    slot: i + 1,
    date: slot.date.slice(0, 10),
    weekday: new Date(slot.date).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }),
    platform: slot.platform,
    type: slot.type,
    ...(slot.holiday ? { holiday: slot.holiday } : {}),
    ...(angles[i]?.theme ? { theme: angles[i].theme } : {}),
    ...(angles[i]?.cta ? { cta: angles[i].cta } : {}),
  }));
}

export interface MonthPromptOptions {
  /** 1-based part and number of parts when the month is written in batches. */
  part: number;
  parts: number;
  /** Why the previous answer for these slots was rejected, for the follow-up request. */
  previousProblems?: string[];
  /** The whole month's slots and the indexes in it of `slots`, so themes and calls to action rotate over the month. */
  allSlots?: PostSlot[];
  slotIndexes?: number[];
  /** Texts of the posts being replaced: new posts must not open like them. */
  avoidOpenings?: string[];
}

const given = (text: string) => (text.trim() === '' ? '(not given)' : text.trim());
const list = (items: readonly string[]) => (items.length === 0 ? '(none)' : items.join(', '));

/** The profile; empty fields say so, so the model does not invent them. */
function companyLines(profile: Profile): string {
  return [
    `Company: ${given(profile.companyName)} (${given(profile.industry)})${profile.website.trim() ? ` ${profile.website.trim()}` : ''}. About: ${given(profile.description)}`,
    `Voice: ${list(profile.toneOfVoice)}. Audience: ${given(profile.targetAudience)}. Goals: ${list(profile.businessGoals.map((goal) => BUSINESS_GOAL_LABELS[goal]))}.`,
    languageRule(profile),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The strategy fields the slots do not carry. Posts a week, preferred days, content types and holidays
 * are the slots' dates, weekdays, types and holidays; key themes and calls to action are each slot's
 * theme and cta (in rotation over the month); so every batch repeats only what no slot says.
 */
function strategyLines(strategy: Strategy, themesOnSlots: boolean): string {
  const hashtags = parseHashtags(strategy.hashtags);
  return [
    `Emojis: ${strategy.useEmojis ? 'a few' : 'none'}.`,
    hashtags.length > 0 ? `Hashtags: ${hashtags.join(', ')}.` : '',
    !themesOnSlots && strategy.keyThemes.trim() ? `Themes: ${strategy.keyThemes.trim()}.` : '',
    strategy.additionalInstructions.trim() ? `Also: ${strategy.additionalInstructions.trim()}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The rules of a batch; limits and hashtag counts only for the networks its slots are for. */
function rulesFor(slots: PostSlot[]): string {
  const platforms = PLATFORMS.filter((platform) => slots.some((slot) => slot.platform === platform));
  const none = withoutHashtags(platforms);
  return [
    `One post per slot (its number), on its holiday or theme, with its cta. No two may share their first five words.${none ? ` Hashtags [] for ${none}.` : ''}`,
    `Max characters incl. hashtags: ${platforms.map((platform) => `${platform} ${NETWORKS[platform].maxLength}: ${NETWORKS[platform].prompt.note}`).join('; ')}.`,
  ].join('\n');
}

export function buildMonthPrompt(context: WriterContext, slots: PostSlot[], options: MonthPromptOptions): string {
  const month = `${monthName(context.month)} ${context.year}`;
  const allSlots = options.allSlots ?? slots;
  const angles = slotAngles(allSlots, strategyThemes(context.strategy), context.strategy.selectedCTAs);
  const promptSlots = toPromptSlots(
    slots,
    (options.slotIndexes ?? slots.map((_slot, i) => i)).map((index) => angles[index] ?? { theme: null, cta: null }),
  );
  const openings = [...new Set((options.avoidOpenings ?? []).map(openingOf).filter(Boolean))].slice(0, 40);
  const example = promptSlots[0] ?? { slot: 1, date: `${context.year}-01-01`, platform: PLATFORMS[0], type: 'text' };
  return [
    options.parts > 1 ? `${month}, part ${options.part}/${options.parts}: vary topics.` : month,
    companyLines(context.profile),
    strategyLines(
      context.strategy,
      angles.some((angle) => angle.theme !== null),
    ),
    voiceSection(
      pickVoiceExamples(context.voice ?? [], {
        networks: slots.map((slot) => slot.platform),
        topic: `${context.strategy.keyThemes} ${context.strategy.additionalInstructions} ${promptSlots.map((slot) => slot.theme ?? slot.holiday ?? '').join(' ')}`,
      }),
    ),
    rulesFor(slots),
    options.previousProblems?.length
      ? `Your previous answer for these slots was rejected:\n${options.previousProblems.map((problem) => `- ${problem}`).join('\n')}`
      : '',
    openings.length > 0
      ? `Earlier versions of this month opened with these words; open differently: ${openings.map((opening) => `"${opening}"`).join(', ')}`
      : '',
    `${SLOTS_START}\n[${promptSlots.map((slot) => JSON.stringify(slot)).join(',\n')}]\n${SLOTS_END}`,
    `Reply: ${JSON.stringify({ posts: [{ slot: example.slot, content: 'no hashtags', mediaPrompt: 'visual; "" if text', hashtags: NETWORKS[example.platform].prompt.hashtags === 0 ? [] : ['#tag'] }] })}`,
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
