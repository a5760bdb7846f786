import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { IMAGE_INTERRUPTED_REASON } from '@server/modules/images/image-worker';
import { startFakeOpenAI } from '../fake-openai-server';
import { servedImage, waitForImageJob } from '../image-helpers';
import { addPost } from '../month-posts';
import { startServerProcess, type ServerProcess } from '../server-process';
import { onboardedClient, read } from '../test-client';
import { createTestDatabase, databaseEnv, TEST_DB_KIND, type TestDatabase } from '../test-database';

const folders: string[] = [];
const servers: ServerProcess[] = [];
const databases: TestDatabase[] = [];

async function instance(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ LOG_LEVEL: 'info', ...env });
  servers.push(server);
  return server;
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop('SIGKILL');
});
afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('images made by the real server process', { timeout: 90_000 }, () => {
  it('renders in its worker thread (tsx from the sources) and serves the image', async () => {
    const testDb = await createTestDatabase();
    databases.push(testDb);
    const server = await instance({ DATA_DIR: testDb.dataDir, ...databaseEnv(testDb.database) });
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const post = await addPost(client, { platform: 'instagram', type: 'image', content: 'Made by the real process.' });
    const started = await read(client.api.posts[':postId'].images.$post({ param: { postId: post.id }, json: { mode: 'template', template: 'announcement' } }));
    const job = await waitForImageJob(client, started.body.job.id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(await servedImage(client, job.files[0]!.url)).toMatchObject({ status: 200, format: 'jpeg', width: 1080, height: 1350 });
    expect(server.output()).toMatch(/"event":"images.warmed-up"[^\n]*"threaded":true/);
  });

  // ROLE needs PostgreSQL: jobs go through pg-boss to whichever instance runs workers.
  it.skipIf(TEST_DB_KIND !== 'postgres')('is made by a ROLE=worker instance through pg-boss, never by a ROLE=web one', async () => {
    const testDb = await createTestDatabase();
    databases.push(testDb);
    // Both share the media folder, as instances share a volume (or a bucket with MEDIA_STORE=s3).
    const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-images-'));
    folders.push(dataDir);
    const env = { DATA_DIR: dataDir, ...databaseEnv(testDb.database) };
    const web = await instance({ ...env, ROLE: 'web' });
    const client = await onboardedClient(web.url);
    await read(client.api.workspace.$get());
    const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'Queued on pg-boss.' });
    const started = await read(client.api.posts[':postId'].images.$post({ param: { postId: post.id }, json: { mode: 'template', template: 'tip' } }));
    expect(started.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await read(client.api['image-jobs'][':imageJobId'].$get({ param: { imageJobId: started.body.job.id } }))).body.job.status).toBe('queued');
    await instance({ ...env, ROLE: 'worker' });
    const job = await waitForImageJob(client, started.body.job.id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(await servedImage(client, job.files[0]!.url)).toMatchObject({ status: 200, format: 'png', width: 1200, height: 630 });
  });

  // In one process (SQLite) nothing queued survives: the next start fails the job in words.
  it.skipIf(TEST_DB_KIND !== 'sqlite')('fails an image cut off by a crash when the server starts again', async () => {
    const ai = await startFakeOpenAI({ always: 'hang' });
    try {
      const testDb = await createTestDatabase();
      databases.push(testDb);
      const env = { DATA_DIR: testDb.dataDir, AI_IMAGE_MODEL: 'gpt-image-1', AI_IMAGE_BASE_URL: ai.url };
      const first = await instance(env);
      const client = await onboardedClient(first.url);
      await read(client.api.workspace.$get());
      const post = await addPost(client, { platform: 'facebook', type: 'image', content: 'Cut off.', mediaPrompt: 'A sunrise' });
      const started = await read(client.api.posts[':postId'].images.$post({ param: { postId: post.id }, json: { mode: 'ai' } }));
      expect(started.status).toBe(202);
      while (ai.requests.filter((request) => request.task === 'image').length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await first.stop('SIGKILL');
      const second = await instance(env);
      const again = client.copyFor(second.url);
      expect((await read(again.api['image-jobs'][':imageJobId'].$get({ param: { imageJobId: started.body.job.id } }))).body.job).toMatchObject({
        status: 'failed',
        error: IMAGE_INTERRUPTED_REASON,
      });
    } finally {
      await ai.close();
    }
  });
});
