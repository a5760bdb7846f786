import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, TestClient } from '../testing/test-client';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

// Session checks are cached for a few seconds (docs/performance.md); every request to /api/auth empties
// the cache, so none of these waits for the cached check to run out.
describe('a session check that was just cached', () => {
  it('no longer lets a signed-out cookie in', async () => {
    const client = new TestClient(server.url);
    await client.signUp();
    const cookie = client.cookieHeader();
    const me = () => fetch(`${server.url}/api/me`, { headers: { cookie } }).then((response) => response.status);
    expect(await me()).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await me()).toBe(401);
  });

  it('no longer lets in a session ended by a password change elsewhere', async () => {
    const first = new TestClient(server.url);
    const { email } = await first.signUp();
    const second = new TestClient(server.url);
    expect((await second.signIn(email, TEST_PASSWORD)).status).toBe(200);
    expect((await second.get('/api/me')).status).toBe(200);
    const changed = await first.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'rotated-password-42',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await second.get('/api/me')).status).toBe(401);
  });
});
