import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { NETWORKS } from '@shared/networks';
import { waitForJob, waitUntil } from '@testing/generation-helpers';
import { servedImage } from '@testing/image-helpers';
import { nextMonthTarget } from '@testing/month-posts';
import { onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { imageLimitMessage } from './image-worker';

const { targetId } = nextMonthTarget();

/** Generates the next month with "Make images for visual posts" and waits until its images have all ended. */
async function generateWithImages(client: TestClient) {
  await read(client.api.workspace.$get());
  const started = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY, makeImages: true } }));
  expect(started.status).toBe(202);
  expect(started.body.job.makeImages).toBe(true);
  const job = await waitForJob(client, started.body.job.id);
  expect(job.status).toBe('succeeded');
  const batch = async () => (await read(client.api.months[':id'].images.$get({ param: { id: targetId } }))).body;
  await waitUntil(async () => {
    const now = await batch();
    return now.planned > 0 && now.made + now.failed === now.planned;
  }, 100);
  return { job, batch: await batch() };
}

describe('images for a generated month', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('puts an image on every image and carousel post, at its network size, and counts the batch', async () => {
    const client = await onboardedClient(server.url);
    const { job, batch } = await generateWithImages(client);
    const posts = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts;
    const visual = posts.filter((post) => post.type === 'image' || post.type === 'carousel');
    expect(visual.length).toBeGreaterThan(0);
    expect(batch).toMatchObject({ batchId: job.id, planned: visual.length, made: visual.length, failed: 0 });
    expect(new Set(batch.jobs.map((each) => each.postId))).toEqual(new Set(visual.map((post) => post.id)));
    for (const post of visual) {
      const made = batch.jobs.find((each) => each.postId === post.id)!;
      if (post.type === 'carousel') expect(made.template).toBe('carousel');
      else expect(['tip', 'quote', 'announcement', 'offer', 'event']).toContain(made.template);
      expect(post.media).toEqual(made.files.map((file) => ({ type: 'image', url: file.url })));
      const image = await servedImage(client, post.media[0]!.url);
      const size = NETWORKS[post.scheduledPlatform ?? post.platform].imageSizes[0]!;
      expect(image).toMatchObject({ status: 200, width: size.width, height: size.height, format: post.platform === 'instagram' ? 'jpeg' : 'png' });
    }
    // Text and video posts get none.
    for (const post of posts.filter((each) => !visual.includes(each))) expect(post.media).toEqual([]);
    // Batch images are kept: the library lists them.
    const rows = await server.database.db.selectFrom('media_files').select(['kept', 'altText']).where('userId', '=', client.userId).execute();
    expect(rows.length).toBe(batch.jobs.flatMap((each) => each.files).length);
    expect(rows.every((row) => row.kept === 1)).toBe(true);
  });

  it('makes no images for a generation that did not ask for them, and a month without a batch says so', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    expect((await read(client.api.months[':id'].images.$get({ param: { id: targetId } }))).body).toEqual({
      batchId: null,
      planned: 0,
      made: 0,
      failed: 0,
      jobs: [],
    });
    const started = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY } }));
    await waitForJob(client, started.body.job.id);
    expect((await read(client.api.months[':id'].images.$get({ param: { id: targetId } }))).body.planned).toBe(0);
  });
});

describe('a batch past the day limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ IMAGES_PER_USER_PER_DAY: '2' });
  });
  afterAll(async () => server.close());

  it('makes images up to the limit; the rest fail with the limit in words', async () => {
    const client = await onboardedClient(server.url);
    const { batch } = await generateWithImages(client);
    expect(batch.planned).toBeGreaterThan(2);
    expect(batch.made).toBe(2);
    expect(batch.failed).toBe(batch.planned - 2);
    for (const failed of batch.jobs.filter((each) => each.status === 'failed')) expect(failed.error).toBe(imageLimitMessage(2));
    expect((await read(client.api.images.capabilities.$get())).body).toMatchObject({ perDay: 2, madeToday: 2 });
  });
});
