import { describe, expect, it } from 'vitest';
import { pickEncoding } from './web-app';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
  });

  it('honours q=0 and the wildcard', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
  });
});
