import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, isLeapYear, monthId, type MonthRef } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import type { Post } from '@shared/schemas/post';
import type { GenerationJob } from '@shared/schemas/generation';
import { onboardedClient, type TestClient, read, errorOf } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';
import { addPost } from '../month-posts';
import { listApiRoutes, routeKey } from './api-routes';
import { createFactories } from '../factories';

/** February of the next common year and of the next leap year: both months lie ahead, so both are writable. */
const thisYear = currentMonth(new Date(), 'UTC').year;
const yearAfter = (leap: boolean) => {
  let year = thisYear + 1;
  while (isLeapYear(year) !== leap) year += 1;
  return year;
};
const COMMON: MonthRef = { year: yearAfter(false), month: 2 };
const LEAP: MonthRef = { year: yearAfter(true), month: 2 };
const feb = (ref: MonthRef, day: number) => `${ref.year}-02-${String(day).padStart(2, '0')}`;

/** Days no calendar has, in the shapes the API takes them. */
const IMPOSSIBLE_DAYS = [
  feb(COMMON, 29), // not a leap year
  feb(COMMON, 30),
  `${COMMON.year}-11-31`,
  `${COMMON.year}-04-31`,
  `${COMMON.year}-13-05`,
  `${COMMON.year}-00-10`,
  feb(COMMON, 0),
  '2100-02-29', // divisible by 100, not by 400
  `${COMMON.year}-2-5`,
  `${COMMON.year}-02-05T12:00:00Z`,
];
const IMPOSSIBLE_NOONS = [
  ...IMPOSSIBLE_DAYS.filter((day) => day.length === 10).map((day) => `${day}T12:00:00Z`),
  `${feb(COMMON, 10)}T25:00:00Z`, // hour 25
  `${feb(COMMON, 10)}T12:60:00Z`,
  `${feb(COMMON, 10)}T11:00:00Z`, // a real time, but post dates are noon UTC
  feb(COMMON, 10),
];

/**
 * Every route that takes a date or a time, with the field the 400 must name. `send` builds the request
 * for a value in the month `ref` (a post of that month for post routes).
 */
type DateRoute = { field: string; values: 'day' | 'noon' | 'time' | 'month'; send: (value: string, ref: MonthRef) => { path: string; body?: unknown } };
const holiday = (date: string) => ({ ...DEFAULT_STRATEGY, includeHolidays: true, selectedHolidays: [{ date, name: 'A holiday' }] });
const DATE_ROUTES: Record<string, DateRoute> = {
  'PATCH /api/posts/:postId': {
    field: 'date',
    values: 'noon',
    send: (date, ref) => ({ path: `/api/posts/${postIn(ref).id}`, body: { version: postIn(ref).version, date } }),
  },
  'POST /api/months/:id/posts': {
    field: 'date',
    values: 'day',
    send: (date, ref) => ({ path: `/api/months/${monthId(ref)}/posts`, body: { mode: 'manual', date, platform: 'facebook', type: 'text', content: 'Dated' } }),
  },
  'PUT /api/months/:id/strategy': {
    field: 'selectedHolidays.0.date',
    values: 'day',
    send: (date, ref) => ({ path: `/api/months/${monthId(ref)}/strategy`, body: holiday(date) }),
  },
  'PUT /api/posts/:postId/schedule': {
    field: 'time',
    values: 'time',
    send: (time, ref) => ({ path: `/api/posts/${postIn(ref).id}/schedule`, body: { platform: 'facebook', time } }),
  },
  'POST /api/posts/:postId/copy': {
    field: 'date',
    values: 'day',
    send: (date, ref) => ({ path: `/api/posts/${postIn(ref).id}/copy`, body: { mode: 'duplicate', version: postIn(ref).version, date } }),
  },
  'POST /api/months/:id/posts/bulk': {
    field: 'time',
    values: 'time',
    send: (time, ref) => ({
      path: `/api/months/${monthId(ref)}/posts/bulk`,
      body: { action: 'schedule', time, posts: [{ id: postIn(ref).id, version: postIn(ref).version }] },
    }),
  },
  'POST /api/months/:id/review-links': {
    field: 'fromDate',
    values: 'day',
    send: (date, ref) => ({ path: `/api/months/${monthId(ref)}/review-links`, body: { fromDate: date, toDate: date } }),
  },
  'GET /api/holidays': { field: 'month', values: 'month', send: (month, ref) => ({ path: `/api/holidays?country=US&year=${ref.year}&month=${month}` }) },
  // Last: accepting a generation replaces the month's posts, which the routes above use.
  'POST /api/months/:id/generation': {
    field: 'strategy.selectedHolidays.0.date',
    values: 'day',
    send: (date, ref) => ({ path: `/api/months/${monthId(ref)}/generation`, body: { strategy: holiday(date), replaceExisting: true } }),
  },
};
/** Routes whose input has no date or time (month ids in paths are swept separately below). */
const NO_DATES = new Set([
  'POST /api/notifications/read-all',
  'POST /api/notifications/:notificationId/read',
  'PUT /api/settings/notifications',
  'PUT /api/profile',
  'PATCH /api/profile',
  'POST /api/profile/skip',
  'PUT /api/workspace/time-zone',
  'PUT /api/months/:id/approval',
  'POST /api/feedback',
  'POST /api/settings/ai/test',
  'POST /api/generation-jobs/:jobId/retry',
  'POST /api/posts/:postId/rewrite',
  'POST /api/posts/:postId/versions/:versionId/restore',
  'POST /api/posts/:postId/media',
  'POST /api/media',
  'POST /api/posts/:postId/images',
  'POST /api/posts/:postId/images/:imageJobId/keep',
  'DELETE /api/posts/:postId/schedule',
  'DELETE /api/posts/:postId/media/:fileId',
  'PATCH /api/library/:fileId',
  'PUT /api/posts/:postId/evergreen',
  'POST /api/months/:id/evergreen-fill',
  // The dates of an import are inside its CSV text: each row's is checked, named by row number (import.api.test.ts).
  'POST /api/months/:id/import/preview',
  'POST /api/months/:id/import',
  'DELETE /api/library/:fileId',
  'POST /api/posts/:postId/library',
  'DELETE /api/posts/:postId',
  'POST /api/posts/:postId/restore',
  'POST /api/workspace/months',
  'POST /api/connections',
  'PATCH /api/connections/:connectionId',
  'DELETE /api/connections/:connectionId',
  'POST /api/connections/:connectionId/test',
  'POST /api/posts/:postId/delivery/retry',
  'POST /api/posts/:postId/delivery/confirm',
  'POST /api/connections/oauth/start',
  'POST /api/connections/oauth/grants/:grantId',
  'DELETE /api/review-links/:linkId',
  'POST /api/review/:token/posts/:postId',
  'POST /api/review/:token/approve-rest',
  'POST /api/voice/pasted',
  'POST /api/voice/csv',
  'POST /api/voice/read',
  'DELETE /api/voice/:exampleId',
  'DELETE /api/voice',
]);
const IMPOSSIBLE: Record<DateRoute['values'], string[]> = {
  day: IMPOSSIBLE_DAYS,
  noon: IMPOSSIBLE_NOONS,
  time: ['25:00', '24:00', '12:60', '9:00', '09:00:00'],
  month: ['13', '0', '-1', '1.5'],
};
const LEAP_DAY: Record<DateRoute['values'], (ref: MonthRef) => string> = {
  day: (ref) => feb(ref, 29),
  noon: (ref) => `${feb(ref, 29)}T12:00:00Z`,
  time: () => '23:59',
  month: (ref) => String(ref.month),
};

