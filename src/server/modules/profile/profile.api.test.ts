import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@testing/test-server';
import { TEST_PASSWORD, TestClient, errorOf, read } from '@testing/test-client';
import type { ProfileInput } from '@shared/schemas/profile';
import { createTestClock } from '@testing/test-clock';

const FULL_PROFILE: ProfileInput = {
  name: 'Dana Moss',
  companyName: 'Bright Smile Dental',
  description: 'A family dental practice in the city centre.',
  industry: 'dental',
  toneOfVoice: ['professional', 'conversational'],
  brandColors: ['#3b5bdb'],
  website: 'https://brightsmile.example',
  targetAudience: 'Families and young professionals nearby.',
  businessGoals: ['brandAwareness', 'customerEngagement'],
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('accounts', () => {
  it('signs a new user up with a session cookie that is httpOnly and SameSite', async () => {
    const client = new TestClient(server.url);
    const response = await client.post('/api/auth/sign-up/email', { email: 'new@example.com', password: TEST_PASSWORD, name: '' });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(JSON.stringify(response.body)).not.toContain(TEST_PASSWORD);
    const me = await read(client.api.me.$get());
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('new@example.com');
    expect(me.body.profile.completedOnboarding).toBe(false);
  });

  it('refuses a wrong password and lets the right one in', async () => {
    const owner = new TestClient(server.url);
    const { email } = await owner.signUp();
    const stranger = new TestClient(server.url);
    const wrong = await stranger.signIn(email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(stranger.hasSession()).toBe(false);
    const right = await stranger.signIn(email, TEST_PASSWORD);
    expect(right.status).toBe(200);
    expect((await read(stranger.api.me.$get())).status).toBe(200);
  });

  it('refuses a second account for an email with better-auth’s own code, which the sign-up form switches on', async () => {
    const { email } = await new TestClient(server.url).signUp();
    const again = await new TestClient(server.url).post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: '' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
  });

  it('ends the session on sign-out, on the server as well, even while its check is cached', async () => {
    const client = new TestClient(server.url);
    await client.signUp();
    const copy = client.copyFor(server.url);
    // Both signed-in requests fill the session cache with this session's check.
    expect((await read(client.api.me.$get())).status).toBe(200);
    expect((await read(copy.api.me.$get())).status).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await read(client.api.me.$get())).status).toBe(401);
    // The old cookie replayed by someone else no longer works either.
    expect((await read(copy.api.me.$get())).status).toBe(401);
  });
});

describe('every API route needs a session', () => {
  it.each([
    ['GET', '/api/me'],
    ['GET', '/api/profile'],
    ['PUT', '/api/profile'],
    ['POST', '/api/profile/skip'],
  ])('%s %s answers 401 in the JSON error shape', async (method, path) => {
    const response = await new TestClient(server.url).request(method, path, method === 'GET' ? undefined : {});
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await new TestClient(server.url).get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
  });
});

describe('profile', () => {
  it('saves the onboarding answers and reads them back, completed', async () => {
    const client = new TestClient(server.url);
    await client.signUp();
    const saved = await read(client.api.profile.$put({ json: FULL_PROFILE }));
    expect(saved.status).toBe(200);
    const stored = await read(client.api.profile.$get());
    expect(stored.body).toMatchObject({ ...FULL_PROFILE, completedOnboarding: true });
    expect(Date.parse(stored.body.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('skip keeps onboarding answers out but marks onboarding complete with empty names', async () => {
    const client = new TestClient(server.url);
    await client.signUp();
    const skipped = await read(client.api.profile.skip.$post());
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ name: '', companyName: '', completedOnboarding: true });
    expect((await read(client.api.me.$get())).body.profile.completedOnboarding).toBe(true);
  });

  it('skip after a save merges: the other fields stay', async () => {
    const client = new TestClient(server.url);
    await client.signUp();
    await read(client.api.profile.$put({ json: FULL_PROFILE }));
    const skipped = await read(client.api.profile.skip.$post());
    expect(skipped.body).toMatchObject({ name: '', companyName: '', industry: 'dental', website: FULL_PROFILE.website });
  });

  it('keeps one user out of another user’s profile', async () => {
    const alice = new TestClient(server.url);
    await alice.signUp();
    await read(alice.api.profile.$put({ json: FULL_PROFILE }));
    const bob = new TestClient(server.url);
    await bob.signUp();
    const bobs = await read(bob.api.profile.$get());
    expect(bobs.body.companyName).toBe('');
    expect(bobs.body.completedOnboarding).toBe(false);
    await read(bob.api.profile.$put({ json: { ...FULL_PROFILE, companyName: 'Bob Insurance' } }));
    expect((await read(alice.api.profile.$get())).body.companyName).toBe('Bright Smile Dental');
  });

  it.each([
    ['an unknown industry', { ...FULL_PROFILE, industry: 'mining' }],
    ['an unknown tone', { ...FULL_PROFILE, toneOfVoice: ['sarcastic'] }],
    ['a name that is too long', { ...FULL_PROFILE, name: 'x'.repeat(101) }],
    ['a website that is not an address', { ...FULL_PROFILE, website: 'not a website' }],
    ['a missing field', { name: 'Dana' }],
    ['a list where text belongs', { ...FULL_PROFILE, companyName: ['a'] }],
  ])('refuses %s with a 400 JSON error and stores nothing', async (_label, body) => {
    const client = new TestClient(server.url);
    await client.signUp();
    const response = await client.put('/api/profile', body);
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('bad_request');
    expect(errorOf(response).message).toMatch(/Invalid json/);
    expect((await read(client.api.profile.$get())).body.completedOnboarding).toBe(false);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const client = new TestClient(server.url);
    await client.signUp();
    const response = await client.request('PUT', '/api/profile', '{"name": ', { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('bad_request');
  });
});

describe('profile writes on the server clock', () => {
  const clock = createTestClock('2031-03-04T05:06:07.000Z');
  let clocked: TestServer;
  beforeAll(async () => {
    clocked = await startTestServer({}, {}, { now: clock.now });
  });
  afterAll(async () => clocked.close());

  it('stamps onboarding, an edit and a skip with the injected clock', async () => {
    const client = new TestClient(clocked.url);
    await client.signUp();
    expect((await read(client.api.profile.$put({ json: FULL_PROFILE }))).body.updatedAt).toBe('2031-03-04T05:06:07.000Z');
    clock.set('2031-03-05T00:00:00.000Z');
    expect((await read(client.api.profile.$patch({ json: { ...FULL_PROFILE, name: 'Dana M.' } }))).body.updatedAt).toBe('2031-03-05T00:00:00.000Z');
    clock.set('2031-03-06T00:00:00.000Z');
    expect((await read(client.api.profile.skip.$post())).body.updatedAt).toBe('2031-03-06T00:00:00.000Z');
  });
});
