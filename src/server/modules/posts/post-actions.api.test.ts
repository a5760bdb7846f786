import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, previousMonth } from '@shared/domain/months';
import { postLength } from '@shared/domain/networks';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { RESTORABLE_FOR_MS } from '@shared/schemas/post-actions';
import { createFactories, noonOf } from '@testing/factories';
import { TINY_PNG } from '@testing/fixtures';
import { waitForJob } from '@testing/generation-helpers';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { onboardedClient, type TestClient, read, errorOf } from '@testing/test-client';
import { createTestClock } from '@testing/test-clock';
import { startTestServer, type TestServer } from '@testing/test-server';

const clock = createTestClock(new Date(), { tickMs: 1 });
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, {}, { now: clock.now });
});
afterAll(async () => server.close());

/** A signed-in user whose current and next month exist (reading the workspace creates them). */
async function newClient() {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  return client;
}

const fileOf = (userId: string, url: string) => path.join(server.dataDir, 'media', userId, url.split('/').pop()!);

/** A post with two earlier texts, a picture and a schedule: everything a restore must bring back. */
async function richPost(client: TestClient) {
  const post = await addPost(client, { content: 'First text', hashtags: ['#one'] });
  await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 1, content: 'Second text' } }));
  await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 2, content: 'Third text', hashtags: ['#three'] } }));
  expect((await client.uploadMedia(post.id, TINY_PNG, 'photo.png', 'image/png')).status).toBe(201);
  expect((await read(client.api.posts[':postId'].schedule.$put({ param: { postId: post.id }, json: { platform: 'facebook', time: '08:30' } }))).status).toBe(
    200,
  );
  const saved = (await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body;
  const versions = (await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }))).body;
  return { saved, versions };
}

describe('deleting a post', () => {
  it('deletes, then undo brings back the post, its versions, media and schedule exactly', async () => {
    const client = await newClient();
    const { saved, versions } = await richPost(client);
    expect(versions.total).toBe(2);
    const deleted = await read(client.api.posts[':postId'].$delete({ param: { postId: saved.id }, json: { version: saved.version } }));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ postId: saved.id, monthId: saved.monthId });
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: saved.id } }))).status).toBe(404);
    expect((await read(client.api.months[':id'].$get({ param: { id: saved.monthId } }))).body.posts.map((post: { id: string }) => post.id)).not.toContain(
      saved.id,
    );
    // The file stays while the deletion can be undone, even through a purge.
    await server.services.media.purgeDeleted();
    expect(existsSync(fileOf(client.userId, saved.media[0]!.url))).toBe(true);

    const restored = await read(client.api.posts[':postId'].restore.$post({ param: { postId: saved.id }, json: {} }));
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(saved);
    expect((await read(client.api.posts[':postId'].versions.$get({ param: { postId: saved.id }, query: {} }))).body).toEqual(versions);
    expect((await read(client.api.months[':id'].$get({ param: { id: saved.monthId } }))).body.posts).toContainEqual(saved);
    const served = await fetch(`${server.url}${saved.media[0]!.url}`, { headers: { cookie: client.cookieHeader() } });
    expect(served.status).toBe(200);
    // A second Undo finds the post already back.
    const again = await read(client.api.posts[':postId'].restore.$post({ param: { postId: saved.id }, json: {} }));
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('already_restored');
  });

  it('removes media files nothing else keeps once the time to undo has passed, and then cannot restore', async () => {
    const client = await newClient();
    const { saved } = await richPost(client);
    // Uploads stay in the media library; a file only the deleted post named (as before the library) goes.
    const fileId = saved.media[0]!.url.split('/').pop()!;
    await server.database.db.deleteFrom('media_files').where('userId', '=', client.userId).where('fileId', '=', fileId).execute();
    expect((await read(client.api.posts[':postId'].$delete({ param: { postId: saved.id }, json: { version: saved.version } }))).status).toBe(200);
    clock.advance(RESTORABLE_FOR_MS + 1000);
    expect(await server.services.media.purgeDeleted()).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(client.userId, saved.media[0]!.url))).toBe(false);
    const late = await read(client.api.posts[':postId'].restore.$post({ param: { postId: saved.id }, json: {} }));
    expect(late.status).toBe(404);
    expect(errorOf(late).message).toMatch(/time to undo/);
  });

  it('keeps a file another post still shows when the deleted one is purged', async () => {
    const client = await newClient();
    const { saved } = await richPost(client);
    const { day } = nextMonthTarget();
    const copy = await read(
      client.api.posts[':postId'].copy.$post({ param: { postId: saved.id }, json: { mode: 'duplicate', version: saved.version, date: day(9) } }),
    );
    expect(copy.body.media).toEqual(saved.media);
    await read(client.api.posts[':postId'].$delete({ param: { postId: saved.id }, json: { version: saved.version } }));
    clock.advance(RESTORABLE_FOR_MS + 1000);
    await server.services.media.purgeDeleted();
    expect(existsSync(fileOf(client.userId, saved.media[0]!.url))).toBe(true);
  });

  it('refuses a stale version with 409 and keeps the post', async () => {
    const client = await newClient();
    const post = await addPost(client, {});
    await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 1, content: 'Changed elsewhere' } }));
    const stale = await read(client.api.posts[':postId'].$delete({ param: { postId: post.id }, json: { version: 1 } }));
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('stale_version');
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).status).toBe(200);
  });

  it('refuses a delete in an archived month with 409, and other users with 404', async () => {
    const client = await newClient();
    await read(client.api.workspace.$get());
    const past = previousMonth(currentMonth(clock.now(), 'UTC'));
    const factories = createFactories(server.database.db);
    await factories.month(client.userId, past);
    const old = await factories.post(client.userId, past, { date: noonOf(past, 3) });
    const refused = await read(client.api.posts[':postId'].$delete({ param: { postId: old.id }, json: { version: 1 } }));
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('archived');
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: old.id } }))).status).toBe(200);
    const mine = await addPost(client, {});
    const bob = await newClient();
    expect((await read(bob.api.posts[':postId'].$delete({ param: { postId: mine.id }, json: { version: 1 } }))).status).toBe(404);
    await read(client.api.posts[':postId'].$delete({ param: { postId: mine.id }, json: { version: 1 } }));
    expect((await read(bob.api.posts[':postId'].restore.$post({ param: { postId: mine.id }, json: {} }))).status).toBe(404);
  });
});

