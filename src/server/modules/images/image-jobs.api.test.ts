import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, previousMonth } from '@shared/domain/months';
import { NETWORKS } from '@shared/networks';
import { TINY_PNG } from '@testing/fixtures';
import { createFactories } from '@testing/factories';
import { isJpeg, isPng, servedImage, waitForImageJob } from '@testing/image-helpers';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { createServices } from '@server/compose';
import { createWriter } from '@server/ai/create-writer';
import { createLogger } from '@server/platform/logger';
import { newImageJobRow } from './image-job-repository';
import { IMAGE_INTERRUPTED_REASON } from './image-worker';

const { day } = nextMonthTarget();

const makeImage = (client: TestClient, postId: string, json: { mode: 'template'; template: 'tip' | 'quote' | 'carousel' | 'offer' } | { mode: 'ai' }) =>
  read(client.api.posts[':postId'].images.$post({ param: { postId }, json }));

const keep = (client: TestClient, postId: string, imageJobId: string, version: number) =>
  read(client.api.posts[':postId'].images[':imageJobId'].keep.$post({ param: { postId, imageJobId }, json: { version } }));

const getPost = async (client: TestClient, postId: string) => (await read(client.api.posts[':postId'].$get({ param: { postId } }))).body;

/** Moves the post into last month, which is archived. */
async function archive(server: TestServer, userId: string, postId: string) {
  const past = previousMonth(currentMonth(new Date(), 'UTC'));
  await createFactories(server.database.db)
    .month(userId, past)
    .catch(() => undefined);
  const date = `${past.year}-${String(past.month).padStart(2, '0')}-05T12:00:00Z`;
  await server.database.db
    .updateTable('posts')
    .set({ monthId: monthId(past), date })
    .where('id', '=', postId)
    .execute();
}

