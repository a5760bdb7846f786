import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-error';
import { attachFailure, deleteFailure, fileName, inUseCount, inUseQuestion, sourceLabel, usedByLabel } from './library-words';

const file = (altText: string, type: 'image' | 'video' = 'image') => ({ altText, type, createdAt: '2026-11-27T12:00:00.000Z' });

describe('library words', () => {
  it('counts the posts a file is on', () => {
    expect(usedByLabel(0)).toBe('Not on any post');
    expect(usedByLabel(1)).toBe('Used on 1 post');
    expect(usedByLabel(4)).toBe('Used on 4 posts');
  });

  it('labels made images by their source and uploads not at all', () => {
    expect(sourceLabel({ source: 'template' })).toBe('Template');
    expect(sourceLabel({ source: 'ai' })).toBe('AI');
    expect(sourceLabel({ source: 'upload' })).toBeNull();
  });

  it('names a file by its description, cut at a word, or by its kind and day', () => {
    expect(fileName(file('  A red  bicycle '))).toBe('A red bicycle');
    const long = 'A smiling dentist hands a toothbrush to a child, in a bright clinic with plants by the window';
    const name = fileName(file(long));
    expect(name).toBe('A smiling dentist hands a toothbrush to a child, in a bright…');
    expect(name.length).toBeLessThanOrEqual(61);
    expect(fileName(file('x'.repeat(80)))).toBe(`${'x'.repeat(60)}…`);
    expect(fileName(file('', 'video'))).toBe('Video added Nov 27, 2026');
    expect(fileName(file(' ', 'image'))).toBe('Image added Nov 27, 2026');
  });

  it('asks before deleting a file posts still show, with their number from the 409', () => {
    expect(inUseQuestion(1)).toBe('This file is on 1 post. Delete it and remove it from that post?');
    expect(inUseQuestion(3)).toBe('This file is on 3 posts. Delete it and remove it from those posts?');
    expect(inUseCount(new ApiRequestError(409, 'media_in_use', 'In use', { details: { usedBy: 3 } }))).toBe(3);
    expect(inUseCount(new ApiRequestError(409, 'media_in_use', 'In use'))).toBe(1);
    expect(inUseCount(new ApiRequestError(409, 'archived', 'Archived'))).toBeNull();
    expect(inUseCount(new Error('boom'))).toBeNull();
  });

  it('puts failures in words by their code, never by the message', () => {
    expect(deleteFailure(new ApiRequestError(409, 'archived', 'x'))).toMatch(/archived months cannot be changed/);
    expect(attachFailure(new ApiRequestError(409, 'stale_version', 'x'))).toMatch(/changed in another tab or window/);
    expect(attachFailure(new ApiRequestError(409, 'archived', 'x'))).toBe('This post is in an archived month, which cannot be changed.');
    expect(attachFailure(new ApiRequestError(400, 'bad_request', 'A post can have at most 10 media files. Remove one to add another.'))).toBe(
      'A post can have at most 10 media files. Remove one to add another.',
    );
  });
});
