import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { RESET_LINK_SECONDS } from '@server/platform/auth';
import { runScript } from '@testing/backup-script';
import { fetchFrom } from '@testing/fetch-from';
import { databaseEnv } from '@testing/test-database';
import { startSmtpInbox, type SmtpInbox } from '@testing/smtp-inbox';
import { TEST_PASSWORD, TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

/**
 * Password reset through better-auth's own flow, its link e-mailed through the outbox to a real SMTP
 * server: the link sets a new password once, signs out every session, lives an hour; the answer is the
 * same for an unknown address; asking is rate-limited. Without SMTP, asking is not offered.
 */
const NEW_PASSWORD = 'a-brand-new-password-42';
let inbox: SmtpInbox;
let server: TestServer;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Content Planner <planner@example.com>' });
});
afterAll(async () => {
  await server?.close();
  await inbox?.close();
});
beforeEach(() => {
  inbox.messages.length = 0;
});

const authDb = () => server.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
const requestReset = (client: TestClient, email: string) => client.post('/api/auth/request-password-reset', { email });

/** Sends the outbox and reads the one reset e-mail that arrived for `email`: its link and the token in it. */
async function resetMailFor(email: string) {
  await server.services.mailWorker.sendDue();
  const received = inbox.messages.filter((message) => message.envelopeTo.includes(email));
  expect(received).toHaveLength(1);
  const text = received[0]!.parsed.text ?? '';
  const link = text.split('\n').find((line) => line.startsWith(`${server.url}/api/auth/reset-password/`));
  expect(link, text).toBeDefined();
  const token = decodeURIComponent(new URL(link!).pathname.split('/').at(-1)!);
  return { link: link!, token, message: received[0]! };
}

