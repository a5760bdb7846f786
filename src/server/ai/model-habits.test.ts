/**
 * Small local models through the fake OpenAI-compatible server: each habit still gives every planned
 * post of a month (the slot owns date, platform and type; the reply is read however it is wrapped).
 */
import { describe, expect, it } from 'vitest';
import { PLATFORM_CHARACTER_LIMITS } from '@shared/domain/options';
import { planSlots } from '@shared/domain/slot-planner';
import { expectPostForSlot, fakeAiWriter, testProfile as profile, testStrategy } from '@testing/ai-fixtures';
import type { FakeFault } from '@testing/fake-openai-server';
import { useFakeOpenAI } from '@testing/use-fake-openai';
import { readSlotsFromPrompt } from './month-plan/prompt';
import { fitsPlatform, platformLength } from './platform-fit';
import { openingOf, repeatedOpenings } from './variety';

const strategy = { ...testStrategy, preferredDays: ['Monday', 'Wednesday', 'Friday'] as const, includeHolidays: false };
const context = { profile, strategy: { ...strategy, preferredDays: [...strategy.preferredDays] }, year: 2026, month: 12 };
const slots = planSlots({ year: 2026, month: 12, strategy: context.strategy });

const fake = useFakeOpenAI({ always: 'ok' });

describe('a month from a model with the habits of small local servers', () => {
  const habits: FakeFault[] = [
    'no-structured-output',
    'no-json-mode',
    'echo-text-type',
    'echo-wrong-fields',
    'fenced-json',
    'think-first',
    'reasoning-content',
    'trailing-commas',
    'chatter',
  ];
  it.each(habits)('writes every planned post when the model has the habit %s', async (habit) => {
    fake().script({ always: habit });
    const result = await fakeAiWriter(fake().url).writeMonth(context, slots);
    expect(result.problems).toEqual([]);
    expect(result.posts).toHaveLength(slots.length);
    result.posts.forEach((post, i) => expectPostForSlot(post, slots[i]!));
    expect(result.posts.filter((post) => post!.type !== 'text').every((post) => post!.mediaPrompt !== '')).toBe(true);
    // Nothing was asked for twice: the first answers were all usable.
    expect(fake().requests.filter((request) => request.task === 'month' && request.prompt.includes('was rejected'))).toEqual([]);
  });

  it('falls back to JSON in the prompt after a 422 for response_format and remembers it until restart', async () => {
    fake().script({ always: 'no-structured-output' });
    const writer = fakeAiWriter(fake().url, { concurrency: 1, batchSize: 20 });
    await writer.writeMonth(context, slots.slice(0, 4));
    expect(fake().requests.map((request) => request.body.response_format)).toEqual([{ type: 'json_object' }, undefined]);
    await writer.writeSinglePost({ profile, strategy: null, date: '2026-12-03', prompt: '' });
    await writer.testConnection();
    expect(
      fake()
        .requests.slice(2)
        .map((request) => request.body.response_format),
    ).toEqual([undefined, undefined]);
    // A restart makes a new writer, which tries structured output again.
    fake().requests.length = 0;
    await fakeAiWriter(fake().url).writeMonth(context, slots.slice(0, 4));
    expect(fake().requests[0]!.body.response_format).toEqual({ type: 'json_object' });
  });
});

