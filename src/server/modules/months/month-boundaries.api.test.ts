import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { ARCHIVED_MESSAGE } from './access';
import { createTestClock } from '@testing/test-clock';
import { onboardedClient, read, errorOf } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

/** A month turns archived at local midnight after its last day, in the user's own time zone. */
const clock = createTestClock('2031-01-15T12:00:00.000Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, {}, { now: clock.now });
});
afterAll(async () => server.close());

const before = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();

async function userIn(timeZone: string) {
  const client = await onboardedClient(server.url);
  expect((await read(client.api.workspace['time-zone'].$put({ json: { timeZone } }))).status).toBe(200);
  return client;
}

describe('archived state at local midnight after the last day of a month', () => {
  it.each([
    // zone, month, the instant its local midnight after the last day falls on
    ['UTC', '2031-1', '2031-02-01T00:00:00.000Z'],
    ['Pacific/Kiritimati', '2031-1', '2031-01-31T10:00:00.000Z'], // UTC+14: the first zone to end a month
    ['Pacific/Pago_Pago', '2031-1', '2031-02-01T11:00:00.000Z'], // UTC−11: among the last
    ['Asia/Kathmandu', '2031-1', '2031-01-31T18:15:00.000Z'], // UTC+5:45
    ['America/Los_Angeles', '2031-3', '2031-04-01T07:00:00.000Z'], // daylight saving time (UTC−7) since 9 March
  ])('%s: %s is writable just before %s and archived from that instant', async (timeZone, id, midnight) => {
    clock.set(before(midnight));
    const client = await userIn(timeZone);
    const workspace = (await read(client.api.workspace.$get())).body;
    expect(workspace.currentMonthId).toBe(id);
    expect((await read(client.api.months[':id'].$get({ param: { id } }))).body).toMatchObject({ archived: false, status: 'active' });
    const lastDay = workspace.today;
    const strategy = { ...DEFAULT_STRATEGY, keyThemes: 'Before midnight' };
    expect((await read(client.api.months[':id'].strategy.$put({ param: { id }, json: strategy }))).status).toBe(200);
    const added = await read(
      client.api.months[':id'].posts.$post({ param: { id }, json: { mode: 'manual', date: lastDay, platform: 'facebook', type: 'text', content: 'Last day' } }),
    );
    expect(added.status).toBe(201);

    clock.set(midnight);
    const month = (await read(client.api.months[':id'].$get({ param: { id } }))).body;
    expect(month).toMatchObject({ archived: true, status: 'archived' });
    expect((await read(client.api.workspace.$get())).body.archived.map((entry: { id: string }) => entry.id)).toEqual([id]);
    const refused = [
      await read(client.api.months[':id'].strategy.$put({ param: { id }, json: { ...strategy, keyThemes: 'After midnight' } })),
      await read(
        client.api.months[':id'].posts.$post({
          param: { id },
          json: { mode: 'manual', date: lastDay, platform: 'facebook', type: 'text', content: 'Too late' },
        }),
      ),
      await read(client.api.posts[':postId'].$patch({ param: { postId: added.body.id }, json: { version: 1, content: 'Too late' } })),
      await read(client.api.posts[':postId'].schedule.$put({ param: { postId: added.body.id }, json: { platform: 'facebook', time: '09:00' } })),
    ];
    expect(refused.map((answer) => [answer.status, errorOf(answer).code])).toEqual(Array(4).fill([409, 'archived']));
    expect(errorOf(refused[0]!).message).toBe(ARCHIVED_MESSAGE);
    const after = (await read(client.api.months[':id'].$get({ param: { id } }))).body;
    expect(after.strategy).toEqual(strategy);
    expect(after.posts.map((post: { content: string; version: number; status: string }) => [post.content, post.version, post.status])).toEqual([
      ['Last day', 1, 'draft'],
    ]);
  });
});

describe('changing the time zone', () => {
  // 31 January 2031, 12:00 UTC: already 1 February in Kiritimati (UTC+14), still 31 January in Pago Pago (UTC−11).
  const KIRITIMATI_FEBRUARY = '2031-01-31T12:00:00.000Z';

  it('does not reopen a month that had already ended in the zone the user had', async () => {
    clock.set('2031-01-20T12:00:00.000Z');
    const client = await userIn('Pacific/Kiritimati');
    await read(client.api.workspace.$get());
    const strategy = { ...DEFAULT_STRATEGY, keyThemes: 'January' };
    expect((await read(client.api.months[':id'].strategy.$put({ param: { id: '2031-1' }, json: strategy }))).status).toBe(200);

    clock.set(KIRITIMATI_FEBRUARY);
    expect((await read(client.api.months[':id'].$get({ param: { id: '2031-1' } }))).body.archived).toBe(true);
    expect((await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'Pacific/Pago_Pago' } }))).status).toBe(200);

    const workspace = (await read(client.api.workspace.$get())).body;
    expect(workspace).toMatchObject({ timeZone: 'Pacific/Pago_Pago', today: '2031-01-31', currentMonthId: '2031-2' });
    expect(workspace.archived.map((month: { id: string }) => month.id)).toEqual(['2031-1']);
    expect(workspace.active.map((month: { id: string }) => month.id)).toEqual(['2031-2', '2031-3']);
    expect((await read(client.api.months[':id'].$get({ param: { id: '2031-1' } }))).body).toMatchObject({ archived: true, status: 'archived', strategy });
    const refused = [
      await read(client.api.months[':id'].strategy.$put({ param: { id: '2031-1' }, json: { ...strategy, keyThemes: 'Reopened' } })),
      await read(
        client.api.months[':id'].posts.$post({
          param: { id: '2031-1' },
          json: { mode: 'manual', date: '2031-01-31', platform: 'facebook', type: 'text', content: 'Reopened' },
        }),
      ),
      await read(client.api.months[':id'].generation.$post({ param: { id: '2031-1' }, json: { strategy } })),
    ];
    expect(refused.map((answer) => [answer.status, errorOf(answer).code])).toEqual(Array(3).fill([409, 'archived']));
    expect((await read(client.api.months[':id'].$get({ param: { id: '2031-1' } }))).body).toMatchObject({ strategy, posts: [] });
    // The next month is the one to plan now.
    expect((await read(client.api.months[':id'].strategy.$put({ param: { id: '2031-2' }, json: strategy }))).status).toBe(200);

    // Going back and forth changes nothing: the month stays archived.
    await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'Pacific/Kiritimati' } }));
    await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'Pacific/Pago_Pago' } }));
    expect((await read(client.api.months[':id'].$get({ param: { id: '2031-1' } }))).body.archived).toBe(true);
  });

  it('counts the UTC a new account starts with only once the user has set a zone', async () => {
    // At sign-up the zone is UTC until the browser reports its own: in UTC, January has ended.
    clock.set('2031-02-01T05:00:00.000Z');
    const client = await userIn('Pacific/Pago_Pago');
    expect((await read(client.api.workspace.$get())).body).toMatchObject({ currentMonthId: '2031-1', today: '2031-01-31' });
    expect((await read(client.api.months[':id'].strategy.$put({ param: { id: '2031-1' }, json: DEFAULT_STRATEGY }))).status).toBe(200);
    // Once set, the zone counts: UTC chosen now would not reopen January after this.
    expect((await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'UTC' } }))).status).toBe(200);
    expect((await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'Pacific/Pago_Pago' } }))).status).toBe(200);
    expect((await read(client.api.months[':id'].$get({ param: { id: '2031-1' } }))).body.archived).toBe(true);
  });
});
