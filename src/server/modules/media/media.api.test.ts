import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, previousMonth } from '@shared/domain/months';
import { POST_LIMITS, type Post } from '@shared/schemas/post';
import { TINY_PNG } from '@testing/fixtures';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { multipartBody, startSlowUpload } from '@testing/slow-upload';
import { onboardedClient, type TestClient, read, errorOf } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { createFactories } from '@testing/factories';

const { day } = nextMonthTarget();

async function manualPost(client: TestClient) {
  await read(client.api.workspace.$get());
  return addPost(client, { date: day(8), platform: 'instagram', type: 'image', content: 'Our new waiting room.' });
}

const fileIdOf = (url: string) => url.split('/').pop()!;
const folderOf = (server: TestServer, userId: string) => path.join(server.dataDir, 'media', userId);
const storedFiles = (server: TestServer, userId: string) => readdirSync(folderOf(server, userId)).sort();
/** Sizes of the half-written uploads in a user's folder (none before the folder exists). */
const partFiles = (server: TestServer, userId: string) =>
  storedFiles(server, userId)
    .filter((name) => name.endsWith('.part'))
    .map((name) => statSync(path.join(folderOf(server, userId), name)).size);

async function waitFor<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    let value: T | undefined;
    try {
      value = read();
    } catch {
      value = undefined;
    }
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting, last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('media uploads', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Parallel uploads are bounded per user; this file's race tests need more than the default.
    server = await startTestServer({ UPLOADS_IN_FLIGHT_PER_USER: '20' });
  });
  afterAll(async () => server.close());

  it.each(MEDIA_SAMPLES)('accepts a $label file, stores it as $extension and serves the same bytes with its type', async (sample) => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    const uploaded = await client.uploadMedia(post.id, sample.bytes, sample.name, sample.type);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.media).toEqual([{ type: sample.kind, url: expect.stringMatching(new RegExp(`^/api/media/[0-9a-f-]{36}\\.${sample.extension}$`)) }]);
    const served = await fetch(`${server.url}${uploaded.body.media[0]!.url}`, { headers: { cookie: client.cookieHeader() } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(sample.type);
    expect(Buffer.from(await served.arrayBuffer()).equals(sample.bytes)).toBe(true);
  });

  it(`refuses the ${POST_LIMITS.media + 1}th file of a post with a clear message`, async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    for (let index = 0; index < POST_LIMITS.media; index += 1) expect((await client.uploadMedia(post.id, TINY_PNG)).status).toBe(201);
    const refused = await client.uploadMedia(post.id, TINY_PNG);
    expect(refused.status).toBe(400);
    expect(errorOf(refused).message).toBe(`A post can have at most ${POST_LIMITS.media} media files. Remove one to add another.`);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.media).toHaveLength(POST_LIMITS.media);
    expect(storedFiles(server, client.userId)).toHaveLength(POST_LIMITS.media);
  });

  it(`lets exactly ${POST_LIMITS.media} of 14 parallel uploads to one post land, and keeps no file of the others`, async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    const answers = await Promise.all(Array.from({ length: 14 }, () => client.uploadMedia(post.id, TINY_PNG)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(POST_LIMITS.media).fill(201), ...Array(4).fill(400)]);
    for (const refused of answers.filter((answer) => answer.status === 400)) expect(errorOf(refused).message).toMatch(/at most 10 media files/);
    const media = (await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.media as { url: string }[];
    expect(media).toHaveLength(POST_LIMITS.media);
    expect(storedFiles(server, client.userId)).toEqual(media.map((item) => fileIdOf(item.url)).sort());
  });

  it('removes a file only through the post that holds it: another post of the same user answers 404 and the file stays', async () => {
    const client = await onboardedClient(server.url);
    const holder = await manualPost(client);
    const other = await manualPost(client);
    const url = (await client.uploadMedia(holder.id, TINY_PNG)).body.media[0]!.url;
    const wrong = await read(client.api.posts[':postId'].media[':fileId'].$delete({ param: { postId: other.id, fileId: fileIdOf(url) } }));
    expect(wrong.status).toBe(404);
    expect(errorOf(wrong)).toEqual({ code: 'not_found', message: 'File not found on this post.' });
    const served = await fetch(`${server.url}${url}`, { headers: { cookie: client.cookieHeader() } });
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: holder.id } }))).body.media).toEqual([{ type: 'image', url }]);
    // Through its own post it goes; the file stays in the media library until deleted there.
    expect((await read(client.api.posts[':postId'].media[':fileId'].$delete({ param: { postId: holder.id, fileId: fileIdOf(url) } }))).status).toBe(200);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: holder.id } }))).body.media).toEqual([]);
    expect((await client.get(url)).status).toBe(200);
    expect((await client.delete(`/api/library/${fileIdOf(url)}`)).status).toBe(204);
    expect((await client.get(url)).status).toBe(404);
    expect(storedFiles(server, client.userId)).toEqual([]);
  });

  it('keeps a file of a post in an archived month when asked to remove it through a writable post', async () => {
    const client = await onboardedClient(server.url);
    const archivedPost = await manualPost(client);
    const writable = await manualPost(client);
    const url = (await client.uploadMedia(archivedPost.id, TINY_PNG)).body.media[0]!.url;
    // The month of the first post ends: it moves into a past, archived month.
    const past = previousMonth(currentMonth(new Date(), 'UTC'));
    await createFactories(server.database.db).month(client.userId, past);
    const pastDate = `${past.year}-${String(past.month).padStart(2, '0')}-05T12:00:00Z`;
    await server.database.db
      .updateTable('posts')
      .set({ monthId: monthId(past), date: pastDate })
      .where('id', '=', archivedPost.id)
      .execute();

    expect((await read(client.api.posts[':postId'].media[':fileId'].$delete({ param: { postId: writable.id, fileId: fileIdOf(url) } }))).status).toBe(404);
    expect((await read(client.api.posts[':postId'].media[':fileId'].$delete({ param: { postId: archivedPost.id, fileId: fileIdOf(url) } }))).status).toBe(409);
    const served = await fetch(`${server.url}${url}`, { headers: { cookie: client.cookieHeader() } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: archivedPost.id } }))).body.media).toEqual([{ type: 'image', url }]);
  });

  it('writes an upload to disk while its body is still arriving, then keeps exactly the bytes sent', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    const bytes = Buffer.concat([TINY_PNG, randomBytes(3 * 1024 * 1024)]);
    const slow = startSlowUpload(client, `/api/posts/${post.id}/media`, multipartBody(bytes, 'poster.png'), { sentBytes: 2 * 1024 * 1024 });
    // Two of the three megabytes sent: most of them are on disk already, under a temporary name.
    const [written] = await waitFor(
      () => partFiles(server, client.userId),
      (sizes) => sizes.length === 1 && sizes[0]! > 1024 * 1024,
    );
    expect(written).toBeLessThanOrEqual(2 * 1024 * 1024);
    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(201);
    const { url } = (answer.body as Post).media[0]!;
    const served = await fetch(`${server.url}${url}`, { headers: { cookie: client.cookieHeader() } });
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect(storedFiles(server, client.userId)).toEqual([fileIdOf(url)]);
  });

  it('stops an upload without a declared length at 10 MB with a 413, keeping nothing', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    const slow = startSlowUpload(client, `/api/posts/${post.id}/media`, multipartBody(Buffer.concat([TINY_PNG, Buffer.alloc(11 * 1024 * 1024)]), 'huge.png'), {
      sentBytes: 0,
      chunked: true,
    });
    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(413);
    expect(errorOf(answer)).toEqual({ code: 'payload_too_large', message: 'Maximum file size: 10MB. "huge.png" is larger than that.' });
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.media).toEqual([]);
    expect(storedFiles(server, client.userId)).toEqual([]);
  });
});