describe('duplicating and adapting a post', () => {
  it('duplicates a post to another day as a new post with its own history', async () => {
    const client = await newClient();
    const { day } = nextMonthTarget();
    const original = await addPost(client, { content: 'Reuse me', hashtags: ['#reuse'], platform: 'instagram' });
    await read(client.api.posts[':postId'].$patch({ param: { postId: original.id }, json: { version: 1, content: 'Reuse me, edited' } }));
    const copy = await read(client.api.posts[':postId'].copy.$post({ param: { postId: original.id }, json: { mode: 'duplicate', version: 2, date: day(12) } }));
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ content: 'Reuse me, edited', hashtags: ['#reuse'], platform: 'instagram', date: `${day(12)}T12:00:00Z`, version: 1 });
    expect(copy.body.id).not.toBe(original.id);
    expect((await read(client.api.posts[':postId'].versions.$get({ param: { postId: copy.body.id }, query: {} }))).body.total).toBe(0);
    await read(client.api.posts[':postId'].$patch({ param: { postId: copy.body.id }, json: { version: 1, content: 'Only the copy changes' } }));
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: original.id } }))).body.content).toBe('Reuse me, edited');
    expect((await read(client.api.posts[':postId'].versions.$get({ param: { postId: original.id }, query: {} }))).body.total).toBe(1);
  });

  it('adapts a post for LinkedIn with the built-in writer, saved as a new post on another day', async () => {
    const client = await newClient();
    const { day } = nextMonthTarget();
    const original = await addPost(client, { content: "Hey! We're open late on Thursdays. Come by for a quick check-up!", platform: 'twitter' });
    const adapted = await read(
      client.api.posts[':postId'].copy.$post({ param: { postId: original.id }, json: { mode: 'adapt', version: 1, date: day(20), platform: 'linkedin' } }),
    );
    expect(adapted.status).toBe(201);
    expect(adapted.body.platform).toBe('linkedin');
    expect(adapted.body.content).not.toBe("Hey! We're open late on Thursdays. Come by for a quick check-up!");
    expect(adapted.body.date).toBe(`${day(20)}T12:00:00Z`);
    expect((await read(client.api.posts[':postId'].versions.$get({ param: { postId: adapted.body.id }, query: {} }))).body.total).toBe(0);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: original.id } }))).body).toMatchObject({ platform: 'twitter', version: 1 });
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
      const adapted = await read(
        client.api.posts[':postId'].copy.$post({ param: { postId: original.id }, json: { mode: 'adapt', version: 1, date: day(21), platform } }),
      );
      expect(adapted.status).toBe(201);
      expect(adapted.body.platform).toBe(platform);
      expect(postLength(platform, adapted.body.content, adapted.body.hashtags)).toBeLessThanOrEqual(limit);
    }
  });

  it('refuses a day outside the month and a stale version', async () => {
    const client = await newClient();
    const original = await addPost(client, {});
    const outside = await read(
      client.api.posts[':postId'].copy.$post({ param: { postId: original.id }, json: { mode: 'duplicate', version: 1, date: '2001-01-01' } }),
    );
    expect(outside.status).toBe(400);
    const { day } = nextMonthTarget();
    expect(
      (
        await read(
          client.api.posts[':postId'].copy.$post({ param: { postId: original.id }, json: { mode: 'adapt', version: 7, date: day(3), platform: 'facebook' } }),
        )
      ).status,
    ).toBe(409);
  });
});

