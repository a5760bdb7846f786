/** Prompt text shared by the AI tasks: the company profile, the strategy, platform limits. */
import { BUSINESS_GOAL_LABELS } from '@shared/domain/options';
import { NETWORKS, PLATFORMS, type Platform } from '@shared/networks';
import type { Profile } from '@shared/schemas/profile';
import { parseHashtags, type Strategy } from '@shared/schemas/strategy';

const NOT_GIVEN = '(not given)';

const orNotGiven = (text: string) => (text.trim() === '' ? NOT_GIVEN : text.trim());
const listOrNone = (items: readonly string[]) => (items.length === 0 ? '(none)' : items.join(', '));

/** One line per profile field; empty fields say so, so the model does not invent them. */
export function profileSection(profile: Profile): string {
  return [
    'Company profile:',
    `- Company name: ${orNotGiven(profile.companyName)}`,
    `- Industry: ${orNotGiven(profile.industry)}`,
    `- Tone of voice: ${listOrNone(profile.toneOfVoice)}`,
    `- Target audience: ${orNotGiven(profile.targetAudience)}`,
    `- Business goals: ${listOrNone(profile.businessGoals.map((goal) => BUSINESS_GOAL_LABELS[goal]))}`,
    `- Description: ${orNotGiven(profile.description)}`,
    ...(profile.website.trim() ? [`- Website: ${profile.website.trim()}`] : []),
    ...(languageRule(profile) ? [`- ${languageRule(profile)}`] : []),
  ].join('\n');
}

/** The profile's post language as an instruction; none for English, the default every prompt is written in. */
export function languageRule(profile: Profile): string {
  const language = profile.postLanguage ?? 'English';
  return language === 'English' ? '' : `Post language: write the post text in ${language}, and hashtags that fit ${language}.`;
}

/** Every strategy field, labelled with its field name so nothing the user set gets lost. */
export function strategySection(strategy: Strategy): string {
  const holidays = strategy.selectedHolidays.map((holiday) => `${holiday.date} ${holiday.name}`);
  return [
    'Content strategy:',
    `- Posts per week (postFrequency): ${strategy.postFrequency}`,
    `- Preferred days (preferredDays): ${listOrNone(strategy.preferredDays)}`,
    `- Content types (contentTypes): ${listOrNone(strategy.contentTypes)}`,
    `- Key themes (keyThemes): ${orNotGiven(strategy.keyThemes)}`,
    `- Include holidays (includeHolidays): ${strategy.includeHolidays ? 'yes' : 'no'}`,
    `- Selected holidays (selectedHolidays): ${strategy.includeHolidays ? listOrNone(holidays) : `${listOrNone(holidays)} (not used)`}`,
    `- Use emojis (useEmojis): ${strategy.useEmojis ? 'yes, a few that fit' : 'no, do not use any emojis'}`,
    `- Calls to action (selectedCTAs): ${listOrNone(strategy.selectedCTAs)}`,
    `- Hashtags (hashtags): ${listOrNone(parseHashtags(strategy.hashtags))}`,
    `- Additional instructions (additionalInstructions): ${orNotGiven(strategy.additionalInstructions)}`,
  ].join('\n');
}

/** Each listed network's limit and habits (how it counts, how many hashtags suit it), one line: what the prompts give the model. */
export function platformLimitsLine(platforms: readonly Platform[] = PLATFORMS): string {
  const lines = platforms.map((platform) => `${NETWORKS[platform].label} (${platform}) ${NETWORKS[platform].maxLength}: ${NETWORKS[platform].prompt.note}`);
  return `Character limits, hashtags included: ${lines.join('; ')}.`;
}

/** The networks among `platforms` whose posts carry no hashtags (Google Business Profile), as the prompts name them. */
export function withoutHashtags(platforms: readonly Platform[]): string | null {
  const none = platforms.filter((platform) => NETWORKS[platform].prompt.hashtags === 0);
  return none.length === 0 ? null : none.map((platform) => `${NETWORKS[platform].label} (${platform})`).join(', ');
}

/** The reply fields of one post; no hashtags asked for where the network has none. */
export function postFieldsRules(platforms: readonly Platform[]): string {
  const none = withoutHashtags(platforms);
  const tagged = platforms.some((platform) => NETWORKS[platform].prompt.hashtags > 0);
  const hashtags = tagged
    ? `2 to 6 hashtags, each one word starting with #; include the strategy hashtags where they fit${none ? `; [] for ${none}, which uses no hashtags` : ''}.`
    : `[]: ${none} uses no hashtags.`;
  return [
    '- "content": the post text only, without the hashtags, ready to publish.',
    '- "mediaPrompt": for image, video and carousel posts, a short description of the picture, clip or slides to create; "" for text posts.',
    `- "hashtags": ${hashtags}`,
  ].join('\n');
}

/** 'Tuesday, December 1, 2026' for a noon-UTC date. */
export function describeDay(date: string): string {
  return new Date(date).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
