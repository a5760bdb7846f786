import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, previousMonth } from '@shared/domain/months';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { onboardedClient, type TestClient, read, errorOf } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { addPost, type ManualPost } from '@testing/month-posts';
import { TINY_PNG } from '@testing/fixtures';
import { postLength } from '@shared/domain/networks';
import { createFactories } from '@testing/factories';

const target = nextMonth(currentMonth(new Date(), 'UTC'));
const targetId = monthId(target);
const day = (n: number) => `${target.year}-${String(target.month).padStart(2, '0')}-${String(n).padStart(2, '0')}`;

async function manualPost(client: TestClient, overrides: Partial<ManualPost> = {}) {
  await read(client.api.workspace.$get());
  return addPost(client, { date: day(10), platform: 'linkedin', content: 'Our new clinic opens on Monday.', hashtags: ['#opening', 'smile'], ...overrides });
}

describe('posts (offline writer)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('adds a post by hand and reads it back in the month, hashtags normalised', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    expect(post).toMatchObject({
      date: `${day(10)}T12:00:00Z`,
      platform: 'linkedin',
      hashtags: ['#opening', '#smile'],
      version: 1,
      status: 'draft',
      media: [],
    });
    const month = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body;
    expect(month.posts.map((p: { id: string }) => p.id)).toEqual([post.id]);
  });

  it('generates a single post with the user’s profile on the chosen day', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const created = await read(
      client.api.months[':id'].posts.$post({ param: { id: targetId }, json: { mode: 'generate', date: day(12), prompt: 'free check-ups for kids' } }),
    );
    expect(created.status).toBe(201);
    expect(created.body.date).toBe(`${day(12)}T12:00:00Z`);
    expect(created.body.content.length).toBeGreaterThan(20);
    expect(created.body.content.toLowerCase()).toContain('check-ups for kids');
  });

  it('refuses a day outside the month', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const outside = await read(
      client.api.months[':id'].posts.$post({
        param: { id: targetId },
        json: { mode: 'manual', date: '1999-01-01', platform: 'twitter', type: 'text', content: 'x' },
      }),
    );
    expect(outside.status).toBe(400);
  });

  it('edits text and hashtags, keeps the previous text as a version, and restores it', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    const edited = await read(
      client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 1, content: 'We open on Tuesday instead.', hashtags: ['#news'] } }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: 'We open on Tuesday instead.', hashtags: ['#news'], version: 2 });
    const versions = (await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }))).body.versions;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ content: 'Our new clinic opens on Monday.', hashtags: ['#opening', '#smile'], replacedBy: 'edit', instruction: null });
    const restored = await read(
      client.api.posts[':postId'].versions[':versionId'].restore.$post({ param: { postId: post.id, versionId: versions[0]!.id }, json: { version: 2 } }),
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ content: 'Our new clinic opens on Monday.', hashtags: ['#opening', '#smile'], version: 3 });
    // The text replaced by the restore is kept too: nothing is lost.
    const after = (await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }))).body.versions;
    expect(after.map((v: { content: string; replacedBy: string }) => [v.replacedBy, v.content])).toEqual([
      ['restore', 'We open on Tuesday instead.'],
      ['edit', 'Our new clinic opens on Monday.'],
    ]);
  });

  it('moves a post to another day of the month, not outside it', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    const moved = await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 1, date: `${day(20)}T12:00:00Z` } }));
    expect(moved.body.date).toBe(`${day(20)}T12:00:00Z`);
    expect((await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }))).body.versions).toEqual([]);
    const outside = await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 2, date: '1999-01-01T12:00:00Z' } }));
    expect(outside.status).toBe(400);
  });

  it('answers a stale write with 409 and keeps the newer text', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    expect((await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 1, content: 'Tab one' } }))).status).toBe(200);
    const stale = await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 1, content: 'Tab two' } }));
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('stale_version');
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.content).toBe('Tab one');
  });

  it('rewrites by instruction with the offline writer, saving it and keeping the old text', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    const empty = await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: '   ' } }));
    expect(empty.status).toBe(400);
    const rewritten = await read(
      client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'Make it shorter and add a call to action' } }),
    );
    expect(rewritten.status).toBe(200);
    expect(rewritten.body.content).not.toBe(post.content);
    expect(rewritten.body.version).toBe(2);
    const versions = (await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }))).body.versions;
    expect(versions[0]).toMatchObject({ replacedBy: 'rewrite', instruction: 'Make it shorter and add a call to action', content: post.content });
  });

  it('keeps a rewritten Bluesky post within 300 with its hashtags, as Adapt does', async () => {
    const client = await onboardedClient(server.url);
    const sentence = 'Our friendly team welcomes families every weekday with gentle check-ups and clear advice. ';
    const content = sentence.repeat(3).slice(0, 268).trim();
    const hashtags = ['#dentalcare', '#familysmiles'];
    expect(postLength('bluesky', content, hashtags)).toBeLessThanOrEqual(300);
    const post = await manualPost(client, { platform: 'bluesky', content, hashtags });
    const rewritten = await read(
      client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'Make it longer and add a call to action' } }),
    );
    expect(rewritten.status).toBe(200);
    expect(postLength('bluesky', rewritten.body.content, rewritten.body.hashtags)).toBeLessThanOrEqual(300);
  });

  it('stores an uploaded image, serves it only to its owner, takes it off the post and deletes it from the library', async () => {
    const alice = await onboardedClient(server.url);
    const post = await manualPost(alice);
    const uploaded = await alice.uploadMedia(post.id, TINY_PNG, 'logo.png', 'image/png');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.media).toEqual([{ type: 'image', url: expect.stringMatching(/^\/api\/media\/[0-9a-f-]{36}\.png$/) }]);
    const url = uploaded.body.media[0]!.url;
    const file = await fetch(`${server.url}${url}`, { headers: { cookie: alice.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const bob = await onboardedClient(server.url);
    expect((await bob.get(url)).status).toBe(404);
    const fileId = url.split('/').pop()!;
    expect((await read(bob.api.posts[':postId'].media[':fileId'].$delete({ param: { postId: post.id, fileId } }))).status).toBe(404);
    const removed = await read(alice.api.posts[':postId'].media[':fileId'].$delete({ param: { postId: post.id, fileId } }));
    expect(removed.status).toBe(200);
    expect(removed.body.media).toEqual([]);
    // Off the post, the file stays in the library until it is deleted there.
    expect((await alice.get(url)).status).toBe(200);
    expect((await bob.delete(`/api/library/${fileId}`)).status).toBe(404);
    expect((await alice.delete(`/api/library/${fileId}`)).status).toBe(204);
    expect((await alice.get(url)).status).toBe(404);
  });

  it.each([
    ['an 11 MB file', Buffer.concat([TINY_PNG, Buffer.alloc(11 * 1024 * 1024)]), 'big.png', 'image/png', 413, /Maximum file size: 10MB/],
    [
      'a program renamed .png',
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00 this program cannot be run in DOS mode'),
      'setup.png',
      'image/png',
      415,
      /Supported formats: JPG, PNG, GIF, MP4/,
    ],
    ['a text file', Buffer.from('hello'), 'notes.txt', 'text/plain', 415, /Supported formats/],
  ])('refuses %s with a clear error and stores nothing', async (_label, bytes, name, type, status, message) => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    const response = await client.uploadMedia(post.id, bytes, name, type);
    expect(response.status).toBe(status);
    expect(errorOf(response).message).toMatch(message);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.media).toEqual([]);
  });

  it('keeps archived months read-only for every post write', async () => {
    const client = await onboardedClient(server.url);
    const past = previousMonth(currentMonth(new Date(), 'UTC'));
    await createFactories(server.database.db).month(client.userId, past);
    const pastDay = `${past.year}-${String(past.month).padStart(2, '0')}-05`;
    const added = await read(
      client.api.months[':id'].posts.$post({
        param: { id: monthId(past) },
        json: { mode: 'manual', date: pastDay, platform: 'twitter', type: 'text', content: 'x' },
      }),
    );
    expect(added.status).toBe(409);
    // A post that exists in an archived month (written before the month ended).
    const { id } = await createFactories(server.database.db).post(client.userId, past, { date: `${pastDay}T12:00:00Z`, platform: 'twitter', content: 'Old' });
    expect((await read(client.api.posts[':postId'].$patch({ param: { postId: id }, json: { version: 1, content: 'New' } }))).status).toBe(409);
    const rewrite = await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: id }, json: { version: 1, instructions: 'shorter' } }));
    expect(rewrite.status).toBe(409);
    expect(errorOf(rewrite).message).toBe('Cannot regenerate archived content');
    expect((await client.uploadMedia(id, TINY_PNG, 'a.png', 'image/png')).status).toBe(409);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: id } }))).body.content).toBe('Old');
  });

  it('keeps other users out of a post: 404 for every route, nothing changes', async () => {
    const alice = await onboardedClient(server.url);
    const post = await manualPost(alice);
    const bob = await onboardedClient(server.url);
    expect((await read(bob.api.posts[':postId'].$get({ param: { postId: post.id } }))).status).toBe(404);
    expect((await read(bob.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: 1, content: 'hacked' } }))).status).toBe(404);
    expect((await read(bob.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'hack' } }))).status).toBe(404);
    expect((await read(bob.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }))).status).toBe(404);
    expect((await bob.uploadMedia(post.id, TINY_PNG, 'a.png', 'image/png')).status).toBe(404);
    expect((await read(alice.api.posts[':postId'].$get({ param: { postId: post.id } }))).body).toMatchObject({ content: post.content, version: 1, media: [] });
  });
});

