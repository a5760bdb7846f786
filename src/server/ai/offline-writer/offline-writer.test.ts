import { describe, expect, it } from 'vitest';
import {
  CALLS_TO_ACTION,
  CONTENT_TYPES,
  CONTENT_TYPE_POST_TYPE,
  PLATFORM_CHARACTER_LIMITS,
  TONES_OF_VOICE,
  WEEKDAYS,
  type CallToAction,
  type ContentType,
  type Platform,
  type ToneOfVoice,
  type Weekday,
} from '@shared/domain/options';
import { postLength } from '@shared/domain/networks';
import { planSlots } from '@shared/domain/slot-planner';
import { writtenPostSchema } from '@shared/schemas/post';
import { EMPTY_PROFILE_INPUT, type Profile } from '@shared/schemas/profile';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { createWriter } from '../create-writer';
import { WriterError } from '../errors';
import { OFFLINE_WRITER_LABEL } from '.';
import { CTA_MARKERS } from './phrases';
import { hasEmoji, hashSeed, seededRandom } from './text-tools';

const baseProfile = (overrides: Partial<Profile> = {}): Profile => ({
  ...EMPTY_PROFILE_INPUT,
  completedOnboarding: true,
  updatedAt: null,
  timeZone: 'UTC',
  ...overrides,
});

const PROFILES: Profile[] = [
  baseProfile({
    companyName: 'Bright Smile Dental',
    industry: 'dental',
    toneOfVoice: ['enthusiastic', 'funny'],
    targetAudience: 'Busy parents in Leeds',
    businessGoals: ['customerEngagement'],
    description: 'A family practice. Open late.',
    website: 'https://brightsmile.example',
    brandColors: ['#1a2b3c'],
  }),
  baseProfile({
    companyName: 'Harbour Insurance',
    industry: 'insurance',
    toneOfVoice: ['formal', 'authoritative'],
    targetAudience: 'Small business owners',
    businessGoals: ['brandAwareness'],
    description: 'Independent brokers since 1990.',
  }),
  baseProfile({ companyName: 'Nook Books', toneOfVoice: ['conversational'], businessGoals: ['brandAwareness', 'customerEngagement'] }),
  baseProfile(), // onboarding skipped: everything empty
];

const writer = createWriter({ kind: 'offline' });

/** Seeded so the combinations are varied but the same on every run. */
function strategyCombos(count: number): Strategy[] {
  const random = seededRandom(hashSeed('strategy combos'));
  const some = <T>(items: readonly T[]) => items.filter(() => random() < 0.4);
  const themes = ['', 'Winter care, Saving money', 'Spring offers\nMeet the team; Customer stories', 'A very long theme '.repeat(30)];
  const hashtags = ['', 'SmileLeeds, #Kids Teeth', '#a, b, c, d, e, f, g, h, i, j', 'x'.repeat(98)];
  return Array.from({ length: count }, (_, i) => ({
    ...DEFAULT_STRATEGY,
    postFrequency: (i % 7) + 1,
    preferredDays: some(WEEKDAYS) as Weekday[],
    contentTypes: some(CONTENT_TYPES) as ContentType[],
    keyThemes: themes[i % themes.length]!,
    selectedCTAs: some(CALLS_TO_ACTION) as CallToAction[],
    hashtags: hashtags[Math.floor(i / 2) % hashtags.length]!,
    additionalInstructions: i % 3 === 0 ? 'Never mention prices. Use British spelling.' : '',
    includeHolidays: i % 2 === 0,
    selectedHolidays: [
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2027-01-01', name: "New Year's Day" },
    ],
    useEmojis: i % 4 !== 1,
  }));
}

const MONTHS = [
  [2026, 12],
  [2027, 1],
  [2026, 2],
] as const;

describe('offline writer: Bluesky and Mastodon', () => {
  it('writes a Bluesky-only month within 300 graphemes and a Mastodon-only one within 500, hashtags included', async () => {
    for (const [platform, limit, maxTags] of [
      ['bluesky', 300, 2],
      ['mastodon', 500, 4],
    ] as const) {
      for (const [s, combo] of strategyCombos(12).entries()) {
        const strategy = { ...combo, platforms: [platform] };
        const slots = planSlots({ year: 2026, month: 12, strategy });
        const { posts, problems } = await writer.writeMonth({ profile: PROFILES[s % PROFILES.length]!, strategy, year: 2026, month: 12 }, slots);
        expect(problems).toEqual([]);
        expect(posts).toHaveLength(slots.length);
        for (const post of posts) {
          expect(post!.platform).toBe(platform);
          expect(postLength(platform, post!.content, post!.hashtags), post!.content).toBeLessThanOrEqual(limit);
          expect(post!.hashtags.length).toBeLessThanOrEqual(maxTags);
        }
      }
    }
  });
});

