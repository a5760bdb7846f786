import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPost, nextMonthTarget } from '../month-posts';
import { plannerAt, reviewerOf } from '../review-helpers';
import { startServerProcess, type ServerProcess } from '../server-process';
import { errorOf, read } from '../test-client';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../test-database';

let testDb: TestDatabase;
const folders: string[] = [];
const instances: ServerProcess[] = [];

/** One instance on the shared database, with a data folder of its own. */
async function startInstance(name: string): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `planner-review-${name}-`));
  folders.push(dataDir);
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: (testDb.database as { url: string }).url, LOG_LEVEL: 'info' });
  instances.push(server);
  return server;
}

// Two real server processes on one PostgreSQL database: a link revoked through one is refused by the other at once.
describe.skipIf(TEST_DB_KIND !== 'postgres')('a review link on two instances', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await startInstance('a');
    await startInstance('b');
  });
  afterAll(async () => {
    for (const server of instances) await server.stop('SIGKILL');
    await testDb.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('is refused by instance B on the very next request after instance A revoked it, within a second', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const planner = await plannerAt(a.url);
    const { targetId, day } = nextMonthTarget();
    const post = await addPost(planner, { date: day(4), content: 'Shared across instances' }, { targetId, day });
    const created = await read(planner.api.months[':id']['review-links'].$post({ param: { id: targetId }, json: {} }));
    expect(created.status).toBe(201);
    const token = created.body.url.split('/').pop()!;
    const onB = reviewerOf(b.url);
    const page = await read(onB.api.review[':token'].$get({ param: { token } }));
    expect(page.status).toBe(200);
    expect(page.body.posts.map((shown) => shown.id)).toEqual([post.id]);

    const started = performance.now();
    const revoked = await read(planner.api['review-links'][':linkId'].$delete({ param: { linkId: created.body.link.id } }));
    expect(revoked.body.state).toBe('revoked');
    const refused = await read(onB.api.review[':token'].$get({ param: { token } }));
    const decision = await onB.post(`/api/review/${token}/posts/${post.id}`, { decision: 'approved', version: 1 });
    const elapsed = performance.now() - started;
    for (const response of [refused, decision]) {
      expect(response.status).toBe(404);
      expect(errorOf(response).code).toBe('review_link_invalid');
    }
    expect(elapsed).toBeLessThan(1000);
    expect((await read(planner.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.approval).toBe('waiting');
    expect((await read(reviewerOf(a.url).api.review[':token'].$get({ param: { token } }))).status).toBe(404);
  });
});
