import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '@shared/domain/options';
import { writtenPostSchema } from '@shared/schemas/post';
import { fakeAiWriter, testProfile as profile, testStrategy as strategy, writerErrorOf as writerError } from '@testing/ai-fixtures';
import { useFakeOpenAI } from '@testing/use-fake-openai';
import { MAX_RETRY_AFTER_MS, retryDelay } from './call-model';
import { WriterError } from './errors';
import { isApiCallError } from './sdk';
import type { Writer, WriterOptions } from './writer';

const fake = useFakeOpenAI({ always: 'ok', delayMs: 0, tokensPerSecond: 0 });

const writer = (options: WriterOptions = {}): Writer => fakeAiWriter(fake().url, options);

describe('AI writer: single posts', () => {
  it('rewrites a post by instruction', async () => {
    const text = await writer().rewritePost({
      profile,
      content: 'Book your check-up today.',
      platform: 'twitter',
      instructions: 'Make it shorter',
      useEmojis: false,
    });
    expect(text).not.toBe('Book your check-up today.');
    expect(text).toContain('Book your check-up today.');
    const request = fake().requests[0]!;
    expect(request.task).toBe('rewrite');
    expect(request.body.response_format).toBeUndefined();
    expect(request.prompt).toContain('Make it shorter');
    expect(request.prompt).toContain('Bright Smile Dental');
  });

  it('fails a rewrite with invalid_reply when the answer stays empty', async () => {
    fake().script({ always: 'invalid-post' });
    const error = await writerError(writer().rewritePost({ profile, content: 'Hello.', platform: 'facebook', instructions: 'More formal' }));
    expect(error.reason).toBe('invalid_reply');
    expect(fake().requests).toHaveLength(2);
  });

  it('writes a single post for a day at noon UTC', async () => {
    const post = await writer().writeSinglePost({ profile, strategy, date: '2026-12-25', prompt: 'Our opening hours over Christmas' });
    expect(writtenPostSchema.safeParse(post).success).toBe(true);
    expect(post.date).toBe('2026-12-25T12:00:00Z');
    expect(PLATFORMS).toContain(post.platform);
    expect(['image', 'carousel']).toContain(post.type);
    expect(fake().requests[0]!.prompt).toContain('Our opening hours over Christmas');
    expect(fake().requests[0]!.prompt).toContain('Christmas Day');
  });

  it('keeps the platform and type asked for, without a strategy', async () => {
    const post = await writer().writeSinglePost({ profile, strategy: null, date: '2026-12-03T12:00:00Z', platform: 'linkedin', type: 'video', prompt: '' });
    expect(post).toMatchObject({ date: '2026-12-03T12:00:00Z', platform: 'linkedin', type: 'video' });
  });

  it('retries an invalid single post once, then fails with invalid_reply', async () => {
    fake().script({ always: 'invalid-post' });
    const error = await writerError(writer().writeSinglePost({ profile, strategy: null, date: '2026-12-03', prompt: 'x' }));
    expect(error.reason).toBe('invalid_reply');
    expect(fake().requests).toHaveLength(2);
    fake().script({ always: 'ok', next: ['invalid-post'] });
    const post = await writer().writeSinglePost({ profile, strategy: null, date: '2026-12-03', prompt: 'x' });
    expect(post.platform).toBe('facebook');
  });
});

describe('fake OpenAI server', () => {
  it('answers non-streaming requests with usage', async () => {
    const response = await fetch(`${fake().url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content: 'Hello' }] }),
    });
    const body = (await response.json()) as { choices: { message: { content: string } }[]; usage: { completion_tokens: number } };
    expect(body.choices[0]!.message.content).toBe('OK');
    expect(body.usage.completion_tokens).toBeGreaterThan(0);
  });
});

describe('retry delay', () => {
  const rateLimited = (headers: Record<string, string>) =>
    new WriterError('x', 'rate_limited', {
      cause: new APICallError({ message: 'x', url: 'u', requestBodyValues: {}, statusCode: 429, responseHeaders: headers, isRetryable: true }),
    });

  it('waits Retry-After, capped at 30 s, else backs off exponentially', () => {
    expect(retryDelay(rateLimited({ 'retry-after': '2' }), 0, 1000)).toBe(2000);
    expect(retryDelay(rateLimited({ 'retry-after': '120' }), 0, 1000)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryDelay(rateLimited({ 'retry-after-ms': '250' }), 0, 1000)).toBe(250);
    expect(retryDelay(rateLimited({}), 2, 1000)).toBe(4000);
  });
});

describe('the AI SDK, loaded on use', () => {
  it('tells its APICallError apart from other errors as the SDK does', () => {
    const error = new APICallError({ message: 'x', url: 'u', requestBodyValues: {}, statusCode: 500, isRetryable: true });
    for (const candidate of [error, new Error('x'), { message: 'x' }, null, 'x']) expect(isApiCallError(candidate)).toBe(APICallError.isInstance(candidate));
  });
});
