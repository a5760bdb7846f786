import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, previousMonth } from '@shared/domain/months';
import { planSlots } from '@shared/domain/slot-planner';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { createFactories, noonOf } from '@testing/factories';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { startTestServer, type TestServer } from '@testing/test-server';

const POSTS_MAX = 12;
const { target, targetId, day } = nextMonthTarget();
const EARLIER = previousMonth(currentMonth(new Date(), 'UTC'));
const PLANNED = [...new Set(planSlots({ ...target, strategy: DEFAULT_STRATEGY }).map((slot) => slot.date.slice(0, 10)))];
const DAY_MS = 86_400_000;
const apart = (a: string, b: string) => Math.abs(Date.parse(`${a.slice(0, 10)}T12:00:00Z`) - Date.parse(`${b.slice(0, 10)}T12:00:00Z`)) / DAY_MS;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ POSTS_PER_MONTH_MAX: String(POSTS_MAX) });
});
afterAll(async () => server.close());

async function newClient() {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  return client;
}

/** Posts written straight into an ended (archived) month, as a user's old posts are; marked evergreen through the API. */
async function oldPosts(client: TestClient & { userId: string }, contents: string[], { evergreen = true } = {}) {
  const factories = createFactories(server.database.db);
  await factories.month(client.userId, EARLIER, { contentGenerated: 1 }).catch(() => undefined);
  const rows = [];
  for (const [index, content] of contents.entries()) {
    const row = await factories.post(client.userId, EARLIER, { date: noonOf(EARLIER, index + 1), content, hashtags: '["#smile"]' });
    if (evergreen) expect((await mark(client, row.id, true, 1)).status).toBe(200);
    rows.push(row);
  }
  return rows;
}

const mark = (client: TestClient, postId: string, evergreen: boolean, version: number) =>
  read(client.api.posts[':postId'].evergreen.$put({ param: { postId }, json: { evergreen, version } }));

const fill = (client: TestClient, intervalDays: 30 | 60 | 90 | 180, id = targetId) =>
  read(client.api.months[':id']['evergreen-fill'].$post({ param: { id }, json: { intervalDays } }));

const saveStrategy = (client: TestClient) =>
  read(client.api.months[':id'].strategy.$put({ param: { id: targetId }, json: DEFAULT_STRATEGY })).then((response) => expect(response.status).toBe(200));

const monthPosts = async (client: TestClient) => (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts;

describe('marking a post evergreen', () => {
  it('sets the flag with the version the client saw, keeping text and approval; a stale version is refused', async () => {
    const client = await newClient();
    const post = await addPost(client, { content: 'Our best tip' });
    expect(post).toMatchObject({ evergreen: false, evergreenOf: null, version: 1 });
    const marked = await mark(client, post.id, true, 1);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ evergreen: true, version: 2, content: 'Our best tip', approval: 'waiting' });
    const stale = await mark(client, post.id, false, 1);
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('stale_version');
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body.evergreen).toBe(true);
    expect((await mark(client, post.id, false, 2)).body).toMatchObject({ evergreen: false, version: 3 });
  });

  it('works on a post of an archived month as a flag only (its text stays), and not on another user’s post', async () => {
    const client = await newClient();
    const [old] = await oldPosts(client, ['An old favourite'], { evergreen: false });
    const marked = await mark(client, old!.id, true, 1);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ evergreen: true, content: 'An old favourite', monthId: monthId(EARLIER) });
    const month = (await read(client.api.months[':id'].$get({ param: { id: monthId(EARLIER) } }))).body;
    expect(month.archived).toBe(true);
    // The month's content is still refused: only the flag is an exception.
    const edit = await read(client.api.posts[':postId'].$patch({ param: { postId: old!.id }, json: { version: 2, content: 'Changed' } }));
    expect(errorOf(edit).code).toBe('archived');

    const stranger = await newClient();
    const foreign = await mark(stranger, old!.id, false, 2);
    expect(foreign.status).toBe(404);
    expect((await read(client.api.posts[':postId'].$get({ param: { postId: old!.id } }))).body.evergreen).toBe(true);
  });
});

