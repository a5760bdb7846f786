import { describe, expect, it } from 'vitest';
import { POST_LIMITS } from '@shared/schemas/post';
import { asksToRemoveEmojis } from './rewrite';
import { firstSentence, fitToLimit, shorten, stripEmojis, trimTrailing } from './text-tools';

const MAX = POST_LIMITS.content;
const PUNCTUATION_OR_SPACE = (char: string) => ' ,.;:!?-\t\n'.includes(char);

describe('trimTrailing', () => {
  it('drops only the trailing run of matching characters', () => {
    expect(trimTrailing('Hello, world!!  ', PUNCTUATION_OR_SPACE)).toBe('Hello, world');
    expect(trimTrailing(',,,', PUNCTUATION_OR_SPACE)).toBe('');
    expect(trimTrailing('', PUNCTUATION_OR_SPACE)).toBe('');
    expect(trimTrailing('a,,,b', PUNCTUATION_OR_SPACE)).toBe('a,,,b');
  });

  it('keeps a run that does not reach the end, at the largest post size', () => {
    const text = `${','.repeat(MAX - 1)}a`;
    expect(trimTrailing(text, PUNCTUATION_OR_SPACE)).toBe(text);
    expect(trimTrailing(`${text}${','.repeat(10)}`, PUNCTUATION_OR_SPACE)).toBe(text);
  });
});

describe('text tools on hostile text at the largest post size', () => {
  it('fitToLimit cuts a comma run ending in letters without leaving the commas before the ellipsis', () => {
    const text = `${','.repeat(MAX - 20)}${'a'.repeat(40)}`;
    expect(fitToLimit(text, MAX)).toBe(`${','.repeat(MAX - 20)}${'a'.repeat(19)}…`);
    expect(fitToLimit(`${'a'.repeat(100)}${', '.repeat(MAX)}`, MAX)).toBe(`${'a'.repeat(100)}…`);
    expect(fitToLimit(`${'a'.repeat(100)} ${'-'.repeat(MAX)}`, MAX)).toBe(`${'a'.repeat(100)}…`);
  });

  it('shorten drops trailing punctuation and spaces, not the word before them', () => {
    expect(shorten(`${'!'.repeat(MAX - 20)}${'a'.repeat(40)}`, MAX)).toBe(`${'!'.repeat(MAX - 20)}${'a'.repeat(20)}`);
    expect(shorten(`word${',;:'.repeat(MAX)}`, MAX)).toBe('word');
  });

  it('stripEmojis collapses long space and tab runs and keeps punctuation tight', () => {
    expect(stripEmojis(`a${' '.repeat(MAX - 2)}b`)).toBe('a b');
    expect(stripEmojis(`a${'\t'.repeat(MAX - 2)}b`)).toBe('a b');
    expect(stripEmojis(`Hello 😊${' \t'.repeat(MAX / 4)}, world 🎉 !`)).toBe('Hello, world!');
    expect(stripEmojis(`  line one  \n\t line two 👍  `)).toBe('line one\nline two');
  });

  it('firstSentence stops at the first end of sentence', () => {
    expect(firstSentence(`${'a'.repeat(MAX)}`, 200)).toBe(`${'a'.repeat(200)}.`);
    expect(firstSentence(`Open late. ${'.'.repeat(MAX)}`, 200)).toBe('Open late.');
  });
});

describe('asksToRemoveEmojis', () => {
  it('reads a removal word before "emoji" in the same sentence', () => {
    expect(asksToRemoveEmojis('remove the emojis')).toBe(true);
    expect(asksToRemoveEmojis('please, no emoji at all')).toBe(true);
    expect(asksToRemoveEmojis('shorter, without any emojis please')).toBe(true);
    expect(asksToRemoveEmojis('add emojis')).toBe(false);
    expect(asksToRemoveEmojis('no hashtags. add emojis')).toBe(false);
    expect(asksToRemoveEmojis('emojis, no')).toBe(false);
    expect(asksToRemoveEmojis('noemoji')).toBe(false);
    expect(asksToRemoveEmojis('know emojis')).toBe(false);
  });

  it('answers for the longest instruction full of removal words', () => {
    expect(asksToRemoveEmojis('no '.repeat(MAX / 3))).toBe(false);
    expect(asksToRemoveEmojis(`${'no '.repeat(MAX / 3)}emoji`)).toBe(true);
    expect(asksToRemoveEmojis(`${'no '.repeat(MAX / 3)}. emoji`)).toBe(false);
  });
});
