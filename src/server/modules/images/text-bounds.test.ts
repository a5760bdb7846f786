import { describe, expect, it } from 'vitest';
import { HOSTILE_TEXTS } from '@testing/hostile-texts';
import { boundContent, clip, TEXT_LIMITS } from './text-bounds';

describe('text cut before layout', () => {
  it('keeps a short text, on one line of single spaces', () => {
    expect(clip('  Fresh\n\nbread   today ', 140)).toBe('Fresh bread today');
    expect(clip(`Fresh bread today${' '.repeat(5000)}`, 140)).toBe('Fresh bread today');
  });

  it('cuts a long text to its limit with an ellipsis, never inside an emoji', () => {
    expect(clip('abcdefgh', 5)).toBe('abcde…');
    expect(clip('ab 👍🏽👍🏽 cd', 4)).toBe('ab 👍🏽…');
  });

  it('keeps the first four emoji of a text and drops the rest', () => {
    expect(clip('🍞🥐🥖🥨🧁🍰 bakery', 140)).toBe('🍞🥐🥖🥨 bakery');
    expect(clip('🇫🇷🇮🇹🇩🇪🇪🇸🇵🇹', 140)).toBe('🇫🇷🇮🇹🇩🇪🇪🇸');
    expect(clip('1️⃣2️⃣3️⃣4️⃣5️⃣', 140)).toBe('1️⃣2️⃣3️⃣4️⃣');
  });

  it('bounds every hostile text to the limits, whatever its length', () => {
    for (const hostile of Object.values(HOSTILE_TEXTS)) {
      const bounded = boundContent({ headline: hostile, body: hostile, points: Array.from({ length: 50 }, () => hostile) });
      const graphemes = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length;
      expect(graphemes(bounded.headline)).toBeLessThanOrEqual(TEXT_LIMITS.headline + 1);
      expect(bounded.headline.length).toBeLessThanOrEqual(TEXT_LIMITS.headline * 8 + 2);
      expect(graphemes(bounded.body)).toBeLessThanOrEqual(TEXT_LIMITS.body + 1);
      expect(bounded.points).toHaveLength(TEXT_LIMITS.points);
      expect(bounded.headline.endsWith('…')).toBe(true);
    }
  });

  it('drops empty points and gives an empty body when there is none', () => {
    expect(boundContent({ headline: 'Hi', points: ['One', '  ', 'Two'] })).toEqual({ headline: 'Hi', body: '', points: ['One', 'Two'] });
  });
});
