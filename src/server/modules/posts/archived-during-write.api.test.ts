import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVED_MESSAGE } from '../months/access';
import { ARCHIVED_REWRITE_MESSAGE } from './post-service';
import type { FakeOpenAI } from '@testing/fake-openai-server';
import { startServerWithFakeModel, stopServerWithFakeModel } from '@testing/fake-model-server';
import { TINY_PNG } from '@testing/fixtures';
import { createTestClock } from '@testing/test-clock';
import { onboardedClient, type TestClient, read, errorOf } from '@testing/test-client';
import type { TestServer } from '@testing/test-server';

/**
 * A write that starts on the last day of a month and saves after local midnight must be refused:
 * the month is checked again inside the transaction that saves, not only before the slow part.
 */
const LAST_HOUR = '2031-01-31T23:00:00.000Z';
const MIDNIGHT = '2031-02-01T00:00:00.000Z';
const MONTH_ID = '2031-1';

const clock = createTestClock(LAST_HOUR);
let ai: FakeOpenAI;
let server: TestServer;
beforeAll(async () => {
  ({ ai, server } = await startServerWithFakeModel({ timeoutMs: 10_000, maxRetries: 0 }, { now: clock.now }));
});
afterAll(() => stopServerWithFakeModel({ ai, server }));

/** A user (time zone UTC) with one post on the month's last day, one hour before midnight. */
async function userWithPost(): Promise<{ client: TestClient & { userId: string }; post: { id: string; content: string } }> {
  clock.set(LAST_HOUR);
  const client = await onboardedClient(server.url);
  expect((await read(client.api.workspace.$get())).body.currentMonthId).toBe(MONTH_ID);
  const created = await read(
    client.api.months[':id'].posts.$post({
      param: { id: MONTH_ID },
      json: {
        mode: 'manual',
        date: '2031-01-31',
        platform: 'facebook',
        type: 'text',
        content: 'Last day of the month.',
      },
    }),
  );
  expect(created.status).toBe(201);
  return { client, post: created.body };
}

/** Midnight passes while the model is writing: the first clock read after the request reached it. */
function midnightWhileTheModelWrites() {
  const seen = ai.requests.length;
  clock.setWhen(() => ai.requests.length > seen, MIDNIGHT);
}

describe('a month that ends while a write is under way', () => {
  it('refuses a rewrite whose model answers after midnight, and keeps the post', async () => {
    const { client, post } = await userWithPost();
    midnightWhileTheModelWrites();
    const rewrite = await read(
      client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'Make it shorter' } }),
    );
    expect(ai.requests.at(-1)!.task).toBe('rewrite');
    expect(clock.now().toISOString()).toBe(MIDNIGHT);
    expect(rewrite.status).toBe(409);
    expect(errorOf(rewrite)).toEqual({ code: 'archived', message: ARCHIVED_REWRITE_MESSAGE });
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body).toMatchObject({ content: post.content, version: 1 });
    expect((await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }))).body.versions).toEqual([]);
  });

  it('refuses a single post whose model answers after midnight, and adds nothing', async () => {
    const { client, post } = await userWithPost();
    midnightWhileTheModelWrites();
    const created = await read(
      client.api.months[':id'].posts.$post({ param: { id: MONTH_ID }, json: { mode: 'generate', date: '2031-01-31', prompt: 'New year sale' } }),
    );
    expect(ai.requests.at(-1)!.task).toBe('single');
    expect(created.status).toBe(409);
    expect(errorOf(created)).toEqual({ code: 'archived', message: ARCHIVED_MESSAGE });
    expect((await read(client.api.months[':id'].$get({ param: { id: MONTH_ID } }))).body.posts.map((p: { id: string }) => p.id)).toEqual([post.id]);
  });

  it('refuses an upload saved after midnight, and leaves no file behind', async () => {
    const { client, post } = await userWithPost();
    const folder = path.join(server.dataDir, 'media', client.userId);
    const stored = () => {
      try {
        return readdirSync(folder).filter((name) => !name.endsWith('.part'));
      } catch {
        return [];
      }
    };
    // Midnight passes once the file is on disk, before the post refers to it.
    clock.setWhen(() => stored().length > 0, MIDNIGHT);
    const upload = await client.uploadMedia(post.id, TINY_PNG, 'logo.png', 'image/png');
    expect(upload.status).toBe(409);
    expect(errorOf(upload).code).toBe('archived');
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.media).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('still answers a rewrite after an edit in another tab with 409 stale_version, keeping the edit', async () => {
    const { client, post } = await userWithPost();
    const seen = ai.requests.length;
    ai.script({ hold: true });
    const rewrite = read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'Make it shorter' } }));
    while (ai.requests.length === seen) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      (await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 1, content: 'Edited in another tab.' } }))).status,
    ).toBe(200);
    ai.script({ hold: false });
    const answer = await rewrite;
    expect(answer.status).toBe(409);
    expect(errorOf(answer).code).toBe('stale_version');
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body).toMatchObject({
      content: 'Edited in another tab.',
      version: 2,
    });
  });
});

describe('a month already archived when a write arrives', () => {
  it('refuses a rewrite and an AI-written post before the model is asked (the early check)', async () => {
    const { client, post } = await userWithPost();
    clock.set(MIDNIGHT);
    const seen = ai.requests.length;
    const rewrite = await read(
      client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'Make it shorter' } }),
    );
    expect(rewrite.status).toBe(409);
    expect(errorOf(rewrite)).toEqual({ code: 'archived', message: ARCHIVED_REWRITE_MESSAGE });
    const created = await read(
      client.api.months[':id'].posts.$post({ param: { id: MONTH_ID }, json: { mode: 'generate', date: '2031-01-31', prompt: 'New year sale' } }),
    );
    expect(created.status).toBe(409);
    expect(errorOf(created)).toEqual({ code: 'archived', message: ARCHIVED_MESSAGE });
    expect(ai.requests.length).toBe(seen);
    expect((await read(client.api.months[':id'].$get({ param: { id: MONTH_ID } }))).body.posts).toMatchObject([
      { id: post.id, content: post.content, version: 1 },
    ]);
  });
});
