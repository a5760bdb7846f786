import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, previousMonth } from '@shared/domain/months';
import { postLength } from '@shared/domain/networks';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { RESTORABLE_FOR_MS } from '@shared/schemas/post-actions';
import { createFactories, noonOf } from '../testing/factories';
import { TINY_PNG } from '../testing/fixtures';
import { waitForJob } from '../testing/generation-helpers';
import { addPost, nextMonthTarget } from '../testing/month-posts';
import { onboardedClient, type TestClient } from '../testing/test-client';
import { createTestClock } from '../testing/test-clock';
import { startTestServer, type TestServer } from '../testing/test-server';

const clock = createTestClock(new Date(), { tickMs: 1 });
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, {}, { now: clock.now });
});
afterAll(async () => server.close());

/** A signed-in user whose current and next month exist (reading the workspace creates them). */
async function newClient() {
  const client = await onboardedClient(server.url);
  await client.get('/api/workspace');
  return client;
}

const fileOf = (userId: string, url: string) => path.join(server.dataDir, 'media', userId, url.split('/').pop()!);

/** A post with two earlier texts, a picture and a schedule: everything a restore must bring back. */
async function richPost(client: TestClient) {
  const post = await addPost(client, { content: 'First text', hashtags: ['#one'] });
  await client.patch(`/api/posts/${post.id}`, { version: 1, content: 'Second text' });
  await client.patch(`/api/posts/${post.id}`, { version: 2, content: 'Third text', hashtags: ['#three'] });
  expect((await client.upload(`/api/posts/${post.id}/media`, TINY_PNG, 'photo.png', 'image/png')).status).toBe(201);
  expect((await client.put(`/api/posts/${post.id}/schedule`, { platform: 'facebook', time: '08:30' })).status).toBe(200);
  const saved = (await client.get(`/api/posts/${post.id}`)).body;
  const versions = (await client.get(`/api/posts/${post.id}/versions`)).body;
  return { saved, versions };
}

