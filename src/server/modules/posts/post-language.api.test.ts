import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { readRewritePrompt } from '../../ai/rewrite-post/prompt';
import type { FakeOpenAI } from '@testing/fake-openai-server';
import { startServerWithFakeModel, stopServerWithFakeModel } from '@testing/fake-model-server';
import { waitForJob } from '@testing/generation-helpers';
import { createTestClock } from '@testing/test-clock';
import { onboardedClient, read, errorOf } from '@testing/test-client';
import type { TestServer } from '@testing/test-server';

/** The profile's 'Post language': stored, validated, and given to the model for posts, rewrites and single posts. */
const clock = createTestClock('2031-01-15T12:00:00.000Z');
let ai: FakeOpenAI;
let server: TestServer;
beforeAll(async () => {
  ({ ai, server } = await startServerWithFakeModel({ maxRetries: 0 }, { now: clock.now }));
});
afterAll(() => stopServerWithFakeModel({ ai, server }));

describe('post language', () => {
  it('is English by default, stored when chosen, kept when a save leaves it out, and refused when not in the list', async () => {
    const client = await onboardedClient(server.url);
    expect((await read(client.api.me.$get())).body.profile.postLanguage).toBe('English');
    const profile = (await read(client.api.me.$get())).body.profile;
    const { completedOnboarding: _done, updatedAt: _at, timeZone: _zone, ...input } = profile;
    expect((await read(client.api.profile.$patch({ json: { ...input, postLanguage: 'German' } }))).status).toBe(200);
    expect((await read(client.api.me.$get())).body.profile.postLanguage).toBe('German');
    const { postLanguage: _language, ...withoutLanguage } = input;
    expect((await read(client.api.profile.$patch({ json: { ...withoutLanguage, companyName: 'Neuer Name' } }))).status).toBe(200);
    expect((await read(client.api.me.$get())).body.profile).toMatchObject({ postLanguage: 'German', companyName: 'Neuer Name' });
    const refused = await client.patch('/api/profile', { ...input, postLanguage: 'Klingon' });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).fields).toEqual({ postLanguage: 'Choose a post language from the list.' });
  });

  it('asks the model for posts, rewrites and single posts in that language', async () => {
    const client = await onboardedClient(server.url);
    const profile = (await read(client.api.me.$get())).body.profile;
    const { completedOnboarding: _done, updatedAt: _at, timeZone: _zone, ...input } = profile;
    await read(client.api.profile.$patch({ json: { ...input, postLanguage: 'Japanese' } }));
    await read(client.api.workspace.$get());
    ai.requests.length = 0;
    const started = await read(
      client.api.months[':id'].generation.$post({ param: { id: '2031-1' }, json: { strategy: { ...DEFAULT_STRATEGY, postFrequency: 1 } } }),
    );
    const job = await waitForJob(client, started.body.job.id);
    expect(job.status).toBe('succeeded');
    const post = (await read(client.api.months[':id'].$get({ param: { id: '2031-1' } }))).body.posts[0]!;
    await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: post.version, instructions: 'Make it shorter' } }));
    expect(
      (await read(client.api.months[':id'].posts.$post({ param: { id: '2031-1' }, json: { mode: 'generate', date: '2031-01-20', prompt: 'Opening hours' } })))
        .status,
    ).toBe(201);
    const rule = 'write the post text in Japanese, and hashtags that fit Japanese';
    const tasks = ai.requests.map((request) => [request.task, request.prompt.includes(rule)]);
    expect(tasks).toContainEqual(['month', true]);
    expect(tasks).toContainEqual(['rewrite', true]);
    expect(tasks).toContainEqual(['single', true]);
    expect(ai.requests.every((request) => request.task === 'other' || request.prompt.includes(rule))).toBe(true);
    expect(readRewritePrompt(ai.requests.find((request) => request.task === 'rewrite')!.prompt)).not.toBeNull();
  });
});