describe('images made for a post', () => {
  let server: TestServer;
  let client: TestClient & { userId: string };
  beforeAll(async () => {
    server = await startTestServer();
    client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
  });
  afterAll(async () => server.close());

  it('makes a JPEG at Instagram size for an Instagram post and a PNG at Facebook size for a Facebook post', async () => {
    const instagram = await addPost(client, {
      date: day(6),
      platform: 'instagram',
      type: 'image',
      content: 'Fresh flowers every Friday. Come and pick yours.',
    });
    const started = await makeImage(client, instagram.id, { mode: 'template', template: 'quote' });
    expect(started.status).toBe(202);
    expect(started.body.job).toMatchObject({ postId: instagram.id, mode: 'template', template: 'quote', files: [], error: null });
    expect(['queued', 'running']).toContain(started.body.job.status);
    const job = await waitForImageJob(client, started.body.job.id);
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    expect(job.files).toHaveLength(1);
    const jpeg = await servedImage(client, job.files[0]!.url);
    expect(jpeg).toMatchObject({ status: 200, type: 'image/jpeg', format: 'jpeg', ...NETWORKS.instagram.imageSizes[0] });
    expect(isJpeg(jpeg.bytes)).toBe(true);
    // Made, not kept: the post is unchanged until the user keeps it.
    expect((await getPost(client, instagram.id)).media).toEqual([]);

    const facebook = await addPost(client, { date: day(7), platform: 'facebook', type: 'image', content: 'We are open late on Thursdays.' });
    const png = await servedImage(
      client,
      (await waitForImageJob(client, (await makeImage(client, facebook.id, { mode: 'template', template: 'tip' })).body.job.id)).files[0]!.url,
    );
    expect(png).toMatchObject({ status: 200, type: 'image/png', format: 'png', width: 1200, height: 630 });
    expect(isPng(png.bytes)).toBe(true);
  });

  it('makes one image per slide for a carousel', async () => {
    const post = await addPost(client, { platform: 'linkedin', type: 'carousel', content: 'Three habits.\nFloss daily.\nBrush twice.\nSee us twice a year.' });
    const job = await waitForImageJob(client, (await makeImage(client, post.id, { mode: 'template', template: 'carousel' })).body.job.id);
    expect(job.status).toBe('succeeded');
    // One slide per point after the headline.
    expect(job.files).toHaveLength(3);
    for (const file of job.files) expect(await servedImage(client, file.url)).toMatchObject({ format: 'png', width: 1200, height: 627 });
  });

  it('keeps a made image on the post in place of an earlier made one, leaving uploads, and the library keeps it', async () => {
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'New hours from Monday.' });
    const uploaded = (await client.uploadMedia(post.id, TINY_PNG, 'photo.png', 'image/png')).body.media[0]!;
    const first = await waitForImageJob(client, (await makeImage(client, post.id, { mode: 'template', template: 'tip' })).body.job.id);
    const kept = await keep(client, post.id, first.id, (await getPost(client, post.id)).version);
    expect(kept.status).toBe(200);
    expect(kept.body.post.media).toEqual([uploaded, { type: 'image', url: first.files[0]!.url }]);
    const second = await waitForImageJob(client, (await makeImage(client, post.id, { mode: 'template', template: 'quote' })).body.job.id);
    const replaced = await keep(client, post.id, second.id, kept.body.post.version);
    expect(replaced.body.post.media).toEqual([uploaded, { type: 'image', url: second.files[0]!.url }]);
    const rows = await server.database.db
      .selectFrom('media_files')
      .select(['fileId', 'kept', 'source', 'template', 'altText'])
      .where('userId', '=', client.userId)
      .execute();
    expect(rows.find((row) => second.files[0]!.fileId === row.fileId)).toMatchObject({ kept: 1, source: 'template', template: 'quote' });
  });

  it('refuses a keep carrying a stale version (409) and leaves the post as it was', async () => {
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'Spring cleaning tips.' });
    const job = await waitForImageJob(client, (await makeImage(client, post.id, { mode: 'template', template: 'tip' })).body.job.id);
    await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: post.version, content: 'Changed elsewhere.' } }));
    const stale = await keep(client, post.id, job.id, post.version);
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('stale_version');
    expect((await getPost(client, post.id)).media).toEqual([]);
  });

  it('refuses keeping an image whose file is gone (409 conflict), and one still being made', async () => {
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'Gone.' });
    const job = await waitForImageJob(client, (await makeImage(client, post.id, { mode: 'template', template: 'tip' })).body.job.id);
    await server.services.mediaStore.remove(client.userId, job.files[0]!.fileId);
    const gone = await keep(client, post.id, job.id, post.version);
    expect([gone.status, errorOf(gone).code]).toEqual([409, 'conflict']);
    const queued = newImageJobRow(
      { userId: client.userId, postId: post.id, monthId: post.monthId, batchId: null, mode: 'template', template: 'tip' },
      new Date().toISOString(),
    );
    await server.database.db.insertInto('image_jobs').values(queued).execute();
    const early = await keep(client, post.id, queued.id, post.version);
    expect([early.status, errorOf(early).code]).toEqual([409, 'conflict']);
    expect((await getPost(client, post.id)).media).toEqual([]);
  });

  it('refuses making or keeping an image in an archived month (409 archived)', async () => {
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'Last month.' });
    const job = await waitForImageJob(client, (await makeImage(client, post.id, { mode: 'template', template: 'tip' })).body.job.id);
    await archive(server, client.userId, post.id);
    const made = await makeImage(client, post.id, { mode: 'template', template: 'tip' });
    expect([made.status, errorOf(made).code]).toEqual([409, 'archived']);
    const kept = await keep(client, post.id, job.id, post.version);
    expect([kept.status, errorOf(kept).code]).toEqual([409, 'archived']);
  });

  it("answers 404 for another user's post and image job, and nothing is made for them", async () => {
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'Mine.' });
    const job = await waitForImageJob(client, (await makeImage(client, post.id, { mode: 'template', template: 'tip' })).body.job.id);
    const other = await onboardedClient(server.url);
    expect((await makeImage(other, post.id, { mode: 'template', template: 'tip' })).status).toBe(404);
    expect((await read(other.api['image-jobs'][':imageJobId'].$get({ param: { imageJobId: job.id } }))).status).toBe(404);
    expect((await keep(other, post.id, job.id, post.version)).status).toBe(404);
    await read(other.api.workspace.$get());
    const otherPost = await addPost(other, { platform: 'facebook', type: 'image', content: 'Theirs.' });
    // Alice's job through Bob's own post is not found either.
    expect((await keep(other, otherPost.id, job.id, otherPost.version)).status).toBe(404);
    expect((await keep(client, otherPost.id, job.id, otherPost.version)).status).toBe(404);
    expect(await server.database.db.selectFrom('image_jobs').select('id').where('userId', '=', other.userId).execute()).toEqual([]);
  });

  it('answers bad input with 400 in words', async () => {
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'Bad input.' });
    for (const body of [{ mode: 'template', template: 'poster' }, { mode: 'magic' }, { mode: 'template' }, { mode: 'ai', template: 'tip' }, {}]) {
      const answer = await client.post(`/api/posts/${post.id}/images`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer).code).toBe('bad_request');
    }
    expect((await client.get('/api/image-jobs/not-a-uuid')).status).toBe(400);
    expect((await client.post(`/api/posts/${post.id}/images/00000000-0000-4000-8000-000000000000/keep`, { version: 0 })).status).toBe(400);
    expect((await client.post(`/api/posts/not-a-uuid/images`, { mode: 'template', template: 'tip' })).status).toBe(400);
  });

  it('refuses "Generate image" with 409 image_model_unavailable when no image model is set up, and says so in its capabilities', async () => {
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'No model here.' });
    const answer = await makeImage(client, post.id, { mode: 'ai' });
    expect([answer.status, errorOf(answer).code]).toEqual([409, 'image_model_unavailable']);
    const capabilities = await read(client.api.images.capabilities.$get());
    expect(capabilities.body).toMatchObject({ ai: false, provider: null, model: null, perDay: 50 });
    expect(capabilities.body.madeToday).toBeGreaterThan(0);
  });

  it('fails jobs a previous process left unfinished, in words, at start-up', async () => {
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'Cut off.' });
    const row = newImageJobRow(
      { userId: client.userId, postId: post.id, monthId: post.monthId, batchId: null, mode: 'template', template: 'tip' },
      new Date().toISOString(),
    );
    await server.database.db.insertInto('image_jobs').values(row).execute();
    // What the next process does at start-up, over the same database (its queue is in process).
    const restarted = createServices(server.database, {
      writer: createWriter({ kind: 'offline' }),
      log: createLogger('silent'),
      mediaDir: server.dataDir,
      publicUrl: server.url,
    });
    expect(await restarted.imageWorker.recoverInterrupted()).toBeGreaterThanOrEqual(1);
    expect((await read(client.api['image-jobs'][':imageJobId'].$get({ param: { imageJobId: row.id } }))).body.job).toMatchObject({
      status: 'failed',
      error: IMAGE_INTERRUPTED_REASON,
    });
  });
});

describe('the day limit on images', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ IMAGES_PER_USER_PER_DAY: '2' });
  });
  afterAll(async () => server.close());

  it('answers the request past the limit with 429 image_limit_reached at once, and counts only what was made', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'Limits.' });
    expect((await makeImage(client, post.id, { mode: 'template', template: 'tip' })).status).toBe(202);
    expect((await makeImage(client, post.id, { mode: 'template', template: 'quote' })).status).toBe(202);
    const third = await makeImage(client, post.id, { mode: 'template', template: 'tip' });
    expect(third.status).toBe(429);
    expect(errorOf(third)).toMatchObject({ code: 'image_limit_reached', message: expect.stringContaining('all 2 images') });
    expect((await read(client.api.images.capabilities.$get())).body).toMatchObject({ perDay: 2, madeToday: 2 });
    // Another user has their own day.
    const other = await onboardedClient(server.url);
    await read(other.api.workspace.$get());
    const theirs = await addPost(other, { platform: 'facebook', type: 'image', content: 'Mine.' });
    expect((await makeImage(other, theirs.id, { mode: 'template', template: 'tip' })).status).toBe(202);
  });
});
