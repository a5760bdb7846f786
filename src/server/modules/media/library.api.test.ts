import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, previousMonth } from '@shared/domain/months';
import { ALT_TEXT_MAX, LIBRARY_PAGE, type LibraryFile, type LibraryPage } from '@shared/schemas/media-library';
import { POST_LIMITS, type Post } from '@shared/schemas/post';
import { RESTORABLE_FOR_MS } from '@shared/schemas/post-actions';
import { TINY_PNG } from '@testing/fixtures';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { createFactories } from '@testing/factories';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { createTestClock } from '@testing/test-clock';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { createLibraryRepository } from './library-repository';

const { day } = nextMonthTarget();
const clock = createTestClock(new Date(), { tickMs: 1 });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, {}, { now: clock.now });
});
afterAll(async () => server.close());

type Client = TestClient & { userId: string };
const fileIdOf = (url: string) => url.split('/').pop()!;
const fileOf = (userId: string, fileId: string) => path.join(server.dataDir, 'media', userId, fileId);

async function newClient(): Promise<Client> {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  return client;
}

const imagePost = (client: Client, mediaPrompt = 'A bright waiting room with plants') =>
  addPost(client, { date: day(8), platform: 'instagram', type: 'image', content: 'Our new waiting room.', mediaPrompt });

/** Uploads to a post and answers the new file's id. */
async function uploadTo(client: Client, postId: string, bytes: Buffer = TINY_PNG, name = 'photo.png', type = 'image/png'): Promise<string> {
  const answer = await client.uploadMedia(postId, bytes, name, type);
  expect(answer.status).toBe(201);
  return fileIdOf(answer.body.media.at(-1)!.url);
}

const library = (client: Client, query: Record<string, string> = {}) => client.get<LibraryPage>(`/api/library?${new URLSearchParams(query).toString()}`);
const getPost = async (client: Client, postId: string) => (await read(client.api.posts[':postId'].$get({ param: { postId } }))).body as Post;
const attach = (client: Client, postId: string, fileId: string, version: number) =>
  client.post<{ post: Post }>(`/api/posts/${postId}/library`, { fileId, version });

/** Moves a post into last month, which is archived (read-only). */
async function archive(client: Client, postId: string) {
  const past = previousMonth(currentMonth(clock.now(), 'UTC'));
  await createFactories(server.database.db)
    .month(client.userId, past)
    .catch(() => undefined);
  const date = `${past.year}-${String(past.month).padStart(2, '0')}-05T12:00:00Z`;
  await server.database.db
    .updateTable('posts')
    .set({ monthId: monthId(past), date })
    .where('id', '=', postId)
    .execute();
}

