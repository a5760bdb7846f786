import { describe, expect, it } from 'vitest';
import { PostStreamExtractor } from './post-stream';
import { readOpenPost, wholeWords } from './draft';

describe('the text so far of a post being written', () => {
  it('is read from the unfinished object, with the slot it names', () => {
    expect(readOpenPost('{"slot":3,"content":"Winter is her')).toEqual({ slot: 3, content: 'Winter is her' });
    expect(readOpenPost('{"slot": "2", "content": "Done."')).toEqual({ slot: 2, content: 'Done.' });
    expect(readOpenPost('{"content":"No number yet')).toEqual({ slot: undefined, content: 'No number yet' });
  });

  it('is nothing before the text starts', () => {
    expect(readOpenPost('{"slot":1,"cont')).toBeNull();
    expect(readOpenPost('{"slot":1,"content":')).toBeNull();
  });

  it('unescapes what arrived and leaves out an escape cut at the end', () => {
    expect(readOpenPost('{"content":"Line one\\nLine \\"two\\"')?.content).toBe('Line one\nLine "two"');
    expect(readOpenPost('{"content":"Cut here \\')?.content).toBe('Cut here ');
    expect(readOpenPost('{"content":"Snow \\u26')?.content).toBe('Snow ');
    expect(readOpenPost('{"content":"Snow \\u2603 day')?.content).toBe('Snow ☃ day');
  });

  it('is the open post of a streamed reply, never one already complete', () => {
    const extractor = new PostStreamExtractor();
    extractor.push('{"posts":[{"slot":1,"content":"First post.","hashtags":[]},{"slot":2,"content":"Sec');
    expect(readOpenPost(extractor.openPost()!)).toEqual({ slot: 2, content: 'Sec' });
    extractor.push('ond."}]}');
    expect(extractor.openPost()).toBeNull();
  });
});

describe('the whole words of a text being written', () => {
  it('leaves out the word still being written', () => {
    expect(wholeWords('Winter is her')).toBe('Winter is');
    expect(wholeWords('Winter is ')).toBe('Winter is');
    expect(wholeWords('Wint')).toBe('');
    expect(wholeWords('Line one\nLine')).toBe('Line one');
  });
});