describe('filling a month with evergreen posts', () => {
  it('needs a saved strategy, and refuses an archived month', async () => {
    const client = await newClient();
    await oldPosts(client, ['Floss daily']);
    const none = await fill(client, 30);
    expect(none.status).toBe(409);
    expect(errorOf(none).code).toBe('no_saved_strategy');
    const archived = await fill(client, 30, monthId(EARLIER));
    expect(archived.status).toBe(409);
    expect(errorOf(archived).code).toBe('archived');
  });

  it('puts reworded copies only on empty planned days, never two identical texts, never within the interval', async () => {
    const client = await newClient();
    // Two evergreen posts with the same words: their copies still must differ. A post not marked never comes back.
    const sources = await oldPosts(client, ['Book your check-up today.', 'Book your check-up today.', 'Brush twice a day for two minutes.']);
    await oldPosts(client, ['Not evergreen'], { evergreen: false });
    await saveStrategy(client);
    const busyDay = PLANNED[1]!;
    await addPost(client, { date: busyDay, content: 'Already planned' });
    const unplanned = [1, 2, 3, 4, 5, 6, 7].map(day).find((candidate) => !PLANNED.includes(candidate))!;
    await addPost(client, { date: unplanned, content: 'On a day not planned' });

    const first = await fill(client, 30);
    expect(first.status).toBe(200);
    const result = first.body;
    expect(result).toMatchObject({ plannedDays: PLANNED.length, evergreenPosts: 3 });
    expect(result.placed).toBeGreaterThanOrEqual(3);
    expect(result.placed + result.notPlaced.interval + result.notPlaced.limit + result.notPlaced.sameText).toBe(result.emptyPlannedDays);

    const posts = await monthPosts(client);
    const copies = posts.filter((post) => post.evergreenOf !== null);
    expect(copies.map((copy) => copy.id).sort()).toEqual([...result.postIds].sort());
    // Only on planned days, never beside a post that was there.
    for (const copy of copies) {
      expect(PLANNED).toContain(copy.date.slice(0, 10));
      expect(copy.date.slice(0, 10)).not.toBe(busyDay);
      expect(sources.map((source) => source.id)).toContain(copy.evergreenOf);
      expect(copy.evergreen).toBe(false);
    }
    expect(new Set(copies.map((copy) => copy.date.slice(0, 10))).size).toBe(copies.length);
    // No two texts alike in the month, and none the same as its original.
    const texts = posts.map((post) => post.content);
    expect(new Set(texts).size).toBe(texts.length);
    for (const copy of copies) expect(copy.content).not.toBe(sources.find((source) => source.id === copy.evergreenOf)!.content);
    // Each original and its copies at least 30 days apart.
    for (const source of sources) {
      const shown = [source.date, ...copies.filter((copy) => copy.evergreenOf === source.id).map((copy) => copy.date)];
      for (const [index, a] of shown.entries()) for (const b of shown.slice(index + 1)) expect(apart(a, b)).toBeGreaterThanOrEqual(30);
    }

    // Again: nothing new (the filled days are taken, the others still within the interval).
    const again = await fill(client, 30);
    expect(again.body.placed).toBe(0);
    expect((await monthPosts(client)).length).toBe(posts.length);
  });

  it('skips every day within the interval of each post’s last showing, and says so', async () => {
    const client = await newClient();
    await oldPosts(client, ['Smile more', 'Visit us']);
    await saveStrategy(client);
    const result = (await fill(client, 180)).body;
    expect(result).toMatchObject({ placed: 0, postIds: [], evergreenPosts: 2, emptyPlannedDays: PLANNED.length });
    expect(result.notPlaced).toEqual({ interval: PLANNED.length, limit: 0, sameText: 0 });
    expect(await monthPosts(client)).toEqual([]);
  });

  it('stops at the month’s post limit', async () => {
    const client = await newClient();
    await oldPosts(
      client,
      Array.from({ length: 14 }, (_unused, index) => `Tip number ${index + 1}: rinse after meals.`),
    );
    await saveStrategy(client);
    const free = Array.from({ length: 28 }, (_unused, index) => day(index + 1)).filter((candidate) => !PLANNED.includes(candidate));
    for (const date of free.slice(0, POSTS_MAX - 3)) await addPost(client, { date, content: `Own post ${date}` });
    const result = (await fill(client, 30)).body;
    expect(result.placed).toBe(3);
    expect(result.notPlaced.limit).toBe(PLANNED.length - 3);
    expect((await monthPosts(client)).length).toBe(POSTS_MAX);
  });

  it('uses only the caller’s own evergreen posts', async () => {
    const alice = await newClient();
    await oldPosts(alice, ['Alice’s secret tip']);
    const bob = await newClient();
    await saveStrategy(bob);
    const result = (await fill(bob, 30)).body;
    expect(result).toMatchObject({ placed: 0, evergreenPosts: 0 });
    expect(result.notPlaced.interval).toBe(PLANNED.length);
    expect(await monthPosts(bob)).toEqual([]);
  });
});

describe('filling with the AI writer', () => {
  let ai: FakeOpenAI;
  let aiServer: TestServer;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    aiServer = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' }, { timeoutMs: 5000, maxRetries: 0 });
  });
  afterAll(async () => {
    await aiServer.close();
    await ai.close();
  });

  it('counts one AI request per fill however many posts it rewords, and asks again when a wording repeats', async () => {
    const client = await onboardedClient(aiServer.url);
    await read(client.api.workspace.$get());
    const factories = createFactories(aiServer.database.db);
    await factories.month(client.userId, EARLIER, { contentGenerated: 1 });
    // The same words twice: the fake model's first rewording of each is the same, so one needs a second try.
    for (const date of [1, 2]) {
      const row = await factories.post(client.userId, EARLIER, { date: noonOf(EARLIER, date), content: 'Book your check-up today.' });
      expect((await mark(client, row.id, true, 1)).status).toBe(200);
    }
    await saveStrategy(client);
    const asked = ai.requests.length;
    const result = (await fill(client, 60)).body;
    expect(result.placed).toBe(2);
    expect(ai.requests.length - asked).toBe(3);
    const texts = (await monthPosts(client)).map((post) => post.content);
    expect(new Set(texts).size).toBe(2);
    const usage = await aiServer.database.db
      .selectFrom('ai_usage')
      .select('requests')
      .where('userId', '=', client.userId)
      .where('day', '=', new Date().toISOString().slice(0, 10))
      .executeTakeFirst();
    expect(usage?.requests).toBe(1);
  });
});
