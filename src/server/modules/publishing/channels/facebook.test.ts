import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND } from '../outbound';
import { facebookChannel, firstLink } from './facebook';

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

describe('the Facebook channel’s check at scheduling', () => {
  const channelAt = (publicUrl: string, allowPrivate: boolean) => facebookChannel({ policy: { ...DEFAULT_OUTBOUND, allowPrivate }, providers: {}, publicUrl });
  const credentials = { pageId: '102000000000001', pageToken: 'page-token' };
  const content = (uploads: { type: 'image' | 'video'; name: string }[]) => ({
    post: {} as never,
    text: 'Open late on Thursdays.',
    uploads,
    files: () => Promise.resolve([]),
  });

  it('refuses a photo or video post when Facebook could not fetch it from this server’s address', async () => {
    for (const publicUrl of ['http://planner.example.com', 'https://127.0.0.1:8080', 'https://planner.internal'])
      expect(await channelAt(publicUrl, false).check!(credentials, content([{ type: 'image', name: 'a.jpg' }]), () => new Date())).toMatch(
        /^Facebook fetches the post's images and videos from this server, but its address .* Ask the server’s administrator to set PUBLIC_URL/,
      );
  });

  it('takes a text post whatever the address, and any post where private addresses are allowed', async () => {
    expect(await channelAt('http://127.0.0.1:8080', false).check!(credentials, content([]), () => new Date())).toBeUndefined();
    expect(await channelAt('http://127.0.0.1:8080', true).check!(credentials, content([{ type: 'video', name: 'v.mp4' }]), () => new Date())).toBeUndefined();
  });
});
