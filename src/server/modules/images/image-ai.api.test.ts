import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { servedImage, waitForImageJob } from '@testing/image-helpers';
import { addPost } from '@testing/month-posts';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

let ai: FakeOpenAI;
beforeAll(async () => {
  ai = await startFakeOpenAI();
});
afterAll(async () => ai.close());
beforeEach(() => {
  ai.requests.length = 0;
  ai.script({ always: 'ok' });
});

const imageServer = (env: Record<string, string> = {}) =>
  startTestServer({ AI_IMAGE_MODEL: 'gpt-image-1', AI_IMAGE_BASE_URL: ai.url, ...env }, {}, { imageModelTimeoutMs: 1500 });

async function visualPost(client: TestClient, platform: 'instagram' | 'facebook' = 'instagram') {
  await read(client.api.workspace.$get());
  return addPost(client, { platform, type: 'image', content: 'Our new waiting room is open.', mediaPrompt: 'A bright dental waiting room with plants' });
}

const generate = (client: TestClient, postId: string) => read(client.api.posts[':postId'].images.$post({ param: { postId }, json: { mode: 'ai' } }));

describe('"Generate image" with the image model', () => {
  let server: TestServer;
  let client: TestClient & { userId: string };
  beforeAll(async () => {
    server = await imageServer();
    client = await onboardedClient(server.url);
  });
  afterAll(async () => server.close());

  it('offers the model by name, never its address', async () => {
    const capabilities = (await read(client.api.images.capabilities.$get())).body;
    expect(capabilities).toMatchObject({ ai: true, model: 'gpt-image-1', perDay: 50 });
    expect(capabilities.provider).toEqual(expect.any(String));
    expect(JSON.stringify(capabilities)).not.toContain('127.0.0.1');
  });

  it("makes an image from the post's media description, fitted to the network's size, kept in the library as made by AI", async () => {
    const post = await visualPost(client);
    const started = await generate(client, post.id);
    expect(started.status).toBe(202);
    const job = await waitForImageJob(client, started.body.job.id);
    expect(job).toMatchObject({ status: 'succeeded', mode: 'ai', template: null, error: null });
    const [request] = ai.requests.filter((each) => each.task === 'image');
    expect(request!.body).toMatchObject({ model: 'gpt-image-1', prompt: 'A bright dental waiting room with plants', size: '1024x1536', n: 1 });
    const image = await servedImage(client, job.files[0]!.url);
    expect(image).toMatchObject({ status: 200, format: 'jpeg', width: 1080, height: 1350 });
    const row = await server.database.db.selectFrom('media_files').selectAll().where('fileId', '=', job.files[0]!.fileId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'ai', template: null, kept: 0, altText: 'A bright dental waiting room with plants' });
    const kept = await read(
      client.api.posts[':postId'].images[':imageJobId'].keep.$post({ param: { postId: post.id, imageJobId: job.id }, json: { version: post.version } }),
    );
    expect(kept.body.post.media).toEqual([{ type: 'image', url: job.files[0]!.url }]);
  });

  it.each([
    ['refused under its content rules (400)', 'image-refused', /content rules/],
    ['busy (429)', 'status-429', /busy/],
    ['answering something that is not an image', 'image-not-an-image', /not an image/],
  ] as const)('fails the job in words when the model is %s', async (_label, fault, words) => {
    ai.script({ next: [fault] });
    const post = await visualPost(client, 'facebook');
    const job = await waitForImageJob(client, (await generate(client, post.id)).body.job.id);
    expect(job).toMatchObject({ status: 'failed', files: [] });
    expect(job.error).toMatch(words);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.media).toEqual([]);
  });

  it('fails the job as timed out when the model does not answer in time', async () => {
    ai.script({ next: ['hang'] });
    const post = await visualPost(client, 'facebook');
    const job = await waitForImageJob(client, (await generate(client, post.id)).body.job.id);
    expect(job).toMatchObject({ status: 'failed' });
    expect(job.error).toMatch(/took too long/);
  });
});

describe('the AI limit counts images', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await imageServer({ AI_REQUESTS_PER_DAY: '2' });
  });
  afterAll(async () => server.close());

  it('refuses "Generate image" past the day\'s AI requests with 429 ai_limit_reached, counting no image for it; templates still work', async () => {
    const client = await onboardedClient(server.url);
    const post = await visualPost(client, 'facebook');
    expect((await generate(client, post.id)).status).toBe(202);
    expect((await generate(client, post.id)).status).toBe(202);
    const third = await generate(client, post.id);
    expect(third.status).toBe(429);
    expect(errorOf(third).code).toBe('ai_limit_reached');
    expect((await read(client.api.images.capabilities.$get())).body.madeToday).toBe(2);
    const template = await read(client.api.posts[':postId'].images.$post({ param: { postId: post.id }, json: { mode: 'template', template: 'tip' } }));
    expect(template.status).toBe(202);
    const usage = await server.database.db.selectFrom('ai_usage').select(['requests', 'images']).where('userId', '=', client.userId).executeTakeFirstOrThrow();
    expect(usage).toEqual({ requests: 2, images: 3 });
  });
});
