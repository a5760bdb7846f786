import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../test-clock';
import type { GoogleServer } from './google-server';
import { call, clickConsent, startStandIn } from './stand-in-suite';

const REDIRECT = 'http://127.0.0.1:9/oauth/google/callback';
const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
let google: GoogleServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ google, close } = await startStandIn({ now: clock.now, redirectUris: [REDIRECT] }));
});
afterAll(() => close());

const authorize = (extra: Record<string, string> = {}) =>
  `${google.urls.accounts}/o/oauth2/v2/auth?${new URLSearchParams({
    client_id: google.client.id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: google.scope,
    state: 'st-7',
    access_type: 'offline',
    prompt: 'consent',
    ...extra,
  })}`;
const tokenCall = (form: Record<string, string>) => call(`${google.urls.oauth2}/token`, { form });
const exchange = (code: string, extra: Record<string, string> = {}) =>
  tokenCall({ grant_type: 'authorization_code', code, client_id: google.client.id, client_secret: google.client.secret, redirect_uri: REDIRECT, ...extra });
const refresh = (refreshToken: string) =>
  tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: google.client.id, client_secret: google.client.secret });
const accounts = (token: string) => call(`${google.urls.accountManagement}/v1/accounts`, { token });
const codeOf = (url: string) => new URL(url).searchParams.get('code')!;

describe('authorization page', () => {
  it('round-trips state and scope through Allow; the code gives an hour-long token and a refresh token, once', async () => {
    const back = await clickConsent(google, authorize());
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-7');
    expect(back.searchParams.get('scope')).toBe(google.scope);
    const code = back.searchParams.get('code')!;
    const wrongSecret = await exchange(code, { client_secret: 'not-it' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body).toEqual({ error: 'invalid_client', error_description: 'Unauthorized' });
    const token = await exchange(code);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ access_token: expect.stringMatching(/^ya29\./), expires_in: 3599, token_type: 'Bearer', scope: google.scope });
    expect(token.body.refresh_token).toEqual(expect.any(String));
    expect((await accounts(token.body.access_token)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it('Cancel redirects with access_denied and the state', async () => {
    const back = await clickConsent(google, authorize(), 'deny');
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'st-7' });
  });

  it('shows an error page, never a redirect, for a wrong client, an unlisted redirect URI, or a request without scope', async () => {
    const client = await call(authorize({ client_id: 'someone-else.apps.googleusercontent.com' }));
    expect(client.status).toBe(401);
    expect(client.body).toContain('Error 401: invalid_client');
    const redirect = await call(authorize({ redirect_uri: 'https://evil.example/cb' }));
    expect(redirect.status).toBe(400);
    expect(redirect.body).toContain('redirect_uri_mismatch');
    expect(redirect.headers.get('location')).toBeNull();
    const noScope = await call(authorize({ scope: '' }));
    expect(noScope.body).toContain('Missing required parameter: scope');
    expect(() => google.approve(authorize({ response_type: 'token' }))).toThrow(/invalid_request/);
  });

  it('refuses a code past its ten minutes, and one sent with another redirect_uri', async () => {
    const late = codeOf(google.approve(authorize()));
    clock.advance(10 * 60_000 + 1000);
    expect((await exchange(late)).body.error).toBe('invalid_grant');
    google.allowRedirectUri('http://127.0.0.1:9/other');
    const repointed = await exchange(codeOf(google.approve(authorize())), { redirect_uri: 'http://127.0.0.1:9/other' });
    expect(repointed.body.error).toBe('redirect_uri_mismatch');
  });

  it('checks a PKCE verifier against an S256 or a plain challenge', async () => {
    const verifier = 'a-verifier-of-enough-length-0123456789-abcdefghij';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const withPkce = () => codeOf(google.approve(authorize({ code_challenge: challenge, code_challenge_method: 'S256' })));
    expect((await exchange(withPkce())).body).toEqual({ error: 'invalid_grant', error_description: 'Missing code verifier.' });
    expect((await exchange(withPkce(), { code_verifier: `${verifier}x` })).body).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid code verifier.',
    });
    expect((await exchange(withPkce(), { code_verifier: verifier })).status).toBe(200);
    expect(() => google.approve(authorize({ code_challenge: challenge, code_challenge_method: 'MD5' }))).toThrow(/code_challenge_method/);
    // Without a method the challenge is plain: the verifier itself.
    const plain = codeOf(google.approve(authorize({ code_challenge: verifier })));
    expect((await exchange(plain, { code_verifier: verifier })).status).toBe(200);
  });

  it('gives a refresh token again only with prompt=consent, and none for online access', async () => {
    const { prompt: _prompt, ...withoutPrompt } = Object.fromEntries(new URL(authorize()).searchParams);
    const repeat = await exchange(codeOf(google.approve(`${google.urls.accounts}/o/oauth2/v2/auth?${new URLSearchParams(withoutPrompt)}`)));
    expect(repeat.status).toBe(200);
    expect(repeat.body.refresh_token).toBeUndefined();
    expect((await exchange(codeOf(google.approve(authorize())))).body.refresh_token).toEqual(expect.any(String));
    expect((await exchange(codeOf(google.approve(authorize({ access_type: 'online' }))))).body.refresh_token).toBeUndefined();
  });
});