describe('the media library', () => {
  it('lists every upload, to a post (alt text: its media description) or on its own (none), newest first with what shows it', async () => {
    const client = await newClient();
    const post = await imagePost(client);
    const first = await uploadTo(client, post.id);
    const video = MEDIA_SAMPLES.find((sample) => sample.kind === 'video')!;
    const second = await uploadTo(client, post.id, video.bytes, video.name, video.type);
    const loose = await client.upload<{ url: string }>('/api/media', TINY_PNG, 'logo.png', 'image/png');
    expect(loose.status).toBe(201);

    const page = await library(client);
    expect(page.status).toBe(200);
    expect(page.body.more).toBe(false);
    expect(page.body.files.map((file) => file.fileId)).toEqual([fileIdOf(loose.body.url), second, first]);
    expect(page.body.files[2]).toEqual({
      fileId: first,
      url: `/api/media/${first}`,
      type: 'image',
      mime: 'image/png',
      bytes: TINY_PNG.length,
      altText: 'A bright waiting room with plants',
      source: 'upload',
      template: null,
      usedBy: 1,
      createdAt: expect.any(String),
    });
    expect(page.body.files[1]).toMatchObject({ type: 'video', mime: video.type, bytes: video.bytes.length, usedBy: 1 });
    expect(page.body.files[0]).toMatchObject({ altText: '', usedBy: 0 });
    expect((await library(client, { type: 'video' })).body.files.map((file) => file.fileId)).toEqual([second]);
  });

  it('bounds a long media description to the alt text limit', async () => {
    const client = await newClient();
    const post = await imagePost(client, 'x'.repeat(POST_LIMITS.mediaPrompt));
    await uploadTo(client, post.id);
    const [file] = (await library(client)).body.files;
    expect(file!.altText.length).toBeLessThanOrEqual(ALT_TEXT_MAX);
    expect(file!.altText).toBe('x'.repeat(Math.min(ALT_TEXT_MAX, POST_LIMITS.mediaPrompt)));
  });

  it('searches alt text ignoring case, with % and _ taken literally', async () => {
    const client = await newClient();
    const post = await imagePost(client);
    const ids = [await uploadTo(client, post.id), await uploadTo(client, post.id), await uploadTo(client, post.id)];
    const texts = ['100% Natural_Light', '100 natural light', 'Team photo'];
    for (const [index, fileId] of ids.entries()) expect((await client.patch(`/api/library/${fileId}`, { altText: texts[index] })).status).toBe(200);
    const search = async (q: string) => (await library(client, { q })).body.files.map((file) => file.altText).sort();
    expect(await search('NATURAL')).toEqual(['100 natural light', '100% Natural_Light']);
    expect(await search('100%')).toEqual(['100% Natural_Light']);
    expect(await search('l_light')).toEqual(['100% Natural_Light']);
    expect(await search('%')).toEqual(['100% Natural_Light']);
    expect(await search('team')).toEqual(['Team photo']);
    expect(await search('nothing like it')).toEqual([]);
  });

  it(`pages ${LIBRARY_PAGE} files at a time, newest first, with the last createdAt as the cursor`, async () => {
    const client = await newClient();
    const rows = createLibraryRepository(server.database.db);
    const base = Date.parse('2026-01-01T00:00:00Z');
    const made: string[] = [];
    for (let index = 0; index < LIBRARY_PAGE + 5; index += 1) {
      const fileId = `${randomUUID()}.png`;
      made.push(fileId);
      const file = {
        fileId,
        type: 'image' as const,
        mime: 'image/png',
        bytes: 1,
        altText: `file ${index}`,
        source: 'upload' as const,
        template: null,
        kept: true,
      };
      await rows.insert(client.userId, file, new Date(base + index * 1000).toISOString());
    }
    // A made image never kept is not listed.
    await rows.insert(
      client.userId,
      { fileId: `${randomUUID()}.png`, type: 'image', mime: 'image/png', bytes: 1, altText: 'preview', source: 'template', template: 'tip', kept: false },
      new Date(base + 999_000).toISOString(),
    );
    const first = await library(client);
    expect(first.body.files).toHaveLength(LIBRARY_PAGE);
    expect(first.body.more).toBe(true);
    expect(first.body.files[0]!.fileId).toBe(made.at(-1));
    const second = await library(client, { before: first.body.files.at(-1)!.createdAt });
    expect(second.body.more).toBe(false);
    expect([...first.body.files, ...second.body.files].map((file) => file.fileId)).toEqual([...made].reverse());
    expect((await library(client, { before: 'yesterday' })).status).toBe(400);
    expect((await library(client, { type: 'pdf' })).status).toBe(400);
  });

  it('edits alt text, bounded, and only of the caller’s own files', async () => {
    const client = await newClient();
    const other = await newClient();
    const fileId = await uploadTo(client, (await imagePost(client)).id);
    const edited = await client.patch<{ file: LibraryFile }>(`/api/library/${fileId}`, { altText: '  A smiling dentist  ' });
    expect(edited.status).toBe(200);
    expect(edited.body.file).toMatchObject({ fileId, altText: 'A smiling dentist', usedBy: 1 });
    expect((await library(client)).body.files[0]!.altText).toBe('A smiling dentist');
    const tooLong = await client.patch(`/api/library/${fileId}`, { altText: 'a'.repeat(ALT_TEXT_MAX + 1) });
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong).message).toMatch(`under ${ALT_TEXT_MAX} characters`);
    expect((await client.patch(`/api/library/${fileId}`, { altText: 'x', extra: 1 })).status).toBe(400);
    expect((await other.patch(`/api/library/${fileId}`, { altText: 'Mine now' })).status).toBe(404);
    expect((await client.patch(`/api/library/${randomUUID()}.png`, { altText: 'Nothing' })).status).toBe(404);
    expect((await library(client)).body.files[0]!.altText).toBe('A smiling dentist');
  });
});

