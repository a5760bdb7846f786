import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, dayOfMonth, monthId } from '@shared/domain/months';
import { newPostRow } from '@server/modules/posts/post-repository';
import { createTransact } from '@server/platform/db/transact';
import { onboardedClient, type TestClient, read, errorOf } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';
import { nextMonthTarget } from '../month-posts';

const { targetId, day } = nextMonthTarget();
const POSTS_MAX = 5;
const VERSIONS_MAX = 4;
const MONTH_FULL = `This month already has ${POSTS_MAX} posts, the most a month can hold. Change the posts it has, or generate the month again to replace them.`;

const addPost = (client: TestClient, content = 'Our new clinic opens on Monday.') =>
  read(
    client.api.months[':id'].posts.$post({
      param: { id: targetId },
      json: { mode: 'manual', date: day(10), platform: 'linkedin', type: 'text', content },
    }),
  );

describe(`posts per month (POSTS_PER_MONTH_MAX=${POSTS_MAX}) and versions per post (VERSIONS_PER_POST=${VERSIONS_MAX})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ POSTS_PER_MONTH_MAX: String(POSTS_MAX), VERSIONS_PER_POST: String(VERSIONS_MAX) });
  });
  afterAll(async () => server.close());

  const postCount = async (client: TestClient) => (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts.length;

  it('refuses a post past the limit with 429 and a message that says what to do, by hand or written', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    for (let index = 0; index < POSTS_MAX; index += 1) expect((await addPost(client)).status).toBe(201);
    for (const refused of [
      await addPost(client),
      await read(client.api.months[':id'].posts.$post({ param: { id: targetId }, json: { mode: 'generate', date: day(11), prompt: '' } })),
    ]) {
      expect(refused.status).toBe(429);
      expect(errorOf(refused)).toEqual({ code: 'month_full', message: MONTH_FULL });
    }
    expect(await postCount(client)).toBe(POSTS_MAX);
    // The other active month has room of its own.
    const currentRef = currentMonth(new Date(), 'UTC');
    const current = monthId(currentRef);
    expect(
      (
        await read(
          client.api.months[':id'].posts.$post({
            param: { id: current },
            json: { mode: 'manual', date: dayOfMonth(currentRef, 1), platform: 'twitter', type: 'text', content: 'x' },
          }),
        )
      ).status,
    ).toBe(201);
  });

  it(`lets exactly ${POSTS_MAX} of 12 parallel adds into one month`, async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => addPost(client, `Parallel post ${index}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(POSTS_MAX).fill(201), ...Array(12 - POSTS_MAX).fill(429)]);
    expect(await postCount(client)).toBe(POSTS_MAX);
  });

  it(`lets exactly ${POSTS_MAX} of 12 inserts started in the same instant through (the check inside the inserting transaction)`, async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const row = () =>
      newPostRow(
        client.userId,
        targetId,
        { date: `${day(3)}T12:00:00Z`, platform: 'twitter', type: 'text', content: 'Burst', mediaPrompt: '', hashtags: [] },
        new Date().toISOString(),
      );
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => server.services.usage.insertPost(row())));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(POSTS_MAX);
    expect(await postCount(client)).toBe(POSTS_MAX);
  });

  it('gives a transaction that adds several posts (a month generation) the same check, under the month’s lock', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    for (let index = 0; index < 2; index += 1) await addPost(client);
    const { usage } = server.services;
    const rows = (count: number) =>
      Array.from({ length: count }, () =>
        newPostRow(
          client.userId,
          targetId,
          { date: `${day(3)}T12:00:00Z`, platform: 'twitter', type: 'text', content: 'Written', mediaPrompt: '', hashtags: [] },
          new Date().toISOString(),
        ),
      );
    const addInOne = (count: number) =>
      createTransact(server.database.db)(async (inTransaction) => {
        await usage.assertMonthHasRoom(inTransaction.posts, client.userId, targetId, count);
        await inTransaction.posts.insertMany(rows(count));
      });
    await expect(addInOne(POSTS_MAX - 1)).rejects.toMatchObject({ status: 429, message: MONTH_FULL });
    expect(await postCount(client)).toBe(2);
    await addInOne(POSTS_MAX - 2);
    expect(await postCount(client)).toBe(POSTS_MAX);
  });

  it(`keeps the newest ${VERSIONS_MAX} versions of a post, dropping the oldest as each edit adds one`, async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const post = (await addPost(client, 'Text 0')).body;
    for (let edit = 1; edit <= 7; edit += 1)
      expect((await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: edit, content: `Text ${edit}` } }))).status).toBe(
        200,
      );
    const page = (await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: { limit: '20' } }))).body;
    expect(page.versions.map((version: { content: string }) => version.content)).toEqual(['Text 6', 'Text 5', 'Text 4', 'Text 3']);
    expect(page).toMatchObject({ total: VERSIONS_MAX, nextCursor: null });
    const stored = await server.database.db.selectFrom('post_versions').select('id').where('postId', '=', post.id).execute();
    expect(stored).toHaveLength(VERSIONS_MAX);
  });
});

describe('the versions list in pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('answers 10 versions by default, newest first, with a cursor to the next page, and every version exactly once', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const post = (await addPost(client, 'Text 0')).body;
    for (let edit = 1; edit <= 23; edit += 1)
      await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: edit, content: `Text ${edit}` } }));
    const first = (await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }))).body;
    expect(first.total).toBe(23);
    expect(first.versions).toHaveLength(10);
    expect(first.versions[0]?.content).toBe('Text 22');
    expect(first.nextCursor).toBe(first.versions[9]!.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { versions: { content: string }[]; nextCursor: string | null } = (
        await read(client.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: { limit: '7', before: cursor ?? undefined } }))
      ).body;
      expect(page.versions.length).toBeLessThanOrEqual(7);
      seen.push(...page.versions.map((version) => version.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, index) => `Text ${22 - index}`));
  });

  it.each(['limit=0', 'limit=21', 'limit=abc', 'before=not-a-version'])('refuses %s with a 400 in the one error shape', async (query) => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const post = (await addPost(client)).body;
    const answer = await client.get(`/api/posts/${post.id}/versions?${query}`);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 'bad_request', message: expect.any(String) });
  });
});
