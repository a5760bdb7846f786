/**
 * The built-in writer over a corpus of varied profiles and strategies, a whole month each: valid posts
 * that fit their platform, read as English (user text never spliced into grammar it cannot fill), open
 * differently, and use every chosen call to action and theme.
 */
import { describe, expect, it } from 'vitest';
import { planSlots } from '@shared/domain/slot-planner';
import { writtenPostSchema } from '@shared/schemas/post';
import { WRITER_CORPUS } from '@testing/writer-corpus';
import { fitsPlatform } from '../platform-fit';
import { repeatedOpenings, strategyThemes } from '../variety';
import { createOfflineWriter } from '.';
import { CTA_MARKERS } from './phrases';
import { audiencePhrase, midSentence, themePhrase } from './templates';

const writer = createOfflineWriter();

/** Patterns of broken English the writer once produced, and gaps a missing field would leave. */
const BROKEN = [
  /\b\w+s matters more\b/i, // "Teeth whitening offers matters"
  /\bwho with\b|, with\b|\b(modern|friendly) with\b/i, // an audience cut mid-clause, then "with …"
  /undefined|null|NaN|\[object/,
  / {2}| [,.!?;:](?!\S)|\(\s*\)/,
  /\b(\w+) \1\b/i, // a word twice in a row
  /[^.!?…”"'\p{Extended_Pictographic}\uFE0F\s)]$/u, // a text that stops mid-sentence
];

describe('built-in writer over the corpus', () => {
  expect(WRITER_CORPUS.length).toBeGreaterThanOrEqual(20);

  it.each(WRITER_CORPUS.map((entry) => [entry.name, entry] as const))('writes a natural, varied month for %s', async (_name, entry) => {
    const slots = planSlots({ year: entry.year, month: entry.month, strategy: entry.strategy });
    const { posts, problems } = await writer.writeMonth({ profile: entry.profile, strategy: entry.strategy, year: entry.year, month: entry.month }, slots);
    expect(problems).toEqual([]);
    expect(posts).toHaveLength(slots.length);
    for (const post of posts) {
      expect(writtenPostSchema.safeParse(post).success).toBe(true);
      expect(fitsPlatform(post!)).toBe(true);
      for (const pattern of BROKEN) expect(post!.content, `${pattern}`).not.toMatch(pattern);
      // A long or clause-like audience is never spliced into a sentence.
      if (audiencePhrase(entry.profile.targetAudience) === null && entry.profile.targetAudience.trim().length > 3) {
        expect(post!.content).not.toContain(entry.profile.targetAudience.trim().slice(0, 30));
      }
    }
    expect(repeatedOpenings(posts.map((post) => post!.content))).toEqual([]);
    const text = posts.map((post) => post!.content).join('\n');
    if (posts.length >= entry.strategy.selectedCTAs.length) {
      for (const cta of entry.strategy.selectedCTAs) expect(text, cta).toMatch(CTA_MARKERS[cta]);
    }
    const themes = strategyThemes(entry.strategy).filter((theme) => /[\p{L}\p{N}]/u.test(theme));
    const regular = slots.filter((slot) => !slot.holiday).length;
    if (regular >= themes.length) {
      for (const theme of themes) expect(text, theme).toContain(themePhrase(theme).text.replace(/…”$/, '').replace(/^“/, '').slice(0, 40));
    }
  });
});

describe('user phrases inside sentences', () => {
  it('starts sentence-case phrases lower case, keeps names, days and capitals', () => {
    expect(midSentence('Teeth whitening offers')).toBe('teeth whitening offers');
    expect(midSentence('Invisalign')).toBe('Invisalign');
    expect(midSentence('Sunday lunch')).toBe('Sunday lunch');
    expect(midSentence('BLACK FRIDAY')).toBe('BLACK FRIDAY');
    expect(midSentence('iPhone photos')).toBe('iPhone photos');
  });

  it('uses a sentence as a headline, quotes a verb phrase or a long theme, and leaves out a clause-like audience', () => {
    expect(themePhrase('We are open late on Fridays now!')).toEqual({ kind: 'sentence', text: 'We are open late on Fridays now!' });
    expect(themePhrase('Meet the team')).toEqual({ kind: 'quoted', text: '“Meet the team”' });
    expect(themePhrase('word '.repeat(20)).kind).toBe('quoted');
    expect(audiencePhrase('young professionals within 10 miles who want friendly, modern dental care')).toBeNull();
    expect(audiencePhrase('Busy parents in Leeds')).toBe('busy parents in Leeds');
  });
});
