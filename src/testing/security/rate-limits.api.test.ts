import { randomBytes } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CLIENT_IP_HEADER } from '@server/platform/auth';
import { fetchFrom } from '../fetch-from';
import { TEST_PASSWORD, TestClient } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';

/**
 * Every request here goes through the real path: a client connects from its own loopback address
 * (127.x.y.z), our middleware writes the client address into the one header better-auth reads, and
 * better-auth's limiter counts per address. Each test uses fresh addresses, as the limiter's memory
 * is shared by every server in this file.
 */
const LIMIT = 4;
let lastOctet = 10;
const nextAddress = () => `127.0.0.${lastOctet++}`;
const email = () => `user-${randomBytes(5).toString('hex')}@example.com`;

async function limitedServer(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ AUTH_RATE_LIMIT_MAX: String(LIMIT), ...env });
  onTestFinished(() => server.close());
  return server;
}

function clientFrom(server: TestServer, address = nextAddress()): TestClient {
  return new TestClient(server.url, fetchFrom(address));
}

async function signUpFrom(server: TestServer) {
  const client = clientFrom(server);
  const account = await client.signUp(email());
  return { client, ...account };
}

const tooMany = (response: { status: number; body: unknown }) =>
  response.status === 429 && /too many/i.test(String((response.body as { message?: string } | undefined)?.message));