describe('platform fit', () => {
  it('asks once more with the limit stated, and takes the shorter answer', async () => {
    fake().script({ next: ['over-long'] });
    const four = slots.slice(0, 4);
    const result = await fakeAiWriter(fake().url, { concurrency: 1 }).writeMonth(context, four);
    expect(result.problems).toEqual([]);
    expect(result.shortened).toEqual([]);
    expect(fake().requests).toHaveLength(2);
    const retry = fake().requests[1]!.prompt;
    expect(retry).toContain('more than the 280 it allows; write it again within 280 characters');
    expect(readSlotsFromPrompt(retry)!.map((slot) => slot.platform)).toEqual(['twitter', 'instagram', 'linkedin']); // Facebook's fits
    for (const post of result.posts) expect(fitsPlatform(post!)).toBe(true);
  });

  it('shortens at a sentence boundary when the model stays too long, and says which posts', async () => {
    fake().script({ always: 'over-long' });
    const result = await fakeAiWriter(fake().url).writeMonth(context, slots);
    expect(result.problems).toEqual([]);
    const twitterAndInstagram = slots.flatMap((slot, i) => (slot.platform === 'twitter' || slot.platform === 'instagram' ? [i] : []));
    expect(result.shortened).toEqual(expect.arrayContaining(twitterAndInstagram));
    for (const [i, post] of result.posts.entries()) {
      expectPostForSlot(post, slots[i]!);
      expect(platformLength(post!.platform, post!.content, post!.hashtags)).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS[post!.platform]);
      if (result.shortened.includes(i)) expect(post!.content).toMatch(/[.!?…]$/); // a sentence end, never mid-word
      if (post!.platform === 'instagram') expect(post!.hashtags.length).toBeLessThanOrEqual(5);
    }
  });

  it('keeps a Bluesky-only month within 300 graphemes and a Mastodon-only one within 500, when the model writes long or far too long', async () => {
    for (const [platform, limit] of [
      ['bluesky', 300],
      ['mastodon', 500],
    ] as const) {
      const only = { ...context.strategy, platforms: [platform] };
      const planned = planSlots({ year: 2026, month: 12, strategy: only });
      for (const fault of ['ok', 'over-long'] as const) {
        fake().script({ always: fault, postChars: 2000 });
        const result = await fakeAiWriter(fake().url).writeMonth({ ...context, strategy: only }, planned);
        expect(result.problems).toEqual([]);
        expect(fake().requests.at(-1)!.prompt).toContain(`${platform} ${limit}:`);
        for (const [i, post] of result.posts.entries()) {
          expectPostForSlot(post, planned[i]!);
          expect(post!.platform).toBe(platform);
          const length = platformLength(platform, post!.content, post!.hashtags);
          expect(length, `${fault}: ${post!.content}`).toBeLessThanOrEqual(limit);
          if (fault === 'ok') expect(length).toBeGreaterThan(limit / 2);
        }
      }
    }
    fake().script({ postChars: 0 });
  });

  it('counts an X post as X does: a link is 23 characters, an emoji 2', () => {
    expect(platformLength('twitter', `Read this https://example.com/${'a'.repeat(100)} 🎉`)).toBe('Read this '.length + 23 + 1 + 2);
    expect(platformLength('twitter', 'Hi', ['#a', '#b'])).toBe('Hi\n\n#a #b'.length);
    expect(platformLength('facebook', `https://example.com/${'a'.repeat(100)}`)).toBe(120);
  });
});

describe('variety', () => {
  it('gives no two posts of a month the same first five words, nor those of the posts replaced', async () => {
    fake().script({ always: 'same-openings' });
    const result = await fakeAiWriter(fake().url).writeMonth(context, slots);
    const contents = result.posts.map((post) => post!.content);
    expect(repeatedOpenings(contents)).toEqual([]);
    const again = await fakeAiWriter(fake().url).writeMonth(context, slots, { avoidOpenings: contents });
    const openings = new Set(contents.map(openingOf));
    expect(again.posts.filter((post) => openings.has(openingOf(post!.content)))).toEqual([]);
    expect(repeatedOpenings(again.posts.map((post) => post!.content))).toEqual([]);
    expect(fake().requests.at(-1)!.prompt).toContain('open differently');
  });

  it('rotates the chosen calls to action and key themes over the month', async () => {
    await fakeAiWriter(fake().url).writeMonth(context, slots);
    const promptSlots = fake().requests.flatMap((request) => readSlotsFromPrompt(request.prompt) ?? []);
    expect(new Set(promptSlots.map((slot) => slot.cta))).toEqual(new Set(context.strategy.selectedCTAs));
    expect(new Set(promptSlots.map((slot) => slot.theme))).toEqual(new Set(['Winter tooth care', 'Holiday sweets']));
  });
});
