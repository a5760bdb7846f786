/**
 * The voice row of bench:quality (issue 31): with scripted model habits, the share of prompts that carry
 * the user's voice examples and stay within their budget; with the built-in writer, how close a month's
 * opening, sign-off, emoji and hashtag rates come to the examples'.
 */
import { planSlots } from '@shared/domain/slot-planner';
import { createOfflineWriter } from '@server/ai/offline-writer';
import { learnHabits, measureHabits } from '@server/ai/offline-writer/voice-habits';
import { readVoiceSection, VOICE_PROMPT_BUDGET, voiceSectionLength, type VoiceSample } from '@server/ai/voice-examples';
import { fakeAiWriter } from '@testing/ai-fixtures';
import type { FakeFault, FakeOpenAI } from '@testing/fake-openai-server';
import { WRITER_CORPUS } from '@testing/writer-corpus';

/** A brand that greets, signs off as its team, puts an emoji in about half its posts and one or two hashtags. */
export const VOICE_EXAMPLES: VoiceSample[] = [
  ['Hello friends! Our Thursday evening slots are open again 😊\n\n— The team #local', 'linkedin'],
  ['Hello friends! A quick tip for the week ahead.\n\n— The team #tips #smallbusiness', 'facebook'],
  ['Hello friends! Meet Anna, who joined us this spring 🌱\n\n— The team #team', 'linkedin'],
  ['Hello friends! Thank you for a busy Saturday.\n\n— The team #thanks', 'bluesky'],
  ['Hello friends: new opening hours from Monday ⏰\n\n— The team #news #hours', 'mastodon'],
  ['Big news this month. Ask us at the desk! #news', 'instagram'],
  ['Hello friends! Three things we learned this year 📚\n\n— The team #learning', 'linkedin'],
  ['Rainy day? We are open and the kettle is on. #cosy #local', 'facebook'],
].map(([text, network]) => ({ text: text!, network: network as VoiceSample['network'] }));

const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`);
const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);

/** Prompts (month, rewrite, single post) sent for the corpus with the examples, per model habit. */
export async function voicePromptRows(fake: FakeOpenAI, habits: [string, FakeFault][]): Promise<(string | number)[][]> {
  const rows: (string | number)[][] = [];
  for (const [name, habit] of habits) {
    fake.script({ always: habit });
    fake.requests.length = 0;
    const writer = fakeAiWriter(fake.url);
    for (const entry of WRITER_CORPUS) {
      const slots = planSlots({ year: entry.year, month: entry.month, strategy: entry.strategy });
      const context = { profile: entry.profile, strategy: entry.strategy, year: entry.year, month: entry.month, voice: VOICE_EXAMPLES };
      await writer.writeMonth(context, slots).catch(() => undefined);
      const platform = slots[0]?.platform ?? 'linkedin';
      await writer
        .rewritePost({ profile: entry.profile, content: 'Our new clinic opens on Monday.', platform, instructions: 'Make it warmer', voice: VOICE_EXAMPLES })
        .catch(() => undefined);
      await writer
        .writeSinglePost({
          profile: entry.profile,
          strategy: entry.strategy,
          date: `${entry.year}-${String(entry.month).padStart(2, '0')}-10`,
          platform,
          prompt: entry.strategy.keyThemes,
          voice: VOICE_EXAMPLES,
        })
        .catch(() => undefined);
    }
    const prompts = fake.requests.filter((request) => ['month', 'rewrite', 'single'].includes(request.task));
    const carrying = prompts.filter((request) => (readVoiceSection(request.prompt)?.length ?? 0) > 0);
    const within = carrying.filter((request) => voiceSectionLength(request.prompt) <= VOICE_PROMPT_BUDGET);
    const longest = Math.max(0, ...carrying.map((request) => voiceSectionLength(request.prompt)));
    rows.push([
      `AI, model habit: ${name}`,
      prompts.length,
      percent(carrying.length, prompts.length),
      percent(within.length, prompts.length),
      `${longest}/${VOICE_PROMPT_BUDGET}`,
    ]);
  }
  return rows;
}

/** The built-in writer over the corpus, with and without the examples: each rate's mean distance from the examples'. */
export async function voiceHabitRows(): Promise<(string | number)[][]> {
  const habits = learnHabits(VOICE_EXAMPLES)!;
  const writer = createOfflineWriter();
  const rows: (string | number)[][] = [];
  for (const withVoice of [false, true]) {
    const gaps = { opening: [] as number[], signOff: [] as number[], emoji: [] as number[], hashtags: [] as number[] };
    for (const entry of WRITER_CORPUS) {
      const slots = planSlots({ year: entry.year, month: entry.month, strategy: entry.strategy });
      const context = {
        profile: entry.profile,
        strategy: entry.strategy,
        year: entry.year,
        month: entry.month,
        ...(withVoice ? { voice: VOICE_EXAMPLES } : {}),
      };
      const posts = (await writer.writeMonth(context, slots)).posts.flatMap((post) => (post ? [post] : []));
      const rates = measureHabits(posts, habits);
      gaps.opening.push(Math.abs(rates.openingRate - habits.openingRate));
      gaps.signOff.push(Math.abs(rates.signOffRate - habits.signOffRate));
      // A strategy without emojis keeps none, whatever the examples do: only months that allow them count.
      if (entry.strategy.useEmojis) gaps.emoji.push(Math.abs(rates.emojiRate - habits.emojiRate));
      gaps.hashtags.push(Math.abs(rates.hashtagsPerPost - habits.hashtagCount));
    }
    const points = (values: number[]) => `${Math.round(mean(values) * 100)} pts`;
    rows.push([
      withVoice ? 'built-in writer, with the examples' : 'built-in writer, without examples',
      points(gaps.opening),
      points(gaps.signOff),
      points(gaps.emoji),
      mean(gaps.hashtags).toFixed(2),
    ]);
  }
  return rows;
}

export const VOICE_HABIT_NOTE = (() => {
  const habits = learnHabits(VOICE_EXAMPLES)!;
  return `Examples: ${VOICE_EXAMPLES.length} posts; opening "${habits.openings[0]}" in ${percent(habits.openingRate, 1)}, sign-off "${habits.signOffs[0]}" in ${percent(habits.signOffRate, 1)}, an emoji in ${percent(habits.emojiRate, 1)}, ${habits.hashtagCount} hashtag(s) a post (median).`;
})();
