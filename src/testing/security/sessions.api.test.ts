import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, TestClient } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_DAYS = 30;

/** A user signed up through the real endpoint; returns the session cookie exactly as the browser got it. */
async function signUp(server: TestServer, origin: string) {
  const client = new TestClient(server.url);
  const email = `user-${randomBytes(5).toString('hex')}@example.com`;
  const response = await client.request<{ user: { id: string } }>('POST', '/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: '' }, { origin });
  expect(response.status).toBe(200);
  const [name, value] = client.cookieHeader().split('=', 2) as [string, string];
  expect(name).toMatch(/session_token$/);
  return { email, userId: response.body.user.id, name, value };
}

/** A timestamp as better-auth stores it: ISO text on SQLite, a timestamp on PostgreSQL. */
const storedDate = (server: TestServer, date: Date) => (server.database.kind === 'sqlite' ? date.toISOString() : date);

/** GET /api/me with exactly this Cookie header and nothing else: what the holder of these cookies gets. */
async function meWith(server: TestServer, cookie: string) {
  const response = await new TestClient(server.url).request<{ user?: { email: string } } | undefined>('GET', '/api/me', undefined, { cookie });
  return { status: response.status, email: response.body?.user?.email, headers: response.headers };
}

describe.each([
  ['http', {}, 'better-auth.session_token', '__Secure-better-auth.session_token'],
  ['https', { PUBLIC_URL: 'https://planner.example' }, '__Secure-better-auth.session_token', 'better-auth.session_token'],
])('session cache over %s', (_scheme, env: Record<string, string>, configured, other) => {
  let server: TestServer;
  let origin: string;
  beforeAll(async () => {
    server = await startTestServer(env);
    origin = env.PUBLIC_URL ?? server.url;
  });
  afterAll(async () => server.close());

  it('uses the cookie name better-auth is configured for', async () => {
    const victim = await signUp(server, origin);
    expect(victim.name).toBe(configured);
  });

  // Each case: the victim's browser carries the real cookie plus one planted by a sibling subdomain.
  // The victim's request fills the cache; the attacker then sends only the planted value.
  it.each([
    ['a planted cookie of the other name, before the real one', (real: string, planted: string) => `${other}=${planted}; ${real}`],
    ['a planted cookie of the other name, after the real one', (real: string, planted: string) => `${real}; ${other}=${planted}`],
    ['a planted duplicate of the same name, after the real one', (real: string, planted: string) => `${real}; ${configured}=${planted}`],
    ['a planted duplicate of the same name, before the real one', (real: string, planted: string) => `${configured}=${planted}; ${real}`],
  ])('never lends the session to %s', async (_label, victimCookies) => {
    const victim = await signUp(server, origin);
    const planted = `planted-${randomBytes(6).toString('hex')}`;
    const header = victimCookies(`${victim.name}=${victim.value}`, planted);
    const asVictim = await meWith(server, header);
    // Whatever better-auth decides for the victim's header, the cached check decides the same.
    expect(asVictim.status).toBe(header.startsWith(`${configured}=planted`) ? 401 : 200);
    if (asVictim.status === 200) expect(asVictim.email).toBe(victim.email);
    for (const name of [configured, other]) {
      const asAttacker = await meWith(server, `${name}=${planted}`);
      expect(asAttacker.status, `${name}=planted`).toBe(401);
    }
    const write = await new TestClient(server.url).request('POST', '/api/feedback', { message: 'planted' }, { cookie: `${other}=${planted}`, origin });
    expect(write.status).toBe(401);
  });

  it('caches the check of the real cookie, and only that', async () => {
    const user = await signUp(server, origin);
    expect((await meWith(server, `${user.name}=${user.value}`)).email).toBe(user.email);
    // Removed behind better-auth's back (no /api/auth request empties the cache): the cached check
    // still answers for its few seconds, which shows the real cookie's check was cached.
    const db = server.database.db as unknown as Kysely<any>;
    await db.deleteFrom('session').where('userId', '=', user.userId).execute();
    expect((await meWith(server, `${user.name}=${user.value}`)).email).toBe(user.email);
    await new TestClient(server.url).request('GET', '/api/auth/ok');
    expect((await meWith(server, `${user.name}=${user.value}`)).status).toBe(401);
  });
});

describe('session renewal', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('sends the renewed cookie when better-auth extends a session that is a day old', async () => {
    const user = await signUp(server, server.url);
    // Age the session by a day and a minute, as if it had been signed in then: a refresh is due.
    const db = server.database.db as unknown as Kysely<any>;
    const aged = new Date(Date.now() + (SESSION_DAYS - 1) * DAY_MS - 60_000);
    await db
      .updateTable('session')
      .set({ expiresAt: storedDate(server, aged), updatedAt: storedDate(server, new Date(Date.now() - DAY_MS - 60_000)) })
      .where('userId', '=', user.userId)
      .execute();

    const renewed = await meWith(server, `${user.name}=${user.value}`);
    expect(renewed.status).toBe(200);
    const cookie = renewed.headers.getSetCookie().find((line) => line.startsWith(`${user.name}=`));
    expect(cookie, 'Set-Cookie for the session').toBeDefined();
    expect(cookie).toContain(`${user.name}=${user.value};`);
    expect(cookie).toMatch(new RegExp(`Max-Age=${SESSION_DAYS * 24 * 60 * 60}`));
    expect(cookie).toMatch(/HttpOnly/i);
    const row = await db.selectFrom('session').select('expiresAt').where('userId', '=', user.userId).executeTakeFirstOrThrow();
    const expiresAt = new Date(row.expiresAt as string | Date).getTime();
    expect(expiresAt).toBeGreaterThan(aged.getTime() + DAY_MS - 60_000);

    // The refresh is done: the next check sends no cookie.
    const next = await meWith(server, `${user.name}=${user.value}`);
    expect(next.status).toBe(200);
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it('tells the browser to drop the cookie of an expired session', async () => {
    const user = await signUp(server, server.url);
    const db = server.database.db as unknown as Kysely<any>;
    await db
      .updateTable('session')
      .set({ expiresAt: storedDate(server, new Date(Date.now() - 60_000)) })
      .where('userId', '=', user.userId)
      .execute();
    const refused = await meWith(server, `${user.name}=${user.value}`);
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie().find((line) => line.startsWith(`${user.name}=;`))).toMatch(/Max-Age=0/i);
  });
});