describe('rewrite and single post through an OpenAI-compatible provider', () => {
  let ai: FakeOpenAI;
  let server: TestServer;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    server = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' }, { timeoutMs: 1500, maxRetries: 0 });
  });
  afterAll(async () => {
    await server.close();
    await ai.close();
  });

  it('rewrites with the model and carries the instruction in the prompt', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    const rewritten = await read(
      client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'Mention our Saturday hours' } }),
    );
    expect(rewritten.status).toBe(200);
    expect(rewritten.body.content).not.toBe(post.content);
    const request = ai.requests.at(-1)!;
    expect(request.task).toBe('rewrite');
    expect(request.prompt).toContain('Mention our Saturday hours');
    expect(request.prompt).toContain(post.content);
  });

  it('generates a single post with the model', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const created = await read(
      client.api.months[':id'].posts.$post({ param: { id: targetId }, json: { mode: 'generate', date: day(3), prompt: 'winter opening hours' } }),
    );
    expect(created.status).toBe(201);
    expect(ai.requests.at(-1)!.prompt).toContain('winter opening hours');
    expect(ai.requests.at(-1)!.prompt).toContain('Bright Smile Dental');
  });

  it('shows a clear message when the provider fails, and the post is unchanged', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    ai.script({ always: 'status-500' });
    const failed = await read(client.api.posts[':postId'].rewrite.$post({ param: { postId: post.id }, json: { version: 1, instructions: 'shorter' } }));
    ai.script({ always: 'ok' });
    expect(failed.status).toBe(503);
    expect(errorOf(failed).message.length).toBeGreaterThan(10);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body).toMatchObject({ content: post.content, version: 1 });
  });
});