let server: TestServer;
let client: TestClient & { userId: string };
const posts = new Map<string, { id: string; version: number }>();
const postIn = (ref: MonthRef) => posts.get(monthId(ref))!;

beforeAll(async () => {
  server = await startTestServer();
  client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  for (const ref of [COMMON, LEAP]) {
    await createFactories(server.database.db).month(client.userId, ref);
    posts.set(monthId(ref), await addPost(client, { date: feb(ref, 10), content: 'Before' }, { targetId: monthId(ref), day: (n) => feb(ref, n) }));
  }
});
afterAll(async () => server.close());

const snapshot = async () =>
  JSON.stringify(await Promise.all([COMMON, LEAP].map(async (ref) => (await read(client.api.months[':id'].$get({ param: { id: monthId(ref) } }))).body)));

describe('dates are real calendar dates', () => {
  it('knows every route that takes input: each is a date route or reviewed as dateless', () => {
    const withInput = listApiRoutes(server.app).filter((route) => route.method !== 'GET' || route.path === '/api/holidays');
    const unknown = withInput.map(routeKey).filter((key) => key in DATE_ROUTES === NO_DATES.has(key));
    expect(unknown, 'list each route in DATE_ROUTES (it takes a date or time) or in NO_DATES').toEqual([]);
  });

  it.each(Object.keys(DATE_ROUTES))('%s answers impossible dates with 400 naming the field, and stores nothing', async (key) => {
    const route = DATE_ROUTES[key]!;
    const method = key.split(' ')[0]!;
    const before = await snapshot();
    for (const value of IMPOSSIBLE[route.values]) {
      const { path, body } = route.send(value, COMMON);
      const response = await client.request(method, path, body);
      expect(response.status, `${key} with ${value}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(errorOf(response).code).toBe('bad_request');
      expect(Object.keys(errorOf(response).fields ?? {}), `${key} with ${value}`).toContain(route.field);
    }
    expect(await snapshot()).toBe(before);
  });

  it.each(Object.keys(DATE_ROUTES))('%s takes the leap day of a leap year', async (key) => {
    const route = DATE_ROUTES[key]!;
    const { path, body } = route.send(LEAP_DAY[route.values](LEAP), LEAP);
    const response = await client.request(key.split(' ')[0]!, path, body);
    expect(response.status, `${key}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    if (key === 'PATCH /api/posts/:postId') posts.set(monthId(LEAP), response.body as Post);
    if (key === 'POST /api/months/:id/generation') {
      for (
        let i = 0;
        i < 300 &&
        (await read(client.api['generation-jobs'][':jobId'].$get({ param: { jobId: (response.body as { job: GenerationJob }).job.id } }))).body.job.status ===
          'running';
        i += 1
      )
        await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('answers an impossible month in a month id with 400 naming the id, on every route that takes one', async () => {
    const routes = listApiRoutes(server.app).filter((route) => route.path.includes('/:id'));
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      for (const id of [`${COMMON.year}-13`, `${COMMON.year}-0`, `${COMMON.year}-02-30`]) {
        const response = await client.request(route.method, route.path.replace(':id', id), route.method === 'GET' ? undefined : {});
        expect(response.status, `${routeKey(route)} with ${id}`).toBe(400);
        expect(Object.keys(errorOf(response).fields ?? {})).toContain('id');
      }
    }
  });
});
