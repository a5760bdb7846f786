import { describe, expect, it } from 'vitest';
import { planSlots } from '@shared/domain/slot-planner';
import { EMPTY_PROFILE_INPUT, type Profile } from '@shared/schemas/profile';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { createOfflineWriter } from '.';
import type { VoiceSample } from '../voice-examples';
import { learnHabits, measureHabits, openingPhrase, signOffPhrase } from './voice-habits';

const profile: Profile = {
  ...EMPTY_PROFILE_INPUT,
  companyName: 'Bright Smile Dental',
  industry: 'dental',
  completedOnboarding: true,
  updatedAt: null,
  timeZone: 'UTC',
};
const strategy: Strategy = { ...DEFAULT_STRATEGY, postFrequency: 5, platforms: ['linkedin', 'bluesky', 'mastodon'], useEmojis: true };

/** A brand that opens with "Hello smilers!", signs off as its team, never uses emoji, and puts one hashtag. */
const EXAMPLES: VoiceSample[] = [
  'Hello smilers! Our Thursday evening slots are open again.\n\n— The Bright Smile team #dentist',
  'Hello smilers! Floss before you brush, not after.\n\n— The Bright Smile team #tips',
  'Hello smilers! Kids check-ups are free all of May.\n\n— The Bright Smile team #kids',
  'Hello smilers: meet Anna, our new hygienist.\n\n— The Bright Smile team #team',
  'Whitening week starts Monday. Ask at the desk. #whitening',
].map((text) => ({ text, network: 'linkedin' }));

describe('the built-in writer learns the voice examples’ habits', () => {
  it('reads openings, sign-offs, emoji and hashtag habits', () => {
    expect(openingPhrase('Hello smilers! Our slots')).toBe('Hello smilers!');
    expect(openingPhrase('This sentence opens with far too many words.')).toBeNull();
    expect(signOffPhrase('Text\n\n— The team #x')).toBe('— The team');
    const habits = learnHabits(EXAMPLES)!;
    expect(habits.openings).toEqual(['Hello smilers!']);
    expect(habits.openingRate).toBe(0.8);
    expect(habits.signOffs).toEqual(['— The Bright Smile team']);
    expect(habits.signOffRate).toBe(0.8);
    expect(habits.emojiRate).toBe(0);
    expect(habits.hashtagCount).toBe(1);
    expect(learnHabits([])).toBeNull();
  });

  it('writes a month whose opening, sign-off, emoji and hashtag rates come near the examples’', async () => {
    const writer = createOfflineWriter();
    const slots = planSlots({ year: 2031, month: 5, strategy });
    const habits = learnHabits(EXAMPLES)!;
    const plain = await writer.writeMonth({ profile, strategy, year: 2031, month: 5 }, slots);
    const voiced = await writer.writeMonth({ profile, strategy, year: 2031, month: 5, voice: EXAMPLES }, slots);
    const before = measureHabits(
      plain.posts.flatMap((post) => (post ? [post] : [])),
      habits,
    );
    const after = measureHabits(
      voiced.posts.flatMap((post) => (post ? [post] : [])),
      habits,
    );
    // Without examples the writer has none of these habits; with them it comes near each rate.
    expect(before.openingRate).toBe(0);
    expect(before.emojiRate).toBeGreaterThan(0.5);
    expect(Math.abs(after.openingRate - habits.openingRate)).toBeLessThan(0.3);
    expect(Math.abs(after.signOffRate - habits.signOffRate)).toBeLessThan(0.3);
    expect(after.emojiRate).toBe(0);
    expect(after.hashtagsPerPost).toBe(1);
    expect(voiced.posts.every((post) => post !== null && post.content.length > 0)).toBe(true);
  });

  it('keeps the strategy’s "no emojis" even when the examples use them', async () => {
    const writer = createOfflineWriter();
    const noEmoji = { ...strategy, useEmojis: false };
    const slots = planSlots({ year: 2031, month: 5, strategy: noEmoji });
    const voice = EXAMPLES.map((example) => ({ ...example, text: `${example.text} 😁` }));
    const month = await writer.writeMonth({ profile, strategy: noEmoji, year: 2031, month: 5, voice }, slots);
    expect(
      measureHabits(
        month.posts.flatMap((post) => (post ? [post] : [])),
        learnHabits(voice)!,
      ).emojiRate,
    ).toBe(0);
  });
});