/** Where following the e-mailed link takes the browser (better-auth checks the token, then redirects). */
async function follow(link: string) {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

async function signedUp() {
  const owner = new TestClient(server.url);
  const account = await owner.signUp();
  return { owner, ...account };
}

describe('password reset by e-mail', () => {
  it('tells the login page that a reset can be asked for', async () => {
    expect((await new TestClient(server.url).get('/api/login-options')).body).toEqual({ passwordReset: true });
  });

  it('e-mails a single-use link that sets a new password and signs out every session', async () => {
    const { owner, email } = await signedUp();
    const otherDevice = new TestClient(server.url);
    expect((await otherDevice.signIn(email, TEST_PASSWORD)).status).toBe(200);
    expect((await owner.get('/api/me')).status).toBe(200);

    const asked = await requestReset(new TestClient(server.url), email);
    expect(asked.status).toBe(200);
    const { link, token, message } = await resetMailFor(email);
    expect(message.parsed.subject).toBe('Set a new password for Content Planner');
    expect(message.parsed.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    // At rest: the token only as its SHA-256, in better-auth's table and nowhere in the outbox.
    const stored = await authDb().selectFrom('verification').select(['identifier', 'expiresAt']).execute();
    expect(stored.some((row) => String(row.identifier).includes(token))).toBe(false);
    const hashed = createHash('sha256').update(`reset-password:${token}`).digest('base64url');
    expect(stored.map((row) => row.identifier)).toContain(hashed);
    const outbox = await server.database.db.selectFrom('mail_outbox').select(['text', 'html', 'key']).execute();
    expect(outbox.some((row) => row.text.includes(token) || row.html.includes(token) || row.key.includes(token))).toBe(false);

    const page = await follow(link);
    expect(`${page.origin}${page.pathname}`).toBe(`${server.url}/login`);
    expect(page.searchParams.get('step')).toBe('reset');
    expect(page.searchParams.get('token')).toBe(token);

    const reset = await new TestClient(server.url).post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await new TestClient(server.url).signIn(email, TEST_PASSWORD)).status).toBe(401);
    expect((await new TestClient(server.url).signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect((await owner.get('/api/me')).status).toBe(401);
    expect((await otherDevice.get('/api/me')).status).toBe(401);

    // Used once: the same link sets nothing more.
    const again = await new TestClient(server.url).post('/api/auth/reset-password', { token, newPassword: 'yet-another-password-7' });
    expect(again.status).toBe(400);
    expect((await follow(link)).searchParams.get('error')).toBe('INVALID_TOKEN');
    expect((await new TestClient(server.url).signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and e-mails nobody', async () => {
    const { email } = await signedUp();
    const known = await requestReset(new TestClient(server.url), email);
    const unknown = await requestReset(new TestClient(server.url), 'nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await server.services.mailWorker.sendDue();
    expect(inbox.messages.map((message) => message.envelopeTo)).toEqual([[email]]);
  });

  it('a link is good for one hour', async () => {
    const { email } = await signedUp();
    const askedAt = Date.now();
    await requestReset(new TestClient(server.url), email);
    const { link, token } = await resetMailFor(email);
    const hashed = createHash('sha256').update(`reset-password:${token}`).digest('base64url');
    const row = await authDb().selectFrom('verification').select('expiresAt').where('identifier', '=', hashed).executeTakeFirstOrThrow();
    const expiresAt = new Date(row.expiresAt as string | number | Date).getTime();
    expect(Math.abs(expiresAt - (askedAt + RESET_LINK_SECONDS * 1000))).toBeLessThan(60_000);

    // better-auth compares with its own clock (new Date()), which no test can move: the hour is made to have passed in the row.
    const past = new Date(Date.now() - 1_000);
    const stamp = typeof row.expiresAt === 'string' ? past.toISOString() : typeof row.expiresAt === 'number' ? past.getTime() : past;
    await authDb().updateTable('verification').set({ expiresAt: stamp }).where('identifier', '=', hashed).execute();
    expect((await follow(link)).searchParams.get('error')).toBe('INVALID_TOKEN');
    const late = await new TestClient(server.url).post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(late.status).toBe(400);
    expect((await new TestClient(server.url).signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('limits asking and resetting per client address', async () => {
    const limited = await startTestServer({ SMTP_URL: inbox.url, MAIL_FROM: 'planner@example.com', AUTH_RATE_LIMIT_MAX: '3' });
    onTestFinished(() => limited.close());
    const { email } = await new TestClient(limited.url, fetchFrom('127.0.0.60')).signUp();
    const asker = new TestClient(limited.url, fetchFrom('127.0.0.61'));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await requestReset(asker, email)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const guesser = new TestClient(limited.url, fetchFrom('127.0.0.62'));
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      guesses.push((await guesser.post('/api/auth/reset-password', { token: `guess-${attempt}`, newPassword: NEW_PASSWORD })).status);
    expect(guesses).toEqual([400, 400, 400, 429]);
    // Another client is not held back.
    expect((await requestReset(new TestClient(limited.url, fetchFrom('127.0.0.63')), email)).status).toBe(200);
  });
});

describe('without SMTP', () => {
  it('offers no reset link and refuses to send one', async () => {
    const plain = await startTestServer();
    onTestFinished(() => plain.close());
    const visitor = new TestClient(plain.url);
    expect((await visitor.get('/api/login-options')).body).toEqual({ passwordReset: false });
    const { email } = await new TestClient(plain.url).signUp();
    const asked = await requestReset(visitor, email);
    expect(asked.status).toBe(404);
    expect(asked.body).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    expect(await plain.database.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('npm run reset-password prints a one-time link the running server accepts', async () => {
    const plain = await startTestServer();
    onTestFinished(() => plain.close());
    const { email, owner } = await (async () => {
      const client = new TestClient(plain.url);
      return { ...(await client.signUp()), owner: client };
    })();
    const env = { DATA_DIR: plain.dataDir, PUBLIC_URL: plain.url, AUTH_SECRET: plain.config.authSecret, ...databaseEnv(plain.config.database) };
    const run = await runScript('reset-password.ts', [email], env);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const link = run.stdout.split('\n').find((line) => line.startsWith(`${plain.url}/api/auth/reset-password/`));
    expect(link, run.stdout).toBeDefined();
    const page = new URL((await fetch(link!, { redirect: 'manual' })).headers.get('location')!);
    expect(page.pathname).toBe('/login');
    const token = page.searchParams.get('token')!;
    expect((await new TestClient(plain.url).post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect((await new TestClient(plain.url).signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect((await new TestClient(plain.url).signIn(email, TEST_PASSWORD)).status).toBe(401);
    expect((await owner.get('/api/me')).status).toBe(401);
    expect((await new TestClient(plain.url).post('/api/auth/reset-password', { token, newPassword: 'one-more-password-9' })).status).toBe(400);

    const unknown = await runScript('reset-password.ts', ['nobody-here@example.com'], env);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe('No account uses nobody-here@example.com.\n');
    expect(unknown.stdout).toBe('');
  });
});
