import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId } from '@shared/domain/months';
import { createFactories } from '@testing/factories';
import { onboardedClient, read } from '@testing/test-client';
import { createTestClock } from '@testing/test-clock';
import { TEST_DB_KIND } from '@testing/test-database';
import { startTestServer, type TestServer } from '@testing/test-server';

// A month read again is answered from the row read last time while its owner's change stamp holds
// (month-screen-repository.ts keptRows, month-change-stamp.ts): every kind of write must still show
// on the next read, on either database.
const clock = createTestClock('2026-06-10T09:00:00.000Z');
/** How long a PostgreSQL notice of another connection's commit may take to arrive. */
const NOTICE_WAIT = { timeout: 5_000, interval: 20 };

describe('a month read again', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, {}, { now: clock.now });
  });
  afterAll(async () => server.close());

  async function monthWithPost(content = 'First words') {
    const client = await onboardedClient(server.url);
    const month = currentMonth(clock.now(), 'UTC');
    const factories = createFactories(server.database.db);
    await factories.month(client.userId, month);
    const post = await factories.post(client.userId, month, { content });
    const id = monthId(month);
    const screen = async () => (await read(client.api.months[':id'].$get({ param: { id } }))).body;
    const contents = async () => (await screen()).posts.map((p: { content: string }) => p.content);
    return { client, id, post, screen, contents, factories };
  }

  /** Runs `statement` on a connection of its own, as another process (a ROLE=worker, a restore) would. */
  async function elsewhere(statement: string, values: unknown[]): Promise<{ count?: number }[]> {
    const { database } = server.config;
    if (database.kind === 'sqlite') {
      const other = new BetterSqlite3(database.file);
      try {
        other.prepare(statement.replace(/\$\d+/g, '?')).run(...values);
      } finally {
        other.close();
      }
      return [];
    }
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      return (await other.query(statement, values)).rows;
    } finally {
      await other.end();
    }
  }

  it('shows an edit made through the API', async () => {
    const { client, post, contents } = await monthWithPost();
    expect(await contents()).toEqual(['First words']);
    expect(await contents()).toEqual(['First words']);
    const saved = await client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { content: 'Second words', version: post.version } });
    expect(saved.status).toBe(200);
    expect(await contents()).toEqual(['Second words']);
  });

  it('shows a write made in this process outside the API at once', async () => {
    const { post, contents } = await monthWithPost();
    expect(await contents()).toEqual(['First words']);
    await server.database.db.updateTable('posts').set({ content: 'Written here' }).where('id', '=', post.id).execute();
    expect(await contents()).toEqual(['Written here']);
  });

  it("shows another connection's writes: a post's words, its delivery made and cancelled, a review link", async () => {
    const { client, id, post, screen, contents } = await monthWithPost();
    expect(await contents()).toEqual(['First words']);
    await elsewhere('update posts set content = $1 where id = $2', ['Written elsewhere', post.id]);
    await expect.poll(contents, NOTICE_WAIT).toEqual(['Written elsewhere']);

    await createFactories(server.database.db).delivery(post);
    await expect.poll(async () => (await screen()).posts[0]?.status, NOTICE_WAIT).toBe('scheduled');
    await elsewhere(`update deliveries set status = 'cancelled' where "postId" = $1`, [post.id]);
    await expect.poll(async () => (await screen()).posts[0]?.status, NOTICE_WAIT).toBe('draft');

    expect((await screen()).reviewShared).toBe(false);
    await elsewhere(`insert into review_links (id, "userId", "monthId", "tokenHash", "expiresAt", "createdAt") values ($1, $2, $3, $4, $5, $6)`, [
      `link-${post.id}`,
      client.userId,
      id,
      `hash-${post.id}`,
      '2027-01-01T00:00:00.000Z',
      '2026-06-10T09:00:00.000Z',
    ]);
    await expect.poll(async () => (await screen()).reviewShared, NOTICE_WAIT).toBe(true);
    // A TRUNCATE fires no row trigger: its own sends the notice for every user.
    await elsewhere(TEST_DB_KIND === 'postgres' ? 'truncate review_links' : 'delete from review_links', []);
    await expect.poll(async () => (await screen()).reviewShared, NOTICE_WAIT).toBe(false);
  });

  it('keeps no row across users: another user asking for the same month id gets their own', async () => {
    const first = await monthWithPost('The first user’s');
    const second = await monthWithPost('The second user’s');
    expect(await first.contents()).toEqual(['The first user’s']);
    expect(await second.contents()).toEqual(['The second user’s']);
    expect(await first.contents()).toEqual(['The first user’s']);
  });

  it.runIf(TEST_DB_KIND === 'postgres')('keeps nothing from before its listening connection was lost', async () => {
    const { post, contents } = await monthWithPost();
    expect(await contents()).toEqual(['First words']);
    // The server's LISTEN connection ends; a notice sent before it is back is never heard.
    const listener = `from pg_stat_activity where datname = current_database() and application_name = 'content-planner-listen'`;
    await elsewhere(`select pg_terminate_backend(pid) ${listener}`, []);
    await elsewhere('update posts set content = $1 where id = $2', ['Written while deaf', post.id]);
    // Back on a new connection (its last LISTEN answered) without having heard it: nothing kept before is trusted.
    const listeningAgain = `select count(*)::int as "count" ${listener} and state = 'idle' and query = 'LISTEN planner_months'`;
    await expect.poll(async () => (await elsewhere(listeningAgain, []))[0]?.count, NOTICE_WAIT).toBe(1);
    expect(await contents()).toEqual(['Written while deaf']);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')("PostgreSQL's month notices (migration 0026)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, {}, { now: clock.now });
  });
  afterAll(async () => server.close());

  /** The user ids noticed on planner_months while `write` runs and commits. */
  async function noticesDuring(write: () => Promise<unknown>): Promise<string[]> {
    const { database } = server.config;
    const listener = new pg.Client({ connectionString: database.kind === 'postgres' ? database.url : '' });
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.connect();
    try {
      await listener.query('LISTEN planner_months');
      await write();
      // A notice sent on commit comes before the answer to a query sent after it on the same connection.
      await listener.query('select 1');
      return heard;
    } finally {
      await listener.end();
    }
  }

  it("leave this process's count of finished writes growing with each statement that may write, the commit included", async () => {
    const { db, writesFinished } = server.database;
    const before = writesFinished!();
    await db.updateTable('posts').set({ content: 'None' }).where('id', '=', 'no-such-post').execute();
    expect(writesFinished!()).toBeGreaterThanOrEqual(before + 1);
    const inside = await db.transaction().execute(async (trx) => {
      await trx.updateTable('posts').set({ content: 'None' }).where('id', '=', 'no-such-post').execute();
      return writesFinished!();
    });
    expect(writesFinished!()).toBeGreaterThan(inside);
  });

  it("are sent for a delivery's cancellation and time, not for each step of its publishing", async () => {
    const client = await onboardedClient(server.url);
    const month = currentMonth(clock.now(), 'UTC');
    const factories = createFactories(server.database.db);
    await factories.month(client.userId, month);
    const post = await factories.post(client.userId, month);
    expect(await noticesDuring(() => factories.delivery(post))).toEqual([client.userId]);
    const deliveries = () => server.database.db.updateTable('deliveries').where('postId', '=', post.id);
    expect(await noticesDuring(() => deliveries().set({ status: 'publishing', attempts: 1 }).execute())).toEqual([]);
    expect(await noticesDuring(() => deliveries().set({ status: 'scheduled', timeOfDay: '10:30' }).execute())).toEqual([client.userId]);
    expect(await noticesDuring(() => deliveries().set({ status: 'cancelled' }).execute())).toEqual([client.userId]);
    expect(
      await noticesDuring(() => server.database.db.updateTable('profiles').set({ archivedThrough: '2026-01' }).where('userId', '=', client.userId).execute()),
    ).toEqual([client.userId]);
  });

  it('are sent once per user for a transaction that writes many rows, and not for one rolled back', async () => {
    const client = await onboardedClient(server.url);
    const month = currentMonth(clock.now(), 'UTC');
    const factories = createFactories(server.database.db);
    await factories.month(client.userId, month);
    await factories.post(client.userId, month);
    await factories.post(client.userId, month);
    const posts = () => server.database.db.updateTable('posts').set({ content: 'Both' }).where('userId', '=', client.userId);
    expect(await noticesDuring(() => posts().execute())).toEqual([client.userId]);
    const rolledBack = () =>
      server.database.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('posts').set({ content: 'Never' }).where('userId', '=', client.userId).execute();
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    expect(await noticesDuring(rolledBack)).toEqual([]);
  });
});