describe('rate limits per client', () => {
  it('limits sign-in per client address, and no header a client sends buys a fresh bucket', async () => {
    const server = await limitedServer();
    const { email: victim } = await signUpFrom(server);
    const attacker = clientFrom(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT; attempt += 1) statuses.push((await attacker.signIn(victim, `wrong-${attempt}`)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    expect(tooMany(await attacker.signIn(victim, 'wrong-again'))).toBe(true);
    const forgeries: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { [CLIENT_IP_HEADER]: '203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.9', [CLIENT_IP_HEADER]: '203.0.113.10' },
    ];
    for (const forged of forgeries) {
      const response = await attacker.request('POST', '/api/auth/sign-in/email', { email: victim, password: 'wrong' }, forged);
      expect(tooMany(response), JSON.stringify(forged)).toBe(true);
    }
    // Another client has its own bucket: the owner still signs in.
    expect((await clientFrom(server).signIn(victim, TEST_PASSWORD)).status).toBe(200);
  });

  it('limits sign-up per client address', async () => {
    const server = await limitedServer();
    const signer = clientFrom(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
      statuses.push((await signer.post('/api/auth/sign-up/email', { email: email(), password: TEST_PASSWORD, name: '' })).status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    const forged = await signer.request(
      'POST',
      '/api/auth/sign-up/email',
      { email: email(), password: TEST_PASSWORD, name: '' },
      { [CLIENT_IP_HEADER]: '203.0.113.11' },
    );
    expect(forged.status).toBe(429);
    expect((await clientFrom(server).post('/api/auth/sign-up/email', { email: email(), password: TEST_PASSWORD, name: '' })).status).toBe(200);
  });

  it('limits password changes per client address', async () => {
    const server = await limitedServer();
    const { client, email: owner } = await signUpFrom(server);
    const change = (from: TestClient, currentPassword: string) =>
      from.post('/api/auth/change-password', { currentPassword, newPassword: 'another-password-42', revokeOtherSessions: false });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT; attempt += 1) statuses.push((await change(client, `wrong-${attempt}`)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(400));
    expect(tooMany(await change(client, TEST_PASSWORD))).toBe(true);
    const forged = { [CLIENT_IP_HEADER]: '203.0.113.12', 'x-forwarded-for': '203.0.113.12' };
    expect(
      tooMany(await client.request('POST', '/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'another-password-42' }, forged)),
    ).toBe(true);
    // The same user signed in from another address is not held back by the guesses made here.
    const elsewhere = clientFrom(server);
    expect((await elsewhere.signIn(owner, TEST_PASSWORD)).status).toBe(200);
    expect((await change(elsewhere, TEST_PASSWORD)).status).toBe(200);
  });
  it('limits account deletion per client address: past the limit the right password deletes nothing', async () => {
    const server = await limitedServer();
    const { client, email: owner } = await signUpFrom(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT; attempt += 1) statuses.push((await client.post('/api/auth/delete-user', { password: `wrong-${attempt}` })).status);
    expect(statuses).toEqual(Array(LIMIT).fill(400));
    expect(tooMany(await client.post('/api/auth/delete-user', { password: TEST_PASSWORD }))).toBe(true);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await clientFrom(server).signIn(owner, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('endpoints the app does not use', () => {
  it('answers 404 in the one error shape to verify-password, and (without SMTP) to asking for a reset link, even with the right password', async () => {
    const server = await limitedServer();
    const { client, email: owner } = await signUpFrom(server);
    const calls: [method: string, path: string, body?: object][] = [
      ['POST', '/api/auth/verify-password', { password: TEST_PASSWORD }],
      ['POST', '/api/auth/request-password-reset', { email: owner, redirectTo: '/' }],
    ];
    for (const [method, path, body] of calls) {
      const response = await client.request(method, path, body);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found.' } },
      });
    }
    // Setting a password from a link stays open for the links the operator makes (npm run reset-password); a guessed token sets nothing.
    const guessed = await client.request('POST', '/api/auth/reset-password', { newPassword: 'another-password-42', token: 'guess' });
    expect(guessed.status).toBe(400);
    expect((guessed.body as { code?: string }).code).toBe('INVALID_TOKEN');
    const followed = await client.request('GET', '/api/auth/reset-password/guess?callbackURL=/');
    expect(followed.status).toBe(302);
    expect(new URL(followed.headers.get('location')!).searchParams.get('error')).toBe('INVALID_TOKEN');
    expect((await clientFrom(server).signIn(owner, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const signInVia = (proxy: TestClient, forwardedFor: string, account: string) =>
    proxy.request('POST', '/api/auth/sign-in/email', { email: account, password: 'wrong' }, { 'x-forwarded-for': forwardedFor });

  it('behind a trusted hop, each client the proxy names has its own bucket, and a forged entry before it changes nothing', async () => {
    const server = await limitedServer({ TRUST_PROXY: '1' });
    const { email: account } = await signUpFrom(server);
    const proxy = clientFrom(server);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await signInVia(proxy, '203.0.113.21', account)).status).toBe(401);
    expect(tooMany(await signInVia(proxy, '203.0.113.21', account))).toBe(true);
    // The client wrote its own X-Forwarded-For; the proxy appended the address it saw.
    expect(tooMany(await signInVia(proxy, '198.51.100.1, 203.0.113.21', account))).toBe(true);
    expect((await signInVia(proxy, '203.0.113.22', account)).status).toBe(401);
  });

  it('with proxy addresses, only those proxies are believed', async () => {
    const proxyAddress = nextAddress();
    const server = await limitedServer({ TRUST_PROXY: proxyAddress });
    const { email: account } = await signUpFrom(server);
    const proxy = clientFrom(server, proxyAddress);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await signInVia(proxy, '203.0.113.31', account)).status).toBe(401);
    expect(tooMany(await signInVia(proxy, '203.0.113.31', account))).toBe(true);
    expect((await signInVia(proxy, '203.0.113.32', account)).status).toBe(401);
    // A client that is not the proxy: its X-Forwarded-For is ignored, its own address counts.
    const direct = clientFrom(server);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await signInVia(direct, `203.0.113.${40 + attempt}`, account)).status).toBe(401);
    expect(tooMany(await signInVia(direct, '203.0.113.50', account))).toBe(true);
  });

  it('unset, a forged X-Forwarded-For is ignored', async () => {
    const server = await limitedServer();
    const { email: account } = await signUpFrom(server);
    const client = clientFrom(server);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await signInVia(client, `203.0.113.${60 + attempt}`, account)).status).toBe(401);
    expect(tooMany(await signInVia(client, '203.0.113.70', account))).toBe(true);
  });
});
