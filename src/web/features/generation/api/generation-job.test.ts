import { describe, expect, it } from 'vitest';
import type { GenerationJob, GenerationJobState, GenerationProgress } from '@shared/schemas/generation';
import type { WrittenPost } from '@shared/schemas/post';
import { parseProgressEvent, progressOfJob } from './generation-job';

const post = (content: string): WrittenPost => ({ date: '2030-05-04T12:00:00Z', platform: 'linkedin', content, type: 'text', mediaPrompt: '', hashtags: [] });

const state: GenerationJobState = {
  id: '6f1c2a8e-3b1d-4c5e-9f7a-0b2c3d4e5f60',
  monthId: '2030-5',
  status: 'running',
  planned: 12,
  written: 2,
  kept: 0,
  error: null,
  problems: [],
  shortened: [],
  unwritten: 0,
  writer: 'Built-in template writer (not AI)',
  makeImages: false,
  createdAt: '2030-04-30T10:00:00.000Z',
  finishedAt: null,
};

describe('a progress event', () => {
  it('reads the counts and the latest post', () => {
    const progress: GenerationProgress = { ...state, latest: post('The second post.'), draft: null };
    expect(parseProgressEvent(JSON.stringify(progress))).toEqual(progress);
  });

  it('reads a job that has written nothing yet, or has ended, with no latest post', () => {
    const ended = { ...state, status: 'succeeded', written: 12, finishedAt: '2030-04-30T10:01:00.000Z', latest: null, draft: null };
    expect(parseProgressEvent(JSON.stringify(ended))).toEqual(ended);
  });

  it('is not a job in full: an event without `latest` is refused, whatever posts it carries', () => {
    expect(parseProgressEvent(JSON.stringify({ ...state, posts: [post('One.'), post('Two.')] }))).toBeNull();
  });

  it('is refused when it is not JSON, or not text', () => {
    expect(parseProgressEvent('{not json')).toBeNull();
    expect(parseProgressEvent(undefined)).toBeNull();
  });
});

describe('a job read in full, as progress', () => {
  it('keeps its state and shows its last staged post as the latest, without the posts', () => {
    const job: GenerationJob = { ...state, posts: [post('One.'), post('Two.')] };
    const progress = progressOfJob(job);
    expect(progress).toEqual({ ...state, latest: post('Two.'), draft: null });
    expect(progress).not.toHaveProperty('posts');
  });

  it('has no latest post before the first is written', () => {
    expect(progressOfJob({ ...state, written: 0, posts: [] }).latest).toBeNull();
  });
});
