import { describe, expect, it } from 'vitest';
import type { ImageJob } from '@shared/schemas/images';
import {
  batchActive,
  batchFailures,
  batchPercent,
  batchProgressWords,
  failedJobProblem,
  imageProblem,
  isActive,
  jobStatusWords,
  remainingWords,
  suggestedTemplate,
  takesMadeImage,
} from './image-words';

const job = (overrides: Partial<ImageJob>): ImageJob => ({
  id: 'job-1',
  postId: 'post-1',
  mode: 'template',
  template: 'tip',
  status: 'queued',
  files: [],
  error: null,
  createdAt: '2026-12-01T10:00:00Z',
  finishedAt: null,
  ...overrides,
});

describe('which posts make images', () => {
  it('offers an image to image, carousel and video posts, never to text posts', () => {
    expect(takesMadeImage('image')).toBe(true);
    expect(takesMadeImage('carousel')).toBe(true);
    expect(takesMadeImage('video')).toBe(true);
    expect(takesMadeImage('text')).toBe(false);
  });

  it('suggests numbered slides for a carousel and a tip card otherwise', () => {
    expect(suggestedTemplate('carousel')).toBe('carousel');
    expect(suggestedTemplate('image')).toBe('tip');
  });
});

describe('an image job in words', () => {
  it('follows a job only while it is queued or running', () => {
    expect(isActive(job({ status: 'queued' }))).toBe(true);
    expect(isActive(job({ status: 'running' }))).toBe(true);
    expect(isActive(job({ status: 'succeeded' }))).toBe(false);
    expect(isActive(job({ status: 'failed' }))).toBe(false);
  });

  it('says what is happening, naming the image model for a generated image', () => {
    expect(jobStatusWords(job({ status: 'queued' }))).toBe('Making the image: waiting for its turn...');
    expect(jobStatusWords(job({ status: 'running' }))).toBe('Making the image from the template...');
    expect(jobStatusWords(job({ status: 'running', mode: 'ai', template: null }))).toBe('Generating the image: the image model is drawing it...');
    expect(jobStatusWords(job({ status: 'succeeded' }))).toBe('The image is ready.');
  });

  it('tells a failed job’s reason in the server’s words, a next step when it gave none, and offers a template after a failed generation', () => {
    expect(failedJobProblem(job({ status: 'failed', error: 'Making the image took too long: try again, or shorten its text.' }))).toEqual({
      title: 'The image could not be made',
      message: 'Making the image took too long: try again, or shorten its text.',
    });
    expect(failedJobProblem(job({ status: 'failed', error: null }))).toMatchObject({ message: 'Something went wrong. Try again, or choose another template.' });
    expect(failedJobProblem(job({ status: 'failed', mode: 'ai', template: null, error: null }))).toMatchObject({
      message: 'Something went wrong. Try again, or choose a template instead.',
      next: 'template',
    });
  });
});

describe('refusals in words, by code', () => {
  it('says what to do next for each limit and conflict', () => {
    expect(imageProblem('image_limit_reached', 'x').message).toContain('after midnight UTC');
    expect(imageProblem('ai_limit_reached', 'x')).toMatchObject({ next: 'template' });
    expect(imageProblem('ai_limit_reached', 'x').message).toContain('Choose a template');
    expect(imageProblem('image_model_unavailable', 'x')).toMatchObject({ title: 'No image model', next: 'template' });
    expect(imageProblem('stale_version', 'x')).toMatchObject({ next: 'reload' });
    expect(imageProblem('archived', 'x').message).toContain('read-only');
  });

  it('falls back to the server’s message for other codes, never leaving the user without words', () => {
    expect(imageProblem('internal', 'The server broke.')).toEqual({ title: 'Could not make the image', message: 'The server broke.' });
    expect(imageProblem(undefined, '')).toEqual({ title: 'Could not make the image', message: 'Something went wrong. Please try again.' });
  });
});

describe('a month’s image batch', () => {
  const posts = [
    { id: 'post-1', platform: 'instagram' as const, date: '2026-12-08T12:00:00.000Z' },
    { id: 'post-2', platform: 'linkedin' as const, date: '2026-12-10T12:00:00.000Z' },
  ];

  it('counts progress while making, then the outcome with failures', () => {
    expect(batchProgressWords({ planned: 8, made: 3, failed: 0 }, true)).toBe('Making images: 3 of 8');
    expect(batchProgressWords({ planned: 8, made: 8, failed: 0 }, false)).toBe('Images made: 8 of 8');
    expect(batchProgressWords({ planned: 8, made: 6, failed: 2 }, false)).toBe('Images made: 6 of 8, 2 failed');
    expect(batchProgressWords({ planned: 0, made: 0, failed: 0 }, false)).toBeNull();
  });

  it('fills the bar with made and failed images, and a batch of none is done', () => {
    expect(batchPercent({ planned: 8, made: 3, failed: 1 })).toBe(50);
    expect(batchPercent({ planned: 3, made: 1, failed: 0 })).toBe(33);
    expect(batchPercent({ planned: 0, made: 0, failed: 0 })).toBe(100);
  });

  it('is active while any job is queued or running', () => {
    expect(batchActive({ jobs: [job({ status: 'succeeded' }), job({ status: 'running' })] })).toBe(true);
    expect(batchActive({ jobs: [job({ status: 'succeeded' }), job({ status: 'failed' })] })).toBe(false);
    expect(batchActive({ jobs: [] })).toBe(false);
  });

  it('lists each failure by its post’s network and day, and a deleted post’s by its reason alone', () => {
    const batch = {
      jobs: [
        job({ id: 'a', postId: 'post-1', status: 'failed', error: 'The template could not fit the text.' }),
        job({ id: 'b', postId: 'post-2', status: 'succeeded' }),
        job({ id: 'c', postId: 'gone', status: 'failed', error: null }),
      ],
    };
    expect(batchFailures(batch, posts)).toEqual([
      { id: 'a', postId: 'post-1', text: 'Instagram post on Tue, Dec 8: The template could not fit the text.' },
      { id: 'c', postId: null, text: 'A post no longer in the month: it could not be made' },
    ]);
  });
});

describe('the daily allowance', () => {
  it('says how many images are left today, and when more come', () => {
    expect(remainingWords({ perDay: 50, madeToday: 38 })).toBe('You can make 12 more images today.');
    expect(remainingWords({ perDay: 50, madeToday: 49 })).toBe('You can make 1 more image today.');
    expect(remainingWords({ perDay: 50, madeToday: 50 })).toBe('You have made all the images allowed for today. More after midnight UTC.');
  });
});
