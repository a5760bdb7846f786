import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../server-process';
import { onboardedClient, read } from '../test-client';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../test-database';
import { startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver';

let testDb: TestDatabase;
let receiver: WebhookReceiver;
const folders: string[] = [];
const servers: ServerProcess[] = [];

/** One instance with ROLE=`role` on the shared database, allowed to send to the receiver on loopback. */
async function startInstance(role: 'web' | 'worker'): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `planner-role-${role}-`));
  folders.push(dataDir);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: (testDb.database as { url: string }).url,
    ROLE: role,
    PUBLISH_ALLOW_PRIVATE_URLS: 'true',
    LOG_LEVEL: 'info',
  });
  servers.push(server);
  return server;
}

// ROLE needs PostgreSQL (with SQLite one process does everything).
describe.skipIf(TEST_DB_KIND !== 'postgres')('which instances send scheduled posts', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await receiver.close();
    await testDb.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('never sends from a ROLE=web instance, and sends from a ROLE=worker one as soon as it runs', async () => {
    const web = await startInstance('web');
    const client = await onboardedClient(web.url);
    await read(client.api.workspace.$get());
    const connection = await read(
      client.api.connections.$post({ json: { kind: 'webhook', name: 'Our n8n', url: `${receiver.url}/hook`, networks: ['facebook'] } }),
    );
    expect(connection.status).toBe(201);
    expect(connection.body.signingSecret).toEqual(expect.any(String));
    receiver.useSecret(connection.body.signingSecret!);
    // Due this very minute: a worker that runs sends it at once (the schedule wakes it).
    const now = new Date();
    const date = now.toISOString().slice(0, 10);
    const post = await read(
      client.api.months[':id'].posts.$post({
        param: { id: `${date.slice(0, 4)}-${Number(date.slice(5, 7))}` },
        json: { mode: 'manual', date, platform: 'facebook', type: 'text', content: 'Open late on Thursdays.' },
      }),
    );
    expect(post.status).toBe(201);
    const postId = post.body.id;
    const scheduled = await read(
      client.api.posts[':postId'].schedule.$put({ param: { postId }, json: { platform: 'facebook', time: now.toISOString().slice(11, 16) } }),
    );
    expect(scheduled.status).toBe(200);

    // The worker takes seconds to start; a web instance that sent would have sent within milliseconds.
    const worker = await startInstance('worker');
    const deadline = Date.now() + 20_000;
    let delivery = (await read(client.api.posts[':postId'].delivery.$get({ param: { postId } }))).body;
    while (delivery.status !== 'published' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      delivery = (await read(client.api.posts[':postId'].delivery.$get({ param: { postId } }))).body;
    }
    expect(delivery).toMatchObject({ status: 'published', attempts: 1 });
    expect(receiver.posts().map((item) => item.body.data.postId)).toEqual([postId]);
    expect(worker.output()).toContain(`"event":"publish.attempt","deliveryId":"${delivery.id}"`);
    expect(web.output()).not.toContain('publish.attempt');
  });
});