describe('putting a library file on a post', () => {
  it('shows the same file on another post, and refuses a stale version, a repeat, a full post, a foreign or unknown file', async () => {
    const client = await newClient();
    const stranger = await newClient();
    const holder = await imagePost(client);
    const fileId = await uploadTo(client, holder.id);
    const target = await imagePost(client);
    const attached = await attach(client, target.id, fileId, target.version);
    expect(attached.status).toBe(200);
    expect(attached.body.post.media).toEqual([{ type: 'image', url: `/api/media/${fileId}` }]);
    expect((await getPost(client, target.id)).media).toEqual([{ type: 'image', url: `/api/media/${fileId}` }]);
    expect((await library(client)).body.files[0]!.usedBy).toBe(2);

    const again = await attach(client, target.id, fileId, target.version);
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toBe('This file is on the post already.');
    expect(errorOf(await attach(client, target.id, fileId, target.version + 5)).code).toBe('stale_version');
    expect((await attach(client, target.id, `${randomUUID()}.png`, target.version)).status).toBe(404);
    const foreign = await uploadTo(stranger, (await imagePost(stranger)).id);
    expect((await attach(client, target.id, foreign, target.version)).status).toBe(404);
    expect((await attach(stranger, target.id, foreign, target.version)).status).toBe(404);
    expect((await attach(client, target.id, 'not-a-file', target.version)).status).toBe(404);
    expect((await client.post(`/api/posts/${target.id}/library`, { fileId })).status).toBe(400);

    const full = await imagePost(client);
    for (let index = 0; index < POST_LIMITS.media; index += 1) await uploadTo(client, full.id);
    const refused = await attach(client, full.id, fileId, full.version);
    expect(refused.status).toBe(400);
    expect(errorOf(refused).message).toMatch(`at most ${POST_LIMITS.media} media files`);
    expect((await getPost(client, full.id)).media).toHaveLength(POST_LIMITS.media);
  });

  it('refuses a post in an archived month', async () => {
    const client = await newClient();
    const fileId = await uploadTo(client, (await imagePost(client)).id);
    const old = await imagePost(client);
    await archive(client, old.id);
    const refused = await attach(client, old.id, fileId, old.version);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('archived');
    expect((await getPost(client, old.id)).media).toEqual([]);
  });

  it('keeps a made image once it is put on a post', async () => {
    const client = await newClient();
    const fileId = await server.services.media.storeMade(client.userId, TINY_PNG, 'image/png', {
      altText: 'Made',
      source: 'template',
      template: 'tip',
      kept: false,
    });
    expect((await library(client)).body.files).toEqual([]);
    const post = await imagePost(client);
    expect((await attach(client, post.id, fileId, post.version)).status).toBe(200);
    expect((await library(client)).body.files.map((file) => [file.fileId, file.source, file.template])).toEqual([[fileId, 'template', 'tip']]);
  });
});

describe('deleting a library file', () => {
  it('deletes an unused file, row and bytes', async () => {
    const client = await newClient();
    const loose = fileIdOf((await client.upload<{ url: string }>('/api/media', TINY_PNG, 'logo.png', 'image/png')).body.url);
    expect(existsSync(fileOf(client.userId, loose))).toBe(true);
    expect((await client.delete(`/api/library/${loose}`)).status).toBe(204);
    expect(existsSync(fileOf(client.userId, loose))).toBe(false);
    expect((await library(client)).body.files).toEqual([]);
    expect((await client.delete(`/api/library/${loose}`)).status).toBe(404);
  });

  it('asks first while posts show it, then takes it off every one of them', async () => {
    const client = await newClient();
    const one = await imagePost(client);
    const fileId = await uploadTo(client, one.id);
    const kept = await uploadTo(client, one.id);
    const two = await imagePost(client);
    await attach(client, two.id, fileId, two.version);

    const asked = await client.delete(`/api/library/${fileId}`);
    expect(asked.status).toBe(409);
    expect(errorOf(asked)).toMatchObject({ code: 'media_in_use', details: { usedBy: 2 } });
    expect(existsSync(fileOf(client.userId, fileId))).toBe(true);
    expect((await getPost(client, two.id)).media).toHaveLength(1);
    expect((await client.delete(`/api/library/${fileId}?confirm=yes`)).status).toBe(400);

    expect((await client.delete(`/api/library/${fileId}?confirm=true`)).status).toBe(204);
    expect((await getPost(client, one.id)).media).toEqual([{ type: 'image', url: `/api/media/${kept}` }]);
    expect((await getPost(client, two.id)).media).toEqual([]);
    expect(existsSync(fileOf(client.userId, fileId))).toBe(false);
    expect((await library(client)).body.files.map((file) => file.fileId)).toEqual([kept]);
  });

  it('changes nothing when a post in an archived month shows it', async () => {
    const client = await newClient();
    const writable = await imagePost(client);
    const fileId = await uploadTo(client, writable.id);
    const old = await imagePost(client);
    await attach(client, old.id, fileId, old.version);
    await archive(client, old.id);
    const refused = await client.delete(`/api/library/${fileId}?confirm=true`);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('archived');
    expect((await getPost(client, writable.id)).media).toHaveLength(1);
    expect((await getPost(client, old.id)).media).toHaveLength(1);
    expect(existsSync(fileOf(client.userId, fileId))).toBe(true);
    expect((await library(client)).body.files).toHaveLength(1);
  });

  it('answers 404 for another user’s file and leaves it', async () => {
    const owner = await newClient();
    const other = await newClient();
    const fileId = await uploadTo(owner, (await imagePost(owner)).id);
    expect((await other.delete(`/api/library/${fileId}?confirm=true`)).status).toBe(404);
    expect((await library(other)).body.files).toEqual([]);
    expect(existsSync(fileOf(owner.userId, fileId))).toBe(true);
    expect((await library(owner)).body.files).toHaveLength(1);
  });
});

