import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { currentMonth, monthId, nextMonth, previousMonth } from '@shared/domain/months';
import { errorOf, onboardedClient, read } from '@testing/test-client';
import { createTestClock } from '@testing/test-clock';
import { startTestServer, type TestServer } from '@testing/test-server';
import { createFactories } from '@testing/factories';

// One instant for the server and the expectations, so a run crossing midnight at a month's end cannot
// split them. Early on 1 June in UTC is still 31 May in Los Angeles: the time-zone test can tell them apart.
const clock = createTestClock('2026-06-01T03:00:00.000Z');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, {}, { now: clock.now });
});
afterAll(async () => server.close());

const now = () => currentMonth(clock.now(), 'UTC');

async function monthCount(userId: string): Promise<number> {
  const rows = await server.database.db.selectFrom('months').select('id').where('userId', '=', userId).execute();
  return rows.length;
}

describe('workspace', () => {
  it('creates the current and the next month on first read, once', async () => {
    const client = await onboardedClient(server.url);
    const first = await read(client.api.workspace.$get());
    expect(first.status).toBe(200);
    const current = now();
    expect(first.body.active.map((month) => month.id)).toEqual([monthId(current), monthId(nextMonth(current))]);
    expect(first.body.archived).toEqual([]);
    expect(first.body.active[0]).toMatchObject({ status: 'active', archived: false, contentGenerated: false, lastGeneratedAt: null, postCount: 0 });
    await client.api.workspace.$get();
    expect(await monthCount(client.userId)).toBe(2);
  });

  it('creates each month once even when many first loads race', async () => {
    const client = await onboardedClient(server.url);
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.api.workspace.$get()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(await monthCount(client.userId)).toBe(2);
  });

  it('lists past months under archived, newest first', async () => {
    const client = await onboardedClient(server.url);
    const last = previousMonth(now());
    const older = previousMonth(previousMonth(last));
    await createFactories(server.database.db).month(client.userId, older, { createdAt: '2020-01-01T00:00:00.000Z' });
    await createFactories(server.database.db).month(client.userId, last, { contentGenerated: 1, lastGeneratedAt: clock.now().toISOString() });
    const workspace = await read(client.api.workspace.$get());
    expect(workspace.body.archived.map((month) => month.id)).toEqual([monthId(last), monthId(older)]);
    expect(workspace.body.archived[0]).toMatchObject({ status: 'archived', archived: true, contentGenerated: true });
  });

  it('counts months in the user’s own time zone and refuses unknown zones', async () => {
    const client = await onboardedClient(server.url);
    expect((await client.api.workspace['time-zone'].$put({ json: { timeZone: 'Mars/Olympus' } })).status).toBe(400);
    const saved = await client.api.workspace['time-zone'].$put({ json: { timeZone: 'America/Los_Angeles' } });
    expect(saved.status).toBe(200);
    const workspace = await read(client.api.workspace.$get());
    expect(workspace.body.timeZone).toBe('America/Los_Angeles');
    expect(workspace.body.currentMonthId).toBe('2026-5');
    expect(workspace.body.today).toBe('2026-05-31');
  });
});

describe('a month', () => {
  it('returns the month with its posts and strategy', async () => {
    const client = await onboardedClient(server.url);
    const { currentMonthId } = (await read(client.api.workspace.$get())).body;
    const month = await read(client.api.months[':id'].$get({ param: { id: currentMonthId } }));
    expect(month.status).toBe(200);
    expect(month.body).toMatchObject({ id: currentMonthId, posts: [], strategy: null, archived: false });
    expect(month.body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers 404 for a missing month, a malformed id and another user’s month', async () => {
    const alice = await onboardedClient(server.url);
    const bob = await onboardedClient(server.url);
    const { currentMonthId } = (await read(alice.api.workspace.$get())).body;
    expect((await bob.api.months[':id'].$get({ param: { id: currentMonthId } })).status).toBe(404);
    expect((await alice.api.months[':id'].$get({ param: { id: '1999-5' } })).status).toBe(404);
    const malformed = await read(alice.api.months[':id'].$get({ param: { id: '2026-13' } }));
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).code).toBe('bad_request');
    expect((await bob.api.months[':id'].strategy.$put({ param: { id: currentMonthId }, json: DEFAULT_STRATEGY })).status).toBe(404);
  });

  it('saves the strategy per month and returns it next time', async () => {
    const client = await onboardedClient(server.url);
    const { currentMonthId } = (await read(client.api.workspace.$get())).body;
    const strategy = { ...DEFAULT_STRATEGY, postFrequency: 5, preferredDays: ['Monday' as const, 'Friday' as const], keyThemes: 'Smiles' };
    expect((await client.api.months[':id'].strategy.$put({ param: { id: currentMonthId }, json: strategy })).status).toBe(200);
    const month = () => read(client.api.months[':id'].$get({ param: { id: currentMonthId } }));
    expect((await month()).body.strategy).toEqual(strategy);
    const invalid = await read(client.api.months[':id'].strategy.$put({ param: { id: currentMonthId }, json: { ...strategy, postFrequency: 9 } }));
    expect(invalid.status).toBe(400);
    expect((await month()).body.strategy?.postFrequency).toBe(5);
  });

  it('refuses writes to an archived month with 409, whatever the query string says', async () => {
    const client = await onboardedClient(server.url);
    const past = previousMonth(now());
    await createFactories(server.database.db).month(client.userId, past);
    const id = monthId(past);
    const answer = await client.get(`/api/months/${id}?archived=false`);
    expect(answer.body).toMatchObject({ archived: true, status: 'archived' });
    const write = await client.put(`/api/months/${id}/strategy?archived=false`, DEFAULT_STRATEGY);
    expect(write.status).toBe(409);
    expect(errorOf(write)).toEqual({ code: 'archived', message: 'This month is archived. Content cannot be modified.' });
    expect((await read(client.api.months[':id'].$get({ param: { id } }))).body.strategy).toBeNull();
  });
});
