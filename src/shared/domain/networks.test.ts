import { describe, expect, it } from 'vitest';
import { POST_LIMITS } from '../schemas/post';
import { HOSTILE_TEXTS, LONGEST_HASHTAGS } from '@testing/hostile-texts';
import { PLATFORMS } from './options';
import { feedText, NETWORK_RULES, postLength, publishedText } from './networks';
import { countLength } from './text-length';

describe('network rules', () => {
  it('has one row per network, each with its limit, feed cut and image shape', () => {
    expect(Object.keys(NETWORK_RULES).sort()).toEqual([...PLATFORMS].sort());
    for (const rules of Object.values(NETWORK_RULES)) {
      expect(rules.maxLength).toBeGreaterThan(0);
      expect(rules.feedCut.chars).toBeGreaterThan(0);
      expect(rules.imageRatio).toBeGreaterThan(0);
      expect(rules.adaptInstructions).toMatch(new RegExp(rules.label.replace('/', '\\/')));
    }
  });

  it('lists the spec four first, then Bluesky (300), Mastodon (500), Threads (500, one topic tag) and Google Business Profile (1,500, no hashtags)', () => {
    expect(PLATFORMS).toEqual(['facebook', 'twitter', 'instagram', 'linkedin', 'bluesky', 'mastodon', 'threads', 'googlebusiness']);
    expect(NETWORK_RULES.googlebusiness).toMatchObject({ label: 'Google Business Profile', maxLength: 1500, counting: 'characters', hashtagCap: 0 });
    expect(NETWORK_RULES.threads).toMatchObject({ label: 'Threads', maxLength: 500, counting: 'emoji-bytes', hashtagCap: 1 });
    expect(NETWORK_RULES.bluesky).toMatchObject({ label: 'Bluesky', maxLength: 300, counting: 'graphemes' });
    expect(NETWORK_RULES.mastodon).toMatchObject({ label: 'Mastodon', maxLength: 500, counting: 'link-23' });
  });

  it('counts a post with its hashtags, each network its own way', () => {
    expect(postLength('twitter', 'hello', [])).toBe(5);
    expect(postLength('twitter', '日本', [])).toBe(4);
    expect(postLength('twitter', 'ok 😀', ['#a'])).toBe(5 + 2 + 2);
    expect(postLength('bluesky', 'ok 👨‍👩‍👧 é', ['#a'])).toBe(6 + 2 + 2);
    expect(postLength('mastodon', `see https://example.com/${'x'.repeat(80)}`, ['#a'])).toBe(4 + 23 + 2 + 2);
    expect(postLength('facebook', 'see https://example.com', [])).toBe(23);
  });

  it('cuts Instagram after about 125 characters on a word, and leaves a short text whole', () => {
    const long = 'word '.repeat(60).trim();
    const { shown, cut } = feedText('instagram', long);
    expect(cut).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(125);
    expect(shown.endsWith('word')).toBe(true);
    expect(feedText('instagram', 'Short.')).toEqual({ shown: 'Short.', cut: false });
  });

  it('cuts LinkedIn after three lines', () => {
    expect(feedText('linkedin', 'one\ntwo\nthree\nfour')).toEqual({ shown: 'one\ntwo\nthree', cut: true });
  });

  it('shows a whole Bluesky or Mastodon post up to its limit, and cuts there', () => {
    expect(feedText('bluesky', '👍🏽'.repeat(300))).toEqual({ shown: '👍🏽'.repeat(300), cut: false });
    const long = feedText('bluesky', 'word '.repeat(70).trim());
    expect(long.cut).toBe(true);
    expect(long.shown.length).toBeLessThanOrEqual(300);
    expect(feedText('mastodon', `${'a'.repeat(470)} https://example.com/${'x'.repeat(100)}`).cut).toBe(false);
    expect(feedText('mastodon', 'a'.repeat(501)).shown).toBe('a'.repeat(500));
  });

  it('shows X posts up to 280 weighted characters', () => {
    expect(feedText('twitter', 'a'.repeat(280)).cut).toBe(false);
    expect(feedText('twitter', '😀'.repeat(150)).shown).toBe('😀'.repeat(140));
  });
});

describe("the editor's counter and previews on hostile text", () => {
  /** The editor's largest text: the longest post and the most hashtags, each as long as a hashtag may be. */
  const hashtags = LONGEST_HASHTAGS;
  /** Linear counting takes tens of milliseconds here; the old link pattern took seconds a keystroke. */
  const WITHIN_MS = 1000;

  it.each(Object.entries(HOSTILE_TEXTS))('counts and previews %s at the largest size for every network in time', (_name, content) => {
    for (const platform of PLATFORMS) {
      let started = performance.now();
      postLength(platform, content, hashtags);
      expect(performance.now() - started, `${platform} count`).toBeLessThan(WITHIN_MS);
      started = performance.now();
      const { shown } = feedText(platform, publishedText(content, hashtags));
      expect(performance.now() - started, `${platform} preview`).toBeLessThan(WITHIN_MS);
      expect(countLength(NETWORK_RULES[platform].counting, shown)).toBeLessThanOrEqual(NETWORK_RULES[platform].feedCut.chars);
    }
  });

  it('shows the exact count however far over the limit the text is', () => {
    const accented = HOSTILE_TEXTS.accented!;
    for (const platform of PLATFORMS) expect(postLength(platform, accented)).toBe(POST_LIMITS.content);
    expect(postLength('twitter', HOSTILE_TEXTS.CJK!)).toBe(2 * POST_LIMITS.content);
    expect(postLength('bluesky', HOSTILE_TEXTS['letters with a combining mark each']!)).toBe(POST_LIMITS.content / 2);
  });
});