describe('uploads in flight per user (default limit of 3)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('refuses a 4th parallel upload of the same user with a 429, and takes uploads again once they end', async () => {
    const client = await onboardedClient(server.url);
    const post = await manualPost(client);
    // Refused uploads give their place back.
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await client.uploadMedia(post.id, Buffer.from('hello'), 'notes.txt', 'text/plain')).status).toBe(415);
    const body = multipartBody(Buffer.concat([TINY_PNG, randomBytes(64 * 1024)]));
    const slow = Array.from({ length: 3 }, () => startSlowUpload(client, `/api/posts/${post.id}/media`, body, { sentBytes: 32 * 1024 }));
    await waitFor(
      () => partFiles(server, client.userId),
      (sizes) => sizes.length === 3,
    );

    const fourth = await client.uploadMedia(post.id, TINY_PNG);
    expect(fourth.status).toBe(429);
    expect(errorOf(fourth)).toEqual({
      code: 'uploads_in_flight',
      message: 'You are already uploading 3 files. Wait until they have finished, then add this one again.',
    });
    // Another user is not held up by this one.
    const other = await onboardedClient(server.url);
    expect((await other.uploadMedia((await manualPost(other)).id, TINY_PNG)).status).toBe(201);

    for (const each of slow) each.finish();
    expect((await Promise.all(slow.map((each) => each.response))).map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect((await client.uploadMedia(post.id, TINY_PNG)).status).toBe(201);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.media).toHaveLength(4);
  });
});