describe('files stay while the library has them', () => {
  it('keeps a file taken off its post, through a post deletion, its purge and the orphan sweep', async () => {
    const client = await newClient();
    const post = await imagePost(client);
    const fileId = await uploadTo(client, post.id);
    const removed = await read(client.api.posts[':postId'].media[':fileId'].$delete({ param: { postId: post.id, fileId } }));
    expect(removed.status).toBe(200);
    expect(existsSync(fileOf(client.userId, fileId))).toBe(true);
    expect((await library(client)).body.files).toMatchObject([{ fileId, usedBy: 0 }]);

    const other = await imagePost(client);
    await attach(client, other.id, fileId, other.version);
    const current = await getPost(client, other.id);
    expect((await read(client.api.posts[':postId'].$delete({ param: { postId: other.id }, json: { version: current.version } }))).status).toBe(200);
    clock.advance(RESTORABLE_FOR_MS + 1000);
    expect(await server.services.media.purgeDeleted()).toBeGreaterThanOrEqual(1);
    await server.services.media.sweepOrphans();
    expect(existsSync(fileOf(client.userId, fileId))).toBe(true);
    expect((await client.get(`/api/media/${fileId}`)).status).toBe(200);
  });

  it('removes made images nobody kept after a day, and only those', async () => {
    const client = await newClient();
    const made = (kept: boolean) =>
      server.services.media.storeMade(client.userId, TINY_PNG, 'image/png', { altText: 'Made', source: 'template', template: 'quote', kept });
    const preview = await made(false);
    const keptImage = await made(true);
    await server.services.library.purgeUnkept();
    expect(existsSync(fileOf(client.userId, preview))).toBe(true);
    clock.advance(23 * 60 * 60 * 1000);
    await server.services.library.purgeUnkept();
    expect(existsSync(fileOf(client.userId, preview))).toBe(true);
    clock.advance(2 * 60 * 60 * 1000);
    expect(await server.services.library.purgeUnkept()).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(client.userId, preview))).toBe(false);
    expect(await createLibraryRepository(server.database.db).find(client.userId, preview)).toBeUndefined();
    expect(existsSync(fileOf(client.userId, keptImage))).toBe(true);
    expect((await library(client)).body.files.map((file) => file.fileId)).toEqual([keptImage]);
  });

  it('backfills files posts and the logo refer to without a row, before the sweep, which removes true orphans', async () => {
    const client = await newClient();
    const folder = path.join(server.dataDir, 'media', client.userId);
    mkdirSync(folder, { recursive: true });
    const [onPost, logo, orphan] = [`${randomUUID()}.png`, `${randomUUID()}.jpg`, `${randomUUID()}.png`];
    for (const name of [onPost, logo, orphan]) writeFileSync(path.join(folder, name), TINY_PNG);
    const post = await imagePost(client, 'Old photo of the practice');
    await server.database.db
      .updateTable('posts')
      .set({
        media: JSON.stringify([
          { type: 'image', url: `/api/media/${onPost}` },
          { type: 'image', url: `/api/media/${randomUUID()}.png` },
        ]),
      })
      .where('id', '=', post.id)
      .execute();
    await server.database.db
      .updateTable('profiles')
      .set({ brandLogo: `/api/media/${logo}` })
      .where('userId', '=', client.userId)
      .execute();

    expect(await server.services.library.backfill()).toBeGreaterThanOrEqual(2);
    expect(await server.services.library.backfill()).toBe(0);
    await server.services.media.sweepOrphans();
    const files = (await library(client)).body.files;
    expect(files.map((file) => [file.fileId, file.altText, file.mime, file.bytes, file.usedBy]).sort()).toEqual(
      [
        [onPost, 'Old photo of the practice', 'image/png', TINY_PNG.length, 1],
        [logo, '', 'image/jpeg', TINY_PNG.length, 0],
      ].sort(),
    );
    expect(existsSync(path.join(folder, orphan))).toBe(false);
  });
});
