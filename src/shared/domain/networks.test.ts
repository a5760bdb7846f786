import { describe, expect, it } from 'vitest';
import { PLATFORMS } from './options';
import { feedText, NETWORK_RULES, postLength } from './networks';

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

  it('lists the spec four first, then Bluesky (300) and Mastodon (500)', () => {
    expect(PLATFORMS).toEqual(['facebook', 'twitter', 'instagram', 'linkedin', 'bluesky', 'mastodon']);
    expect(NETWORK_RULES.bluesky).toMatchObject({ label: 'Bluesky', maxLength: 300, counting: 'graphemes' });
    expect(NETWORK_RULES.mastodon).toMatchObject({ label: 'Mastodon', maxLength: 500, counting: 'mastodon' });
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
