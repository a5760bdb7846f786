import { describe, expect, it } from 'vitest';
import { PLATFORMS } from './options';
import { feedText, NETWORK_RULES, weightedLength } from './networks';

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

  it('counts X characters by weight: Latin once, CJK and emoji twice', () => {
    expect(weightedLength('hello')).toBe(5);
    expect(weightedLength('日本')).toBe(4);
    expect(weightedLength('ok 😀')).toBe(5);
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

  it('shows X posts up to 280 weighted characters', () => {
    expect(feedText('twitter', 'a'.repeat(280)).cut).toBe(false);
    expect(feedText('twitter', '😀'.repeat(150)).shown).toBe('😀'.repeat(140));
  });
});