describe('offline writer: Instagram', () => {
  it('writes at most 5 hashtags on an Instagram post, even with many strategy hashtags', async () => {
    const strategy = { ...DEFAULT_STRATEGY, platforms: ['instagram' as const], hashtags: '#a, b, c, d, e, f, g, h, i, j' };
    const slots = planSlots({ year: 2026, month: 12, strategy });
    const { posts, problems } = await writer.writeMonth({ profile: PROFILES[0]!, strategy, year: 2026, month: 12 }, slots);
    expect(problems).toEqual([]);
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) expect(post!.hashtags.length).toBeLessThanOrEqual(5);
    expect(posts.some((post) => post!.hashtags.length === 5)).toBe(true);
  });
});

describe('offline writer: months', () => {
  it('is labelled as a template writer, not AI', () => {
    expect(writer.kind).toBe('offline');
    expect(writer.label).toBe(OFFLINE_WRITER_LABEL);
    expect(writer.label).toBe('Built-in template writer (not AI)');
  });

  it('writes valid, on-strategy posts for many strategies and profiles', async () => {
    let checked = 0;
    for (const [s, strategy] of strategyCombos(56).entries()) {
      const profile = PROFILES[s % PROFILES.length]!;
      const [year, month] = MONTHS[s % MONTHS.length]!;
      const slots = planSlots({ year, month, strategy });
      const reported: number[] = [];
      const { posts, problems } = await writer.writeMonth({ profile, strategy, year, month }, slots, {
        onPosts: (_posts, indexes) => reported.push(...indexes),
      });
      expect(problems).toEqual([]);
      expect(posts).toHaveLength(slots.length);
      expect(reported.sort((a, b) => a - b)).toEqual(slots.map((_slot, i) => i));
      const allowedTypes = strategy.contentTypes.length > 0 ? strategy.contentTypes.map((type) => CONTENT_TYPE_POST_TYPE[type]) : ['text', 'image'];

      posts.forEach((post, i) => {
        const slot = slots[i]!;
        const context = `${JSON.stringify(strategy).slice(0, 200)} / post ${i}`;
        expect(writtenPostSchema.safeParse(post).success, context).toBe(true);
        expect(post, context).toMatchObject({ date: slot.date, platform: slot.platform, type: slot.type });
        expect(allowedTypes).toContain(post!.type);
        const text = `${post!.content} ${post!.mediaPrompt} ${post!.hashtags.join(' ')}`;
        expect(text, context).not.toMatch(/undefined|null|NaN|\[object/);
        const gap = / {2}| [,.!?]|\bat ,|^[ \t]|[ \t]$/m.exec(post!.content);
        expect(gap, `${context}: ${JSON.stringify(post!.content)}`).toBeNull();
        expect(post!.content.length).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS[post!.platform]);
        if (post!.platform === 'twitter') expect(`${post!.content} ${post!.hashtags.join(' ')}`.length).toBeLessThanOrEqual(280);
        if (!strategy.useEmojis) expect(hasEmoji(`${post!.content} ${post!.mediaPrompt}`), context).toBe(false);
        if (post!.type === 'text') expect(post!.mediaPrompt).toBe('');
        else expect(post!.mediaPrompt.length).toBeGreaterThan(20);
        if (strategy.selectedCTAs.length > 0) {
          expect(
            strategy.selectedCTAs.some((cta) => CTA_MARKERS[cta].test(post!.content)),
            context,
          ).toBe(true);
        }
        if (slot.holiday) expect(post!.content).toContain(slot.holiday);
        if (i > 0) expect(post!.content, context).not.toBe(posts[i - 1]!.content);
        checked++;
      });

      if (strategy.useEmojis && posts.length > 0) expect(posts.some((post) => hasEmoji(post!.content))).toBe(true);
      // Every chosen call to action is used when there are enough posts.
      if (posts.length >= strategy.selectedCTAs.length) {
        for (const cta of strategy.selectedCTAs)
          expect(
            posts.some((post) => CTA_MARKERS[cta].test(post!.content)),
            cta,
          ).toBe(true);
      }
      // Strategy hashtags come first; a derived one follows.
      const firstTag = strategy.hashtags.startsWith('SmileLeeds') ? '#SmileLeeds' : undefined;
      if (firstTag) for (const post of posts) expect(post!.hashtags[0]).toBe(firstTag);
      for (const post of posts) expect(post!.hashtags.length).toBeGreaterThanOrEqual(1);
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('uses every key theme and the company details', async () => {
    const strategy: Strategy = { ...DEFAULT_STRATEGY, postFrequency: 5, keyThemes: 'winter care, saving money\nmeet the team' };
    const slots = planSlots({ year: 2026, month: 12, strategy });
    const { posts } = await writer.writeMonth({ profile: PROFILES[0]!, strategy, year: 2026, month: 12 }, slots);
    const all = posts.map((post) => `${post!.content} ${post!.mediaPrompt}`).join('\n');
    for (const theme of ['winter care', 'saving money', 'meet the team']) expect(all).toContain(theme);
    expect(all).toMatch(/Bright Smile Dental|busy parents in Leeds/);
  });

  it('is deterministic', async () => {
    const strategy = strategyCombos(3)[2]!;
    const slots = planSlots({ year: 2026, month: 12, strategy });
    const context = { profile: PROFILES[1]!, strategy, year: 2026, month: 12 };
    expect(await writer.writeMonth(context, slots)).toEqual(await writer.writeMonth(structuredClone(context), slots));
  });

  it('copes with an empty profile', async () => {
    const strategy = { ...DEFAULT_STRATEGY, useEmojis: false };
    const slots = planSlots({ year: 2026, month: 12, strategy });
    const { posts } = await writer.writeMonth({ profile: baseProfile(), strategy, year: 2026, month: 12 }, slots);
    for (const post of posts) {
      expect(writtenPostSchema.safeParse(post).success).toBe(true);
      expect(post!.content).not.toMatch(/undefined|null| {2}| [,.]|\bat\s*[,.]/);
    }
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const slots = planSlots({ year: 2026, month: 12, strategy: DEFAULT_STRATEGY });
    await expect(
      writer.writeMonth({ profile: baseProfile(), strategy: DEFAULT_STRATEGY, year: 2026, month: 12 }, slots, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(WriterError);
  });
});

describe('offline writer: rewrite', () => {
  const profile = PROFILES[0]!;
  const original = "Let's talk about winter care! 😁 Brushing twice a day matters. We're here to help. Book today.";
  const rewrite = (instructions: string, platform: Platform = 'facebook', useEmojis?: boolean, content = original) =>
    writer.rewritePost({ profile, content, platform, instructions, ...(useEmojis === undefined ? {} : { useEmojis }) });

  it('applies the common instructions', async () => {
    expect((await rewrite('Make it shorter')).length).toBeLessThan(original.length);
    expect((await rewrite('Make it longer please')).length).toBeGreaterThan(original.length);
    const formal = await rewrite('More formal');
    expect(formal).not.toMatch(/!|We're|Let's/);
    expect(formal).toContain('We are here');
    expect(hasEmoji(await rewrite('Remove the emojis'))).toBe(false);
    expect(hasEmoji(await rewrite('Add emojis', 'facebook', false, 'Plain text here.'))).toBe(true);
    expect(await rewrite('Mention our Saturday clinic')).toContain('our Saturday clinic');
    expect(await rewrite('Add a call to action')).toMatch(/Visit https:\/\/brightsmile\.example|Get in touch/);
    expect(await rewrite('More casual')).toMatch(/^(Hi there|Hey everyone|Hello friends)!/);
  });

  it('always returns a different text, within the platform limit', async () => {
    const texts = [original, 'Hello.', 'x', 'A great day to help people with simple things!', '😁', 'y'.repeat(280)];
    const instructions = ['make it rhyme', 'shorter', 'longer', 'more formal', '???', 'add emojis', 'no emojis', ' '];
    for (const content of texts) {
      for (const instruction of instructions) {
        for (const platform of ['twitter', 'linkedin'] as const) {
          const result = await rewrite(instruction, platform, undefined, content);
          expect(result, `${instruction} / ${content}`).not.toBe(content);
          expect(result.trim().length).toBeGreaterThan(0);
          expect(result.length).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS[platform]);
        }
      }
    }
  });

  it('drops emojis when the strategy says no emojis', async () => {
    expect(hasEmoji(await rewrite('make it longer', 'facebook', false))).toBe(false);
  });
});

describe('offline writer: single post', () => {
  it('writes about the prompt, on the given day, platform and type', async () => {
    const post = await writer.writeSinglePost({
      profile: PROFILES[1]!,
      strategy: null,
      date: '2026-12-09',
      platform: 'instagram',
      type: 'carousel',
      prompt: 'our new opening hours',
    });
    expect(writtenPostSchema.safeParse(post).success).toBe(true);
    expect(post).toMatchObject({ date: '2026-12-09T12:00:00Z', platform: 'instagram', type: 'carousel' });
    expect(`${post.content} ${post.mediaPrompt}`).toContain('our new opening hours');
  });

  it('chooses a type from the strategy and marks a selected holiday', async () => {
    const strategy: Strategy = {
      ...DEFAULT_STRATEGY,
      contentTypes: ['Videos'],
      includeHolidays: true,
      selectedHolidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
      selectedCTAs: ['Contact Us'],
    };
    const post = await writer.writeSinglePost({ profile: baseProfile(), strategy, date: '2026-12-25T12:00:00Z', prompt: '' });
    expect(post.type).toBe('video');
    expect(post.content).toContain('Christmas Day');
    expect(post.content).toMatch(/contact us/i);
  });

  it('accepts every tone without gaps', async () => {
    for (const tone of TONES_OF_VOICE as readonly ToneOfVoice[]) {
      const post = await writer.writeSinglePost({ profile: baseProfile({ toneOfVoice: [tone] }), strategy: null, date: '2026-12-01', prompt: 'spring' });
      expect(post.content).not.toMatch(/undefined| {2}/);
    }
  });
});
