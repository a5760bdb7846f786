import fc from 'fast-check';
import twitterText from 'twitter-text';
import { describe, expect, it } from 'vitest';
import { POST_LIMITS } from '../schemas/post';
import { HOSTILE_TEXTS, run } from '@testing/hostile-texts';
import { countLength, emojiBytesLength, graphemeCount, graphemes, mastodonLength, xWeightedLength, type Counting } from './text-length';

/** Pieces posts are made of: words in many scripts, emoji of every build, links with and without a scheme. */
const word = fc.stringMatching(/^[A-Za-z]{1,12}$/);
const piece = fc.oneof(
  word,
  word.map((text) => `${text}${'.,!?:;'[text.length % 6]}`),
  fc.constantFrom('café', 'Straße', 'über', 'naïve', 'São', 'привет', 'مرحبا', 'שלום', 'नमस्ते', 'ελληνικά', 'ไทย'),
  fc.constantFrom('日本語', '한국어', 'ひらがな', '中文', 'カタカナ', '𝐀𝐁'),
  fc.constantFrom('😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '🇯🇵', '1️⃣', '❤️', '✨', '🎉', '©', '©️', '®', '🏳️‍🌈', '☀️', '✅', '👩🏾‍💻'),
  fc.constantFrom('—', '–', '…', '“quoted”', '‘single’', '€5', '£10', '₹', '°C', '•', '→', '½'),
  fc
    .tuple(
      fc.constantFrom('https://', 'http://', ''),
      word,
      fc.constantFrom('com', 'org', 'co.uk', 'io', 'de', 'dental', 'insurance', 'net'),
      fc.constantFrom('', '/', '/spring-offer', '/a/b?x=1&y=2', '/path.'),
    )
    .map(([scheme, name, tld, path]) => `${scheme}${name.toLowerCase()}.${tld}${path}`),
  word.map((text) => `#${text}`),
  word.map((text) => `@${text}`),
  fc.integer({ min: 0, max: 99999 }).map(String),
);
const post = fc
  .array(fc.tuple(piece, fc.constantFrom(' ', '\n', '\n\n', ', ')), { maxLength: 60 })
  .map((parts) => parts.map(([text, gap]) => text + gap).join(''));

describe('text length as each network counts it', () => {
  it('weighs X posts exactly as twitter-text does, on generated posts', () => {
    fc.assert(
      fc.property(post, (text) => {
        expect(xWeightedLength(text)).toBe(twitterText.parseTweet(text).weightedLength);
      }),
      { numRuns: 600 },
    );
  });

  it('weighs links, emoji and scripts as X does', () => {
    expect(xWeightedLength('hello')).toBe(5);
    expect(xWeightedLength('日本')).toBe(4);
    expect(xWeightedLength('👨‍👩‍👧 🇫🇷 1️⃣')).toBe(8);
    expect(xWeightedLength(`Book at https://example.com/${'long-path/'.repeat(20)}.`)).toBe(8 + 23 + 1);
    expect(xWeightedLength('Visit brightsmile.dental today')).toBe(6 + 23 + 6);
    expect(xWeightedLength('e\u0301')).toBe(1);
  });

  it('counts Bluesky posts in graphemes: a family emoji or an accented letter is one', () => {
    expect(graphemes('👨‍👩‍👧é🇫🇷a').length).toBe(4);
    expect(countLength('graphemes', '#smile 👍🏽')).toBe(8);
    fc.assert(
      fc.property(post, (text) => {
        const count = countLength('graphemes', text);
        expect(count).toBeLessThanOrEqual([...text].length);
        expect(count).toBe([...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length);
      }),
    );
  });

  it('counts Mastodon links as 23 and leaves out the server of a mention', () => {
    expect(mastodonLength(`New: https://example.com/${'x'.repeat(100)} now`)).toBe(5 + 23 + 4);
    expect(mastodonLength('example.com')).toBe(11);
    expect(mastodonLength('hi @anna@mastodon.social')).toBe(8);
    expect(mastodonLength('😀 ok')).toBe(4);
  });

  it('counts a Threads emoji as its UTF-8 bytes, modifiers and joiners included, and other characters once', () => {
    expect(emojiBytesLength('👍 ok')).toBe(4 + 3);
    expect(emojiBytesLength('👍🏽')).toBe(8);
    expect(emojiBytesLength('👨‍👩‍👧')).toBe(4 + 3 + 4 + 3 + 4);
    expect(emojiBytesLength('🇫🇷')).toBe(8);
    expect(emojiBytesLength('Café 日本')).toBe(7);
    expect(emojiBytesLength(`${'a'.repeat(496)}😀`)).toBe(500);
    expect(countLength('emoji-bytes', `${'a'.repeat(497)}😀`)).toBe(501);
  });
});

/** The fastest of two runs, in milliseconds: a linear count is far under the bound, a quadratic one far over. */
function fastest(work: () => unknown): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 2; attempt++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Linear code counts these in tens of milliseconds; the quadratic patterns took 1 to 7 seconds. */
const COUNT_WITHIN_MS = 500;

describe('counting hostile text at the largest allowed size', () => {
  const counters: Record<string, (text: string) => unknown> = {
    mastodonLength: (text) => mastodonLength(text),
    xWeightedLength: (text) => xWeightedLength(text),
    graphemes: (text) => graphemes(text),
    graphemeCount: (text) => graphemeCount(text),
    emojiBytesLength: (text) => emojiBytesLength(text),
    ...Object.fromEntries(
      (['x-weighted', 'graphemes', 'link-23', 'emoji-bytes', 'characters'] as Counting[]).map((counting) => [
        `countLength ${counting}`,
        (text: string) => countLength(counting, text),
      ]),
    ),
  };

  it.each(Object.entries(HOSTILE_TEXTS))('counts %s in linear time with every counter', (_name, text) => {
    expect(text.length).toBeGreaterThanOrEqual(POST_LIMITS.content - 1);
    for (const [name, count] of Object.entries(counters))
      expect(
        fastest(() => count(text)),
        name,
      ).toBeLessThan(COUNT_WITHIN_MS);
  });

  it('counts exactly up to a cap and stops past it', () => {
    expect(xWeightedLength('日'.repeat(140), 280)).toBe(280);
    expect(xWeightedLength(HOSTILE_TEXTS.CJK!, 280)).toBeGreaterThan(280);
    expect(graphemeCount('👍🏽'.repeat(300), 300)).toBe(300);
    expect(graphemeCount(HOSTILE_TEXTS.emoji!, 300)).toBe(301);
    fc.assert(
      fc.property(post, fc.integer({ min: 0, max: 400 }), (text, cap) => {
        for (const counting of ['x-weighted', 'graphemes', 'link-23', 'emoji-bytes'] as Counting[]) {
          const exact = countLength(counting, text);
          const capped = countLength(counting, text, cap);
          if (exact <= cap) expect(capped).toBe(exact);
          else expect(capped).toBeGreaterThan(cap);
        }
      }),
    );
  });

  it('segments a long text a window at a time exactly as the whole text at once', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const mixed = fc.array(fc.constantFrom('a', 'é', 'e\u0301\u0302', '👨‍👩‍👧', '🇫🇷', '🇫', '日', ' ', '\r\n', '👍🏽', '\u200d', '1️⃣'), {
      minLength: 100,
      maxLength: 800,
    });
    fc.assert(
      fc.property(mixed, (parts) => {
        const text = parts.join('');
        expect(graphemes(text)).toEqual(Array.from(segmenter.segment(text), ({ segment }) => segment));
      }),
      { numRuns: 200 },
    );
    const family = '👨‍👩‍👧'.repeat(200);
    expect(graphemes(family + run('\u0301', 5000))).toHaveLength(200);
  });

  it('does not take a label longer than 63 characters or a host longer than 253 for a link', () => {
    expect(mastodonLength(`https://${'a'.repeat(63)}.com`)).toBe(23);
    expect(mastodonLength(`https://${'a'.repeat(64)}.com`)).toBe(8 + 64 + 4);
    const host = `${'abcdefghi.'.repeat(24)}example.com`;
    expect(mastodonLength(`https://${host}`)).toBe(23);
    expect(mastodonLength(`https://x${'abcdefghi.'.repeat(1)}${host}`)).toBe(8 + 1 + 10 + host.length);
  });
});
