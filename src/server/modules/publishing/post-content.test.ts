import { describe, expect, it } from 'vitest';
import type { Post } from '@shared/schemas/post';
import type { MediaFile } from '../media/media-service';
import { createByteBudget } from './media-files';
import { postContent } from './post-content';

const post: Post = {
  id: 'post-1',
  monthId: '2031-6',
  date: '2031-06-10T12:00:00Z',
  platform: 'instagram',
  type: 'carousel',
  content: 'Three new smiles this week.',
  hashtags: ['#dental', '#smile'],
  mediaPrompt: '',
  media: [
    { type: 'image', url: '/api/media/b.jpg' },
    { type: 'image', url: 'https://example.com/elsewhere.jpg' },
    { type: 'video', url: '/api/media/a.mp4' },
  ],
  status: 'draft',
  scheduledPlatform: null,
  scheduledTime: null,
  event: null,
  approval: 'waiting',
  evergreen: false,
  evergreenOf: null,
  version: 1,
  createdAt: '2031-06-01T00:00:00Z',
  updatedAt: '2031-06-01T00:00:00Z',
};

/** Files of one user in memory, as the media service's `locate` finds them; every lookup is recorded. */
function memoryMedia(files: Record<string, { mime: string; bytes: Uint8Array; alt?: string }>) {
  const lookups: string[] = [];
  const locate = (userId: string, name: string): Promise<MediaFile> => {
    lookups.push(`${userId}/${name}`);
    const file = files[name];
    if (!file) return Promise.reject(new Error(`no file ${name}`));
    return Promise.resolve({
      mime: file.mime,
      size: file.bytes.length,
      alt: file.alt ?? '',
      read: (start, end) => Promise.resolve(new Blob([file.bytes.slice(start, end + 1)]).stream()),
    });
  };
  return { locate, lookups };
}

describe('a post as a channel checks it and sends it', () => {
  it('is its text as published, its uploads in order (links elsewhere left out), and their files read from its owner’s store', async () => {
    const media = memoryMedia({
      'b.jpg': { mime: 'image/jpeg', bytes: new Uint8Array([1, 2, 3]), alt: 'Three patients smiling' },
      'a.mp4': { mime: 'video/mp4', bytes: new Uint8Array([9]) },
    });
    const content = postContent('user-1', post, media.locate, createByteBudget(1024));

    expect(content.text).toBe('Three new smiles this week.\n\n#dental #smile');
    expect(content.uploads).toEqual([
      { type: 'image', name: 'b.jpg' },
      { type: 'video', name: 'a.mp4' },
    ]);
    // Nothing is read from the store until a channel asks for the files.
    expect(media.lookups).toEqual([]);

    const files = await content.files();
    expect(files.map(({ name, mime, size, alt }) => ({ name, mime, size, alt }))).toEqual([
      { name: 'b.jpg', mime: 'image/jpeg', size: 3, alt: 'Three patients smiling' },
      { name: 'a.mp4', mime: 'video/mp4', size: 1, alt: '' },
    ]);
    expect(media.lookups).toEqual(['user-1/b.jpg', 'user-1/a.mp4']);
    expect(await files[0]!.withBytes((bytes) => Promise.resolve([...bytes]))).toEqual([1, 2, 3]);
  });

  it('is the text alone for a post without hashtags or uploads', async () => {
    const media = memoryMedia({});
    const content = postContent('user-1', { ...post, hashtags: [], media: [] }, media.locate, createByteBudget(1024));
    expect([content.text, content.uploads, await content.files()]).toEqual(['Three new smiles this week.', [], []]);
  });
});