describe('bulk actions', () => {
  type BulkBody = Parameters<TestClient['api']['months'][':id']['posts']['bulk']['$post']>[0]['json'];
  const bulk = (client: TestClient, monthId: string, json: BulkBody) => read(client.api.months[':id'].posts.bulk.$post({ param: { id: monthId }, json }));

  it('schedules the selected posts at one time; a stale one answers 409 while the others go through', async () => {
    const client = await newClient();
    const { targetId } = nextMonthTarget();
    const [a, b, c] = [await addPost(client, { content: 'A' }), await addPost(client, { content: 'B' }), await addPost(client, { content: 'C' })];
    await read(client.api.posts[':postId'].$patch({ param: { postId: b!.id }, json: { version: 1, content: 'B changed elsewhere' } }));
    const answer = await bulk(client, targetId, {
      action: 'schedule',
      time: '10:15',
      posts: [a, b, c].map((post) => ({ id: post!.id, version: 1 })),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result: { ok: boolean; status?: number }) => result.status ?? 200)).toEqual([200, 409, 200]);
    expect(answer.body.results[1]).toMatchObject({ ok: false, error: { code: 'stale_version' } });
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: a!.id } }))).body).toMatchObject({
      status: 'scheduled',
      scheduledTime: '10:15',
      scheduledPlatform: 'facebook',
    });
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: b!.id } }))).body.status).toBe('draft');
  });

  it('rewrites the selected posts with one instruction, each keeping its history', async () => {
    const client = await newClient();
    const { targetId } = nextMonthTarget();
    const posts = [
      await addPost(client, { content: 'We are open on Saturday mornings for check-ups.' }),
      await addPost(client, { content: 'Our team loves a bright smile.' }),
    ];
    const answer = await bulk(client, targetId, {
      action: 'rewrite',
      instructions: 'Make it more formal',
      posts: posts.map((post) => ({ id: post.id, version: 1 })),
    });
    expect(answer.body.results.every((result: { ok: boolean }) => result.ok)).toBe(true);
    for (const post of posts) {
      const versions = (await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }))).body;
      expect(versions.versions[0]).toMatchObject({ replacedBy: 'rewrite', instruction: 'Make it more formal' });
      expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.version).toBe(2);
    }
  });

  it('deletes the selected posts, each restorable; a post of another month or user is not found', async () => {
    const client = await newClient();
    const { targetId } = nextMonthTarget();
    const posts = [await addPost(client, { content: 'One' }), await addPost(client, { content: 'Two' })];
    const bob = await newClient();
    const bobs = await addPost(bob, {});
    const answer = await bulk(client, targetId, {
      action: 'delete',
      posts: [...posts, bobs].map((post) => ({ id: post.id, version: 1 })),
    });
    expect(answer.body.results.map((result) => (result.ok ? 200 : result.status))).toEqual([200, 200, 404]);
    expect((await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts).toHaveLength(0);
    for (const post of posts) expect((await read(client.api.posts[':postId'].restore.$post({ param: { postId: post.id }, json: {} }))).status).toBe(200);
    expect((await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts).toHaveLength(2);
    expect((await read(bob.api.posts[':postId'].$get({ param: { postId: bobs.id } }))).status).toBe(200);
  });
});

describe('planning a later month', () => {
  it('creates a month 12 ahead, lists it as upcoming and generates it; 13 ahead is refused', async () => {
    const client = await newClient();
    let ref = currentMonth(clock.now(), 'UTC');
    for (let step = 0; step < 12; step += 1) ref = nextMonth(ref);
    const planned = await read(client.api.workspace.months.$post({ json: { id: monthId(ref) } }));
    expect(planned.status).toBe(201);
    expect(planned.body).toMatchObject({ id: monthId(ref), archived: false, postCount: 0 });
    const workspace = (await read(client.api.workspace.$get())).body;
    expect(workspace.upcoming.map((month: { id: string }) => month.id)).toEqual([monthId(ref)]);
    expect(workspace.active).toHaveLength(2);

    const tooFar = await read(client.api.workspace.months.$post({ json: { id: monthId(nextMonth(ref)) } }));
    expect(tooFar.status).toBe(400);
    expect(errorOf(tooFar).message).toBe('You can plan up to 12 months ahead. Pick an earlier month.');
    const past = await read(client.api.workspace.months.$post({ json: { id: monthId(previousMonth(currentMonth(clock.now(), 'UTC'))) } }));
    expect(past.status).toBe(400);

    const started = await read(
      client.api.months[':id'].generation.$post({ param: { id: monthId(ref) }, json: { strategy: DEFAULT_STRATEGY, replaceExisting: true } }),
    );
    expect(started.status).toBe(202);
    expect((await waitForJob(client, started.body.job.id)).status).toBe('succeeded');
    expect((await read(client.api.months[':id'].$get({ param: { id: monthId(ref) } }))).body.posts.length).toBeGreaterThan(0);
  });
});
