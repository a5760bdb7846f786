import { describe, expect, it } from 'vitest';
import { firstLink } from './facebook';

describe('firstLink', () => {
  it('takes the first https link of the text, without the punctuation that closes its sentence', () => {
    expect(firstLink('Read the guide (https://brightsmile.example/guide?a=1). Or https://other.example')).toBe('https://brightsmile.example/guide?a=1');
    expect(firstLink('New hours: https://brightsmile.example/hours\n\n#dental')).toBe('https://brightsmile.example/hours');
  });

  it('finds none in plain text, an http link, or a bare scheme', () => {
    expect(firstLink('Open late on Thursdays.')).toBeUndefined();
    expect(firstLink('See http://brightsmile.example')).toBeUndefined();
    expect(firstLink('https:// is how links start.')).toBeUndefined();
  });
});