describe('tokens', () => {
  it('refreshes an access token; the old one expires after 3599 seconds', async () => {
    const { accessToken, refreshToken } = google.grant();
    clock.advance(3599 * 1000);
    const expired = await accounts(accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(expired.body.error.details[0]).toMatchObject({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ACCESS_TOKEN_EXPIRED' });
    const fresh = await refresh(refreshToken!);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ expires_in: 3599, token_type: 'Bearer', scope: google.scope });
    expect(fresh.body.refresh_token).toBeUndefined();
    expect((await accounts(fresh.body.access_token)).status).toBe(200);
  });

  it('revokes a grant through /revoke: its refresh token is invalid_grant and its access token 401', async () => {
    const { accessToken, refreshToken } = google.grant();
    const revoked = await call(`${google.urls.oauth2}/revoke`, { form: { token: accessToken } });
    expect(revoked.status).toBe(200);
    expect((await refresh(refreshToken!)).body).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    expect((await accounts(accessToken)).status).toBe(401);
    const twice = await call(`${google.urls.oauth2}/revoke`, { form: { token: accessToken } });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('invalid_token');
    expect((await call(`${google.urls.oauth2}/revoke?token=${refreshToken}`)).status).toBe(405);
  });

  it('revoke() is the person removing the app: every token issued so far stops working', async () => {
    const first = google.grant();
    google.revoke();
    expect((await accounts(first.accessToken)).status).toBe(401);
    expect((await refresh(first.refreshToken!)).body.error).toBe('invalid_grant');
    expect((await accounts(google.grant().accessToken)).status).toBe(200);
  });

  it('refuses an unknown grant type, a missing refresh token, and authenticates a client by HTTP Basic too', async () => {
    expect((await tokenCall({ grant_type: 'password', client_id: google.client.id, client_secret: google.client.secret })).body.error).toBe(
      'unsupported_grant_type',
    );
    expect((await tokenCall({ grant_type: 'refresh_token', client_id: google.client.id, client_secret: google.client.secret })).body.error).toBe(
      'invalid_request',
    );
    const basic = Buffer.from(`${google.client.id}:${google.client.secret}`).toString('base64');
    const { refreshToken } = google.grant();
    const answer = await call(`${google.urls.oauth2}/token`, {
      form: { grant_type: 'refresh_token', refresh_token: refreshToken! },
      headers: { authorization: `Basic ${basic}` },
    });
    expect(answer.status).toBe(200);
  });

  it('answers an injected OAuth error, then works again', async () => {
    const { refreshToken } = google.grant();
    google.fault({ host: 'oauth2', path: '/token', oauthError: 'invalid_grant', description: 'Token has been expired or revoked.' });
    expect((await refresh(refreshToken!)).body.error).toBe('invalid_grant');
    expect((await refresh(refreshToken!)).status).toBe(200);
  });
});
