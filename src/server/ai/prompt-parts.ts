/** Prompt text shared by the AI tasks: the company profile, the strategy, platform limits. */
import { BUSINESS_GOAL_LABELS, PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/domain/options';
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

/** How each network counts its limit (hashtags included) and how many hashtags suit it. */
const PLATFORM_GUIDANCE: Record<Platform, string> = {
  facebook: '2-6 hashtags',
  twitter: 'a link counts 23 and an emoji 2; keep well under the limit; 1-3 hashtags',
  instagram: 'a strong first line; up to 12 hashtags',
  linkedin: '2-6 hashtags',
  bluesky: 'counted in characters as people see them (an emoji is 1), hashtags included; one short idea; 1-2 hashtags',
  mastodon: 'a link counts 23; plain and friendly; 2-4 CamelCase hashtags',
};

/** Each listed network's limit and habits, one line: what the prompts give the model. */
export function platformLimitsLine(platforms: readonly Platform[] = PLATFORMS): string {
  const lines = platforms.map(
    (platform) => `${PLATFORM_LABELS[platform]} (${platform}) ${PLATFORM_CHARACTER_LIMITS[platform]}: ${PLATFORM_GUIDANCE[platform]}`,
  );
  return `Character limits, hashtags included: ${lines.join('; ')}.`;
}

export const POST_FIELDS_RULES = [
  '- "content": the post text only, without the hashtags, ready to publish.',
  '- "mediaPrompt": for image, video and carousel posts, a short description of the picture, clip or slides to create; "" for text posts.',
  '- "hashtags": 2 to 6 hashtags, each one word starting with #; include the strategy hashtags where they fit.',
].join('\n');

/** 'Tuesday, December 1, 2026' for a noon-UTC date. */
export function describeDay(date: string): string {
  return new Date(date).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
