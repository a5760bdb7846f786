/**
 * bench:quality — the planner and both writers over the corpus of profiles (src/server/testing/writer-corpus.ts),
 * the AI writer through the fake OpenAI-compatible server with scripted model habits.
 *
 *   npm run bench:quality [-- --no-write]
 *
 * For each writer (and habit) it prints: posts on their planned days, posts written of planned,
 * posts over their platform's limit (as the platform counts), repeated openings (first five words),
 * and the share of months whose chosen calls to action and key themes all appear in the posts.
 */
import { WEEKDAYS, type Weekday } from '@shared/domain/options';
import { planSlots, type PostSlot } from '@shared/domain/slot-planner';
import type { WrittenPost } from '@shared/schemas/post';
import { createOfflineWriter } from '@server/ai/offline-writer';
import { fitsPlatform } from '@server/ai/platform-fit';
import { repeatedOpenings, strategyThemes } from '@server/ai/variety';
import type { Writer } from '@server/ai/writer';
import { fakeAiWriter } from '@testing/ai-fixtures';
import { startFakeOpenAI, type FakeFault } from '@testing/fake-openai-server';
import { WRITER_CORPUS, type CorpusCase } from '@testing/writer-corpus';
import { commandLine, flags, machine, table, writeSection } from './lib/report';
import { VOICE_HABIT_NOTE, voiceHabitRows, voicePromptRows } from './voice-quality';

const options = flags({ write: true });

interface Tally {
  planned: number;
  written: number;
  onPlannedDay: number;
  overLimit: number;
  repeatedOpenings: number;
  ctaMonths: number;
  ctaCovered: number;
  themeMonths: number;
  themeCovered: number;
}

const empty = (): Tally => ({
  planned: 0,
  written: 0,
  onPlannedDay: 0,
  overLimit: 0,
  repeatedOpenings: 0,
  ctaMonths: 0,
  ctaCovered: 0,
  themeMonths: 0,
  themeCovered: 0,
});
const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);
const includes = (text: string, phrase: string) => text.toLowerCase().includes(phrase.toLowerCase());

/** Words of a call to action as a post says it ('Follow/Subscribe' reads as 'follow'). */
const CTA_WORDS: Record<string, string> = {
  'Visit Website': 'visit',
  'Schedule Appointment': 'appointment',
  'Contact Us': 'contact us',
  'Learn More': 'learn more',
  'Follow/Subscribe': 'follow',
  'Shop Now': 'shop now',
};

function score(tally: Tally, entry: CorpusCase, slots: PostSlot[], posts: (WrittenPost | null)[]): void {
  tally.planned += slots.length;
  const written = posts.filter((post): post is WrittenPost => post !== null);
  tally.written += written.length;
  tally.onPlannedDay += posts.filter((post, i) => post !== null && post.date === slots[i]!.date).length;
  tally.overLimit += written.filter((post) => !fitsPlatform(post)).length;
  tally.repeatedOpenings += repeatedOpenings(written.map((post) => post.content)).length;
  const text = written.map((post) => post.content).join('\n');
  if (entry.strategy.selectedCTAs.length > 0 && slots.length >= entry.strategy.selectedCTAs.length) {
    tally.ctaMonths++;
    if (entry.strategy.selectedCTAs.every((cta) => includes(text, CTA_WORDS[cta]!))) tally.ctaCovered++;
  }
  const themes = strategyThemes(entry.strategy).filter((theme) => /[\p{L}\p{N}]/u.test(theme) && theme.length <= 60);
  if (themes.length > 0 && slots.filter((slot) => !slot.holiday).length >= themes.length) {
    tally.themeMonths++;
    if (
      themes.every(
        (theme) =>
          includes(
            text,
            theme.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase()),
          ) || includes(text, theme),
      )
    )
      tally.themeCovered++;
  }
}

