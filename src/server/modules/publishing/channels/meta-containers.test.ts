import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND } from '../outbound';
import { contentFingerprint, ordinal, publicUrlRefusal } from './fetched-media';
import { progressOf } from './meta-containers';

describe('progressOf', () => {
  it('reads what an attempt kept, starts afresh with nothing kept, and tells an unreadable record apart', () => {
    expect(progressOf(null, 'fp')).toEqual({ items: [], container: null, content: 'fp' });
    const kept = { items: ['1790000000000001', '1790000000000002'], container: '1790000000000003', content: 'old' };
    expect(progressOf(JSON.stringify(kept), 'new')).toEqual(kept);
    expect(progressOf('{"container":', 'fp')).toBeUndefined();
    expect(progressOf('{"container":"1"}', 'fp')).toBeUndefined();
  });
});

describe('contentFingerprint', () => {
  it('changes with the text and with the files, not with anything else', () => {
    const base = { text: 'Smile', uploads: [{ type: 'image' as const, name: 'a.png' }] };
    expect(contentFingerprint(base)).toBe(contentFingerprint({ ...base, uploads: [{ type: 'image', name: 'a.png' }] }));
    expect(contentFingerprint({ ...base, text: 'Smile!' })).not.toBe(contentFingerprint(base));
    expect(contentFingerprint({ ...base, uploads: [{ type: 'image', name: 'b.png' }] })).not.toBe(contentFingerprint(base));
  });
});

describe('publicUrlRefusal', () => {
  const refusal = (publicUrl: string, allowPrivate = false) => publicUrlRefusal({ publicUrl, policy: { ...DEFAULT_OUTBOUND, allowPrivate } }, 'Instagram');

  it('takes a public https address, and anything when private addresses are allowed', async () => {
    expect(await refusal('https://8.8.8.8')).toBeUndefined();
    expect(await refusal('http://127.0.0.1:3000', true)).toBeUndefined();
  });

  it('says why another address cannot be fetched from, and what to set', async () => {
    expect(await refusal('http://8.8.8.8')).toBe(
      "Instagram fetches the post's images and videos from this server, but its address (http://8.8.8.8) does not start with https://. Ask the server’s administrator to set PUBLIC_URL to its public https address (or PUBLISH_ALLOW_PRIVATE_URLS=true where the network can reach a private one).",
    );
    expect(await refusal('https://192.168.1.20')).toContain('is private, out of the internet’s reach');
    expect(await refusal('https://[::1]:8443')).toContain('is private');
    expect(await refusal('https://localhost')).toContain('is a name only this network knows');
    expect(await refusal('https://planner.local')).toContain('is a name only this network knows');
  });
});

describe('ordinal', () => {
  it('names a file by its place', () => {
    expect([0, 1, 2, 3, 10, 11, 12, 20, 21].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
  });
});
