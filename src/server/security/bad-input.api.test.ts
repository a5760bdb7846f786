import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '../../shared/domain/months';
import { onboardedClient, type TestClient } from '../testing/test-client';
import { startTestServer, type TestServer } from '../testing/test-server';
import { listApiRoutes, routeKey } from './api-routes';

const target = monthId(nextMonth(currentMonth(new Date(), 'UTC')));
const RUNS = 25;

let server: TestServer;
let client: TestClient & { userId: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  client = await onboardedClient(server.url);
  await client.get('/api/workspace');
  const post = await client.post(`/api/months/${target}/posts`, { mode: 'manual', date: `${target.replace(/-(\d)$/, '-0$1')}-05`, platform: 'facebook', type: 'text', content: 'Keep me' });
  Object.assign(ids, { id: target, postId: post.body.id, jobId: '00000000-0000-4000-8000-000000000000', versionId: '00000000-0000-4000-8000-000000000001', fileId: 'x.png' });
});
afterAll(async () => server.close());

/** Rows the user owns, table by table: a refused request must not change any of them. */
async function footprint(): Promise<string> {
  const db = server.database.db;
  const counts = await Promise.all([
    db.selectFrom('months').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', client.userId).executeTakeFirst(),
    db.selectFrom('posts').select(['content', 'version', 'date', 'hashtags', 'media', 'status']).where('userId', '=', client.userId).execute(),
    db.selectFrom('post_versions').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', client.userId).executeTakeFirst(),
    db.selectFrom('feedback').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', client.userId).executeTakeFirst(),
    db.selectFrom('profiles').selectAll().where('userId', '=', client.userId).executeTakeFirst(),
    db.selectFrom('generation_jobs').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', client.userId).executeTakeFirst(),
  ]);
  return JSON.stringify(counts, (key, value) => (key === 'updatedAt' ? undefined : value));
}

function expectErrorShape(status: number, body: unknown, label: string) {
  expect(status, `${label} answered ${status}: ${JSON.stringify(body)}`).toBeLessThan(500);
  if (status >= 400) {
    expect(body, label).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  }
}

/** Never a valid request: versions are not numbers, ratings are out of range, required fields are missing. */
const notANumber = fc.anything().filter((value) => typeof value !== 'number');
const badRating = fc.anything().filter((value) => value !== null && !(Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5));
const hostile = fc.oneof(
  fc.jsonValue(),
  fc.record({ version: notANumber, content: fc.anything(), strategy: fc.anything(), message: fc.anything(), rating: badRating, date: fc.anything(), mode: fc.constantFrom('manual', 'generate', 'x') }),
  fc.string({ unit: 'grapheme' }).map((text) => ({ content: text, instructions: text, name: text, platform: text })),
  fc.constantFrom({ __proto__: { admin: true } }, { constructor: { prototype: { polluted: true } } }, { content: '\u0000\u202e\ud800' }, { version: Number.MAX_SAFE_INTEGER + 2 }),
);

describe('bad input never breaks the API', () => {
  const writes = () =>
    listApiRoutes(server.app).filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && !route.path.endsWith('/media') && !route.path.endsWith('/ai/test') && !route.path.endsWith('/skip'));

  it('answers random and hostile JSON bodies with 4xx in the one error shape, storing nothing', async () => {
    const before = await footprint();
    const routes = writes();
    expect(routes.length).toBeGreaterThan(8);
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, (_m, name: string) => ids[name]!);
      await fc.assert(
        fc.asyncProperty(hostile, async (body) => {
          const response = await client.request(route.method, path, JSON.stringify(body) ?? 'null', { 'content-type': 'application/json' });
          expectErrorShape(response.status, response.body, routeKey(route));
          expect(response.status, `${routeKey(route)} accepted ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        }),
        { numRuns: RUNS },
      );
    }
    expect(await footprint()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers broken JSON, wrong content types and oversized bodies with 4xx', async () => {
    const before = await footprint();
    for (const route of writes()) {
      const path = route.path.replace(/:(\w+)/g, (_m, name: string) => ids[name]!);
      for (const [body, type] of [
        ['{"content": ', 'application/json'],
        ['content=hello', 'application/x-www-form-urlencoded'],
        ['<xml/>', 'text/xml'],
        ['', 'application/json'],
      ] as const) {
        const response = await client.request(route.method, path, body, { 'content-type': type });
        expectErrorShape(response.status, response.body, `${routeKey(route)} with ${type}`);
        expect(response.status).toBeGreaterThanOrEqual(400);
      }
      const huge = await client.rawRequest(route.method, path, JSON.stringify({ content: 'x'.repeat(300 * 1024) }));
      expect(huge.status, routeKey(route)).toBe(413);
      expect(huge.body.error.code).toBe('payload_too_large');
    }
    expect(await footprint()).toBe(before);
  });

  it('answers random path ids and query strings without a 5xx', async () => {
    const reads = listApiRoutes(server.app).filter((route) => route.method === 'GET' && route.path.includes(':') && !route.path.endsWith('/events'));
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), fc.string({ maxLength: 40 }), async (id, query) => {
        for (const route of reads) {
          const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(id));
          const response = await client.get(`${path}?${encodeURIComponent(query)}=${encodeURIComponent(id)}`);
          expectErrorShape(response.status, response.body, `${routeKey(route)} with id ${JSON.stringify(id)}`);
        }
        const holidays = await client.get(`/api/holidays?country=${encodeURIComponent(id)}&year=${encodeURIComponent(query)}&month=13`);
        expect(holidays.status).toBe(400);
      }),
      { numRuns: RUNS },
    );
  });
});