/** The planner's own rule: with at least N days ticked, every regular slot is on a ticked day. */
function plannerOnTickedDays(): { slots: number; onTicked: number } {
  let slots = 0;
  let onTicked = 0;
  for (const entry of WRITER_CORPUS) {
    for (const frequency of [1, 2, 3, 4, 5]) {
      const ticked: Weekday[] = (['Monday', 'Wednesday', 'Friday', 'Saturday', 'Sunday'] as const).slice(0, Math.max(frequency, 3));
      const planned = planSlots({ year: entry.year, month: entry.month, strategy: { ...entry.strategy, postFrequency: frequency, preferredDays: ticked } });
      for (const slot of planned.filter((entry) => !entry.holiday)) {
        slots++;
        if (ticked.includes(WEEKDAYS[(new Date(slot.date).getUTCDay() + 6) % 7]!)) onTicked++;
      }
    }
  }
  return { slots, onTicked };
}

async function run(writer: Writer): Promise<Tally> {
  const tally = empty();
  for (const entry of WRITER_CORPUS) {
    const slots = planSlots({ year: entry.year, month: entry.month, strategy: entry.strategy });
    const result = await writer.writeMonth({ profile: entry.profile, strategy: entry.strategy, year: entry.year, month: entry.month }, slots);
    score(tally, entry, slots, result.posts);
  }
  return tally;
}

const HABITS: [string, FakeFault][] = [
  ['good', 'ok'],
  ['fenced JSON', 'fenced-json'],
  ['thinks aloud first', 'think-first'],
  ['reasoning_content', 'reasoning-content'],
  ['no structured output (422)', 'no-structured-output'],
  ['wrong echoed fields', 'echo-wrong-fields'],
  ['always type "text"', 'echo-text-type'],
  ['trailing commas', 'trailing-commas'],
  ['over-long posts', 'over-long'],
  ['same openings', 'same-openings'],
];

const rows: (string | number)[][] = [];
const add = (name: string, tally: Tally) =>
  rows.push([
    name,
    percent(tally.onPlannedDay, tally.planned),
    `${percent(tally.written, tally.planned)} (${tally.written}/${tally.planned})`,
    tally.overLimit,
    tally.repeatedOpenings,
    `${tally.ctaCovered}/${tally.ctaMonths}`,
    `${tally.themeCovered}/${tally.themeMonths}`,
  ]);

const planner = plannerOnTickedDays();
add('built-in template writer', await run(createOfflineWriter()));
const fake = await startFakeOpenAI();
let voicePrompts: (string | number)[][] = [];
try {
  for (const [name, habit] of HABITS) {
    fake.script({ always: habit });
    // A new writer per habit: a provider's refusal of structured output is remembered until restart.
    add(`AI, model habit: ${name}`, await run(fakeAiWriter(fake.url)));
  }
  voicePrompts = await voicePromptRows(fake, HABITS.slice(0, 3));
} finally {
  await fake.close();
}

const report = [
  `Corpus: ${WRITER_CORPUS.length} profiles and strategies, a month each. Planner: ${planner.onTicked}/${planner.slots} regular slots on ticked days (${percent(planner.onTicked, planner.slots)}) over the corpus' months at 1-5 posts a week with at least as many days ticked.`,
  '',
  table(
    ['Writer', 'Posts on planned days', 'Written of planned', 'Over the limit', 'Repeated openings', 'Months with every CTA', 'Months with every theme'],
    rows,
  ),
  '',
  `Voice examples (issue 31). ${VOICE_HABIT_NOTE}`,
  '',
  table(['Writer', 'Prompts (month, rewrite, single)', 'Carrying examples', 'Within the budget', 'Longest voice section (chars)'], voicePrompts),
  '',
  table(['Writer', 'Opening rate gap', 'Sign-off rate gap', 'Emoji rate gap (months with emojis)', 'Hashtags a post gap'], await voiceHabitRows()),
].join('\n');
console.log(report);
if (options.write) writeSection('quality', `## Post quality (\`npm run bench:quality\`)\n\n${machine(commandLine('bench:quality'))}\n\n${report}`);
