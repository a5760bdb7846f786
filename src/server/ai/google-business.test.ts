/**
 * Google Business Profile through both writers: no hashtags (its cap and prompt count are 0), one photo
 * (no video or carousel slots), local and practical text that ends on the call to action.
 */
import { describe, expect, it } from 'vitest';
import { postLength } from '@shared/domain/networks';
import { planSlots } from '@shared/domain/slot-planner';
import { NETWORKS } from '@shared/networks';
import { writtenPostSchema } from '@shared/schemas/post';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { expectPostForSlot, fakeAiWriter, testProfile as profile, testStrategy } from '@testing/ai-fixtures';
import { useFakeOpenAI } from '@testing/use-fake-openai';
import { createWriter } from './create-writer';
import { CTA_MARKERS, LOCAL_LINES } from './offline-writer/phrases';

const GBP = 'googlebusiness' as const;
const strategy: Strategy = {
  ...testStrategy,
  platforms: [GBP],
  postFrequency: 4,
  contentTypes: ['Images', 'Videos', 'Carousels', 'Text only'],
  selectedCTAs: ['Schedule Appointment', 'Visit Website', 'Contact Us'],
  hashtags: 'SmileLeeds, #KidsTeeth',
  useEmojis: true,
};
const context = { profile, strategy, year: 2026, month: 12 };
const slots = planSlots({ year: 2026, month: 12, strategy });
const offline = createWriter({ kind: 'offline' });
/** Every local line as the writer may fill it, with and without the company's name. */
const localLines = LOCAL_LINES.flatMap((line) =>
  [`${profile.companyName}`, ''].map((name) => line({ org: name, atOrg: name ? ` at ${name}` : '', theme: '', Theme: '', audience: null, holiday: '' })),
);

describe('planning a Google Business Profile month', () => {
  it('plans only what a local post can carry: text or one photo, never a video or carousel', () => {
    expect(slots.length).toBeGreaterThanOrEqual(16);
    expect(slots.every((slot) => slot.platform === GBP)).toBe(true);
    expect(new Set(slots.map((slot) => slot.type))).toEqual(new Set(['image', 'text']));
  });
});

describe('offline writer: Google Business Profile', () => {
  it('writes a month of local posts: no hashtags, within 1,500 characters, each ending on its call to action', async () => {
    const { posts, problems } = await offline.writeMonth(context, slots);
    expect(problems).toEqual([]);
    posts.forEach((post, i) => {
      expectPostForSlot(post, slots[i]!);
      expect(post!.hashtags).toEqual([]);
      expect(post!.content).not.toMatch(/#\w/);
      expect(post!.content).not.toMatch(/\n\s*$/);
      expect(postLength(GBP, post!.content, post!.hashtags)).toBeLessThanOrEqual(NETWORKS.googlebusiness.maxLength);
      const lastParagraph = post!.content.split('\n\n').at(-1)!;
      expect(
        strategy.selectedCTAs.some((cta) => CTA_MARKERS[cta].test(lastParagraph)),
        post!.content,
      ).toBe(true);
      // Nothing a listing has no place for: comments, swipes, the link in a bio.
      expect(post!.content).not.toMatch(/comments|swipe|link in (our|the) bio/i);
      if (post!.type === 'image') expect(post!.mediaPrompt).toContain('landscape 4:3');
    });
    // The practical part: how to find or reach the business, in some words of the local lines.
    expect(posts.filter((post) => localLines.some((line) => post!.content.includes(line))).length).toBeGreaterThanOrEqual(posts.length / 2);
  });

  it('ends on the local line when the strategy has no call to action', async () => {
    const bare = { ...strategy, selectedCTAs: [] };
    const { posts } = await offline.writeMonth({ ...context, strategy: bare }, planSlots({ year: 2026, month: 12, strategy: bare }));
    for (const post of posts)
      expect(
        localLines.some((line) => post!.content.endsWith(line)),
        post!.content,
      ).toBe(true);
  });

  it('writes a single post as an image post even when asked for a carousel, without hashtags', async () => {
    const post = await offline.writeSinglePost({
      profile,
      strategy,
      date: '2026-12-09',
      platform: GBP,
      type: 'carousel',
      prompt: 'our late opening on Thursdays',
    });
    expect(writtenPostSchema.safeParse(post).success).toBe(true);
    expect(post).toMatchObject({ platform: GBP, type: 'image', hashtags: [] });
    expect(post.content).toContain('our late opening on Thursdays');
  });

  it("adapts a post for it ('Adapt for …'): its hashtags typed in the text go, the text ends on a call to action", async () => {
    const text = await offline.rewritePost({
      profile,
      content: 'Big news! #SmileLeeds We open late on Thursdays now. #KidsTeeth Bring the whole family.',
      platform: GBP,
      instructions: NETWORKS.googlebusiness.adaptInstructions,
    });
    expect(text).not.toContain('#');
    expect(text).toMatch(/Visit https:\/\/brightsmile\.example|Get in touch/);
    expect(text.length).toBeLessThanOrEqual(1500);
  });
});

describe('AI writer: Google Business Profile', () => {
  const fake = useFakeOpenAI({ always: 'ok', delayMs: 0, tokensPerSecond: 0 });

  it('asks for no hashtags and a local post ending on the call to action, and keeps none the model sends', async () => {
    const { posts, problems } = await fakeAiWriter(fake().url).writeMonth(context, slots);
    expect(problems).toEqual([]);
    posts.forEach((post, i) => {
      expectPostForSlot(post, slots[i]!);
      // The fake model always answers with two hashtags: a network without them keeps none.
      expect(post!.hashtags).toEqual([]);
    });
    const prompt = fake().requests[0]!.prompt;
    expect(prompt).toContain(`googlebusiness 1500: ${NETWORKS.googlebusiness.prompt.note}`);
    expect(prompt).toContain('[] for Google Business Profile (googlebusiness)');
    expect(prompt).toContain('"hashtags":[]');
    expect(prompt).not.toContain('#tag');
  });

  it('asks a single post for [] hashtags on it, and an image rather than a carousel', async () => {
    const post = await fakeAiWriter(fake().url).writeSinglePost({
      profile,
      strategy,
      date: '2026-12-09',
      platform: GBP,
      type: 'carousel',
      prompt: 'late opening',
    });
    expect(post).toMatchObject({ platform: GBP, type: 'image', hashtags: [] });
    const prompt = fake().requests[0]!.prompt;
    expect(prompt).toContain('"hashtags": []: Google Business Profile (googlebusiness) uses no hashtags.');
    expect(prompt).not.toContain('2 to 6 hashtags');
    expect(prompt).not.toContain('#example');
  });

  it('still asks for hashtags on the other networks of a mixed single post', async () => {
    await fakeAiWriter(fake().url).writeSinglePost({
      profile,
      strategy: { ...DEFAULT_STRATEGY, platforms: ['facebook', GBP] },
      date: '2026-12-09',
      prompt: '',
    });
    expect(fake().requests[0]!.prompt).toContain(
      '2 to 6 hashtags, each one word starting with #; include the strategy hashtags where they fit; [] for Google Business Profile (googlebusiness), which uses no hashtags.',
    );
  });

  it('tells a rewrite of a Google Business Profile post to use no hashtags', async () => {
    await fakeAiWriter(fake().url).rewritePost({ profile, content: 'Open late on Thursdays.', platform: GBP, instructions: 'Make it friendlier' });
    expect(fake().requests[0]!.prompt).toContain('- No hashtags: Google Business Profile does not use them.');
  });
});