describe('deleting a post', () => {
  it('deletes, then undo brings back the post, its versions, media and schedule exactly', async () => {
    const client = await newClient();
    const { saved, versions } = await richPost(client);
    expect(versions.total).toBe(2);
    const deleted = await client.request('DELETE', `/api/posts/${saved.id}`, { version: saved.version });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ postId: saved.id, monthId: saved.monthId });
    expect((await client.get(`/api/posts/${saved.id}`)).status).toBe(404);
    expect((await client.get(`/api/months/${saved.monthId}`)).body.posts.map((post: { id: string }) => post.id)).not.toContain(saved.id);
    // The file stays while the deletion can be undone, even through a purge.
    await server.services.media.purgeDeleted();
    expect(existsSync(fileOf(client.userId, saved.media[0].url))).toBe(true);

    const restored = await client.post(`/api/posts/${saved.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(saved);
    expect((await client.get(`/api/posts/${saved.id}/versions`)).body).toEqual(versions);
    expect((await client.get(`/api/months/${saved.monthId}`)).body.posts).toContainEqual(saved);
    const served = await fetch(`${server.url}${saved.media[0].url}`, { headers: { cookie: client.cookieHeader() } });
    expect(served.status).toBe(200);
    // A second Undo finds the post already back.
    const again = await client.post(`/api/posts/${saved.id}/restore`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
  });

  it('removes the media files once the time to undo has passed, and then cannot restore', async () => {
    const client = await newClient();
    const { saved } = await richPost(client);
    expect((await client.request('DELETE', `/api/posts/${saved.id}`, { version: saved.version })).status).toBe(200);
    clock.advance(RESTORABLE_FOR_MS + 1000);
    expect(await server.services.media.purgeDeleted()).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(client.userId, saved.media[0].url))).toBe(false);
    const late = await client.post(`/api/posts/${saved.id}/restore`, {});
    expect(late.status).toBe(404);
    expect(late.body.error.message).toMatch(/time to undo/);
  });

  it('keeps a file another post still shows when the deleted one is purged', async () => {
    const client = await newClient();
    const { saved } = await richPost(client);
    const { day } = nextMonthTarget();
    const copy = await client.post(`/api/posts/${saved.id}/copy`, { mode: 'duplicate', version: saved.version, date: day(9) });
    expect(copy.body.media).toEqual(saved.media);
    await client.request('DELETE', `/api/posts/${saved.id}`, { version: saved.version });
    clock.advance(RESTORABLE_FOR_MS + 1000);
    await server.services.media.purgeDeleted();
    expect(existsSync(fileOf(client.userId, saved.media[0].url))).toBe(true);
  });

  it('refuses a stale version with 409 and keeps the post', async () => {
    const client = await newClient();
    const post = await addPost(client, {});
    await client.patch(`/api/posts/${post.id}`, { version: 1, content: 'Changed elsewhere' });
    const stale = await client.request('DELETE', `/api/posts/${post.id}`, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale_version');
    expect((await client.get(`/api/posts/${post.id}`)).status).toBe(200);
  });

  it('refuses a delete in an archived month with 409, and other users with 404', async () => {
    const client = await newClient();
    await client.get('/api/workspace');
    const past = previousMonth(currentMonth(clock.now(), 'UTC'));
    const factories = createFactories(server.database.db);
    await factories.month(client.userId, past);
    const old = await factories.post(client.userId, past, { date: noonOf(past, 3) });
    const refused = await client.request('DELETE', `/api/posts/${old.id}`, { version: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('archived');
    expect((await client.get(`/api/posts/${old.id}`)).status).toBe(200);
    const mine = await addPost(client, {});
    const bob = await newClient();
    expect((await bob.request('DELETE', `/api/posts/${mine.id}`, { version: 1 })).status).toBe(404);
    await client.request('DELETE', `/api/posts/${mine.id}`, { version: 1 });
    expect((await bob.post(`/api/posts/${mine.id}/restore`, {})).status).toBe(404);
  });
});

describe('duplicating and adapting a post', () => {
  it('duplicates a post to another day as a new post with its own history', async () => {
    const client = await newClient();
    const { day } = nextMonthTarget();
    const original = await addPost(client, { content: 'Reuse me', hashtags: ['#reuse'], platform: 'instagram' });
    await client.patch(`/api/posts/${original.id}`, { version: 1, content: 'Reuse me, edited' });
    const copy = await client.post(`/api/posts/${original.id}/copy`, { mode: 'duplicate', version: 2, date: day(12) });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ content: 'Reuse me, edited', hashtags: ['#reuse'], platform: 'instagram', date: `${day(12)}T12:00:00Z`, version: 1 });
    expect(copy.body.id).not.toBe(original.id);
    expect((await client.get(`/api/posts/${copy.body.id}/versions`)).body.total).toBe(0);
    await client.patch(`/api/posts/${copy.body.id}`, { version: 1, content: 'Only the copy changes' });
    expect((await client.get(`/api/posts/${original.id}`)).body.content).toBe('Reuse me, edited');
    expect((await client.get(`/api/posts/${original.id}/versions`)).body.total).toBe(1);
  });

  it('adapts a post for LinkedIn with the built-in writer, saved as a new post on another day', async () => {
    const client = await newClient();
    const { day } = nextMonthTarget();
    const original = await addPost(client, { content: "Hey! We're open late on Thursdays. Come by for a quick check-up!", platform: 'twitter' });
    const adapted = await client.post(`/api/posts/${original.id}/copy`, { mode: 'adapt', version: 1, date: day(20), platform: 'linkedin' });
    expect(adapted.status).toBe(201);
    expect(adapted.body.platform).toBe('linkedin');
    expect(adapted.body.content).not.toBe("Hey! We're open late on Thursdays. Come by for a quick check-up!");
    expect(adapted.body.date).toBe(`${day(20)}T12:00:00Z`);
    expect((await client.get(`/api/posts/${adapted.body.id}/versions`)).body.total).toBe(0);
    expect((await client.get(`/api/posts/${original.id}`)).body).toMatchObject({ platform: 'twitter', version: 1 });
  });

  it('adapts a long LinkedIn post for Bluesky and for Mastodon within their limits, as each counts', async () => {
    const client = await newClient();
    const { day } = nextMonthTarget();
    const long = 'We have opened a second practice on the high street, with late hours on Thursdays and a Saturday clinic. 😀 '.repeat(12).trim();
    const original = await addPost(client, { content: long, platform: 'linkedin', hashtags: ['#dental', '#smile'] });
    for (const [platform, limit] of [
      ['bluesky', 300],
      ['mastodon', 500],
    ] as const) {
      const adapted = await client.post(`/api/posts/${original.id}/copy`, { mode: 'adapt', version: 1, date: day(21), platform });
      expect(adapted.status).toBe(201);
      expect(adapted.body.platform).toBe(platform);
      expect(postLength(platform, adapted.body.content, adapted.body.hashtags)).toBeLessThanOrEqual(limit);
    }
  });

  it('refuses a day outside the month and a stale version', async () => {
    const client = await newClient();
    const original = await addPost(client, {});
    const outside = await client.post(`/api/posts/${original.id}/copy`, { mode: 'duplicate', version: 1, date: '2001-01-01' });
    expect(outside.status).toBe(400);
    const { day } = nextMonthTarget();
    expect((await client.post(`/api/posts/${original.id}/copy`, { mode: 'adapt', version: 7, date: day(3), platform: 'facebook' })).status).toBe(409);
  });
});

describe('bulk actions', () => {
  it('schedules the selected posts at one time; a stale one answers 409 while the others go through', async () => {
    const client = await newClient();
    const { targetId } = nextMonthTarget();
    const [a, b, c] = [await addPost(client, { content: 'A' }), await addPost(client, { content: 'B' }), await addPost(client, { content: 'C' })];
    await client.patch(`/api/posts/${b!.id}`, { version: 1, content: 'B changed elsewhere' });
    const answer = await client.post(`/api/months/${targetId}/posts/bulk`, {
      action: 'schedule',
      time: '10:15',
      posts: [a, b, c].map((post) => ({ id: post!.id, version: 1 })),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result: { ok: boolean; status?: number }) => result.status ?? 200)).toEqual([200, 409, 200]);
    expect(answer.body.results[1].error.code).toBe('stale_version');
    expect((await client.get(`/api/posts/${a!.id}`)).body).toMatchObject({ status: 'scheduled', scheduledTime: '10:15', scheduledPlatform: 'facebook' });
    expect((await client.get(`/api/posts/${b!.id}`)).body.status).toBe('draft');
  });

  it('rewrites the selected posts with one instruction, each keeping its history', async () => {
    const client = await newClient();
    const { targetId } = nextMonthTarget();
    const posts = [
      await addPost(client, { content: 'We are open on Saturday mornings for check-ups.' }),
      await addPost(client, { content: 'Our team loves a bright smile.' }),
    ];
    const answer = await client.post(`/api/months/${targetId}/posts/bulk`, {
      action: 'rewrite',
      instructions: 'Make it more formal',
      posts: posts.map((post) => ({ id: post.id, version: 1 })),
    });
    expect(answer.body.results.every((result: { ok: boolean }) => result.ok)).toBe(true);
    for (const post of posts) {
      const versions = (await client.get(`/api/posts/${post.id}/versions`)).body;
      expect(versions.versions[0]).toMatchObject({ replacedBy: 'rewrite', instruction: 'Make it more formal' });
      expect((await client.get(`/api/posts/${post.id}`)).body.version).toBe(2);
    }
  });

  it('deletes the selected posts, each restorable; a post of another month or user is not found', async () => {
    const client = await newClient();
    const { targetId } = nextMonthTarget();
    const posts = [await addPost(client, { content: 'One' }), await addPost(client, { content: 'Two' })];
    const bob = await newClient();
    const bobs = await addPost(bob, {});
    const answer = await client.post(`/api/months/${targetId}/posts/bulk`, {
      action: 'delete',
      posts: [...posts, bobs].map((post) => ({ id: post.id, version: 1 })),
    });
    expect(answer.body.results.map((result: { status?: number }) => result.status ?? 200)).toEqual([200, 200, 404]);
    expect((await client.get(`/api/months/${targetId}`)).body.posts).toHaveLength(0);
    for (const post of posts) expect((await client.post(`/api/posts/${post.id}/restore`, {})).status).toBe(200);
    expect((await client.get(`/api/months/${targetId}`)).body.posts).toHaveLength(2);
    expect((await bob.get(`/api/posts/${bobs.id}`)).status).toBe(200);
  });
});

describe('planning a later month', () => {
  it('creates a month 12 ahead, lists it as upcoming and generates it; 13 ahead is refused', async () => {
    const client = await newClient();
    let ref = currentMonth(clock.now(), 'UTC');
    for (let step = 0; step < 12; step += 1) ref = nextMonth(ref);
    const planned = await client.post('/api/workspace/months', { id: monthId(ref) });
    expect(planned.status).toBe(201);
    expect(planned.body).toMatchObject({ id: monthId(ref), archived: false, postCount: 0 });
    const workspace = (await client.get('/api/workspace')).body;
    expect(workspace.upcoming.map((month: { id: string }) => month.id)).toEqual([monthId(ref)]);
    expect(workspace.active).toHaveLength(2);

    const tooFar = await client.post('/api/workspace/months', { id: monthId(nextMonth(ref)) });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error.message).toBe('You can plan up to 12 months ahead. Pick an earlier month.');
    const past = await client.post('/api/workspace/months', { id: monthId(previousMonth(currentMonth(clock.now(), 'UTC'))) });
    expect(past.status).toBe(400);

    const started = await client.post(`/api/months/${monthId(ref)}/generation`, { strategy: DEFAULT_STRATEGY, replaceExisting: true });
    expect(started.status).toBe(202);
    expect((await waitForJob(client, started.body.job.id)).status).toBe('succeeded');
    expect((await client.get(`/api/months/${monthId(ref)}`)).body.posts.length).toBeGreaterThan(0);
  });
});
