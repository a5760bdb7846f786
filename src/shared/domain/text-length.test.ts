import fc from 'fast-check';
import twitterText from 'twitter-text';
import { describe, expect, it } from 'vitest';
import { countLength, graphemes, mastodonLength, xWeightedLength } from './text-length';

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
});
