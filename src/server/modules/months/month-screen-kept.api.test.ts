import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId } from '@shared/domain/months';
import { createFactories } from '@testing/factories';
import { onboardedClient, read } from '@testing/test-client';
import { createTestClock } from '@testing/test-clock';
import { TEST_DB_KIND } from '@testing/test-database';
import { startTestServer, type TestServer } from '@testing/test-server';

// SQLite answers a month read again from the row it read last time while nothing was written
// (month-screen-repository.ts, keptRows): every kind of write must still show on the next read.
const clock = createTestClock('2026-06-10T09:00:00.000Z');

describe.runIf(TEST_DB_KIND === 'sqlite')('a month read again on SQLite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, {}, { now: clock.now });
  });
  afterAll(async () => server.close());

  async function monthWithPost(content = 'First words') {
    const client = await onboardedClient(server.url);
    const month = currentMonth(clock.now(), 'UTC');
    await createFactories(server.database.db).month(client.userId, month);
    const post = await createFactories(server.database.db).post(client.userId, month, { content });
    const id = monthId(month);
    const contents = async () => (await read(client.api.months[':id'].$get({ param: { id } }))).body.posts.map((p: { content: string }) => p.content);
    return { client, id, post, contents };
  }

  it('shows an edit made through the API', async () => {
    const { client, post, contents } = await monthWithPost();
    expect(await contents()).toEqual(['First words']);
    expect(await contents()).toEqual(['First words']);
    const saved = await client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { content: 'Second words', version: post.version } });
    expect(saved.status).toBe(200);
    expect(await contents()).toEqual(['Second words']);
  });

  it('shows a write made in this process outside the API, and one made by another connection', async () => {
    const { post, contents } = await monthWithPost();
    expect(await contents()).toEqual(['First words']);
    await server.database.db.updateTable('posts').set({ content: 'Written here' }).where('id', '=', post.id).execute();
    expect(await contents()).toEqual(['Written here']);
    // Another process (a ROLE=worker, a restore) writes through a connection of its own.
    const other = new BetterSqlite3(server.config.database.kind === 'sqlite' ? server.config.database.file : '');
    try {
      other.prepare('update posts set content = ? where id = ?').run('Written elsewhere', post.id);
    } finally {
      other.close();
    }
    expect(await contents()).toEqual(['Written elsewhere']);
  });

  it('keeps no row across users: another user asking for the same month id gets their own', async () => {
    const first = await monthWithPost('The first user’s');
    const second = await monthWithPost('The second user’s');
    expect(await first.contents()).toEqual(['The first user’s']);
    expect(await second.contents()).toEqual(['The second user’s']);
    expect(await first.contents()).toEqual(['The first user’s']);
  });
});
