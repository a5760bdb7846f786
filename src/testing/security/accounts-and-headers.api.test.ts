import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai-server';
import { onboardedClient, TEST_PASSWORD, TestClient, read, errorOf } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';
import { waitForJob } from '../generation-helpers';

const AI_KEY = 'sk-test-do-not-log-0123456789abcdef';
const target = monthId(nextMonth(currentMonth(new Date(), 'UTC')));

let ai: FakeOpenAI;
let server: TestServer;
beforeAll(async () => {
  ai = await startFakeOpenAI();
  server = await startTestServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AI_API_KEY: AI_KEY }, { maxRetries: 0, timeoutMs: 2000 });
});
afterAll(async () => {
  await server.close();
  await ai.close();
});

describe('browser security headers', () => {
  it('sends a strict CSP without inline scripts, nosniff, frame denial and a referrer policy', async () => {
    const response = await fetch(`${server.url}/api/me`);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('refuses a state-changing request from another origin, even with a valid session', async () => {
    const client = await onboardedClient(server.url);
    const foreign = await client.request('POST', '/api/feedback', { message: 'from evil.example' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign).code).toBe('forbidden');
    const crossSite = await client.request('PUT', '/api/profile/skip', {}, { origin: server.url, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await read(client.api.feedback.$post({ json: { message: 'same origin' } }))).status).toBe(201);
  });
});

describe('accounts', () => {
  it('never returns or logs passwords, and never logs the AI key', async () => {
    const client = await onboardedClient(server.url);
    const me = await read(client.api.me.$get());
    expect(JSON.stringify(me.body)).not.toContain(TEST_PASSWORD);
    await read(client.api.workspace.$get());
    const job = await read(client.api.months[':id'].generation.$post({ param: { id: target }, json: { strategy: DEFAULT_STRATEGY } }));
    await waitForJob(client, job.body.job.id);
    await client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'another-secret-pass-9', revokeOtherSessions: true });
    await new TestClient(server.url).signIn('nobody@example.com', TEST_PASSWORD);
    const settings = await read(client.api.settings.ai.$get());
    expect(JSON.stringify(settings.body)).not.toContain(AI_KEY);
    const log = server.logLines.join('\n');
    expect(log.length).toBeGreaterThan(1000);
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toContain('another-secret-pass-9');
    expect(log).not.toContain(AI_KEY);
    expect(ai.requests.some((request) => String(request.headers.authorization).includes(AI_KEY))).toBe(true);
  });

  it('ends other sessions at once at a password change, even one whose check is cached', async () => {
    const first = new TestClient(server.url);
    const { email } = await first.signUp();
    const second = new TestClient(server.url);
    expect((await second.signIn(email, TEST_PASSWORD)).status).toBe(200);
    // A signed-in request fills the session cache for the second session.
    expect((await read(second.api.me.$get())).status).toBe(200);
    const changed = await first.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'rotated-password-42',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await read(second.api.me.$get())).status).toBe(401);
    expect((await read(first.api.me.$get())).status).toBe(200);
  });

  it('ends every session of a deleted account at once, even one whose check is cached', async () => {
    const first = await onboardedClient(server.url);
    const second = new TestClient(server.url);
    expect((await second.signIn((await read(first.api.me.$get())).body.user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await read(second.api.me.$get())).status).toBe(200);
    expect((await first.post('/api/auth/delete-user', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await read(second.api.me.$get())).status).toBe(401);
    expect((await read(second.api.feedback.$post({ json: { message: 'after deletion' } }))).status).toBe(401);
  });
});
