import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../test-clock';
import { startLinkedInServer, type LinkedInServer } from './linkedin-server';
import { call } from './linkedin-suite';

const REDIRECT = 'http://127.0.0.1:9/callback/linkedin';
const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
let linkedin: LinkedInServer;
let partner: LinkedInServer;

beforeAll(async () => {
  linkedin = await startLinkedInServer({ now: clock.now, redirectUris: [REDIRECT] });
  partner = await startLinkedInServer({ now: clock.now, redirectUris: [REDIRECT], refreshTokens: true });
});
afterAll(async () => {
  await linkedin.close();
  await partner.close();
});

const authorizeUrl = (server: LinkedInServer, extra: Record<string, string> = {}) =>
  `${server.urls.www}/oauth/v2/authorization?${new URLSearchParams({ response_type: 'code', client_id: server.app.clientId, redirect_uri: REDIRECT, state: 'st-7', scope: 'openid profile w_member_social', ...extra })}`;
const exchange = (server: LinkedInServer, code: string, extra: Record<string, string> = {}) =>
  call(`${server.urls.www}/oauth/v2/accessToken`, {
    form: { grant_type: 'authorization_code', code, client_id: server.app.clientId, client_secret: server.app.clientSecret, redirect_uri: REDIRECT, ...extra },
  });
const codeOf = (location: string) => new URL(location).searchParams.get('code')!;

describe('the consent page', () => {
  it('shows the scopes with Allow and Cancel; Allow redirects with a code and the state', async () => {
    const page = await call(authorizeUrl(linkedin));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<li>w_member_social</li>');
    const request = /name="request" value="([^"]+)"/.exec(page.body as string)![1]!;
    const allowed = await call(`${linkedin.urls.www}/oauth/v2/authorization/submit`, { form: { request, decision: 'allow' } });
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-7');
    expect(back.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('Cancel redirects with user_cancelled_authorize and the state', async () => {
    const denied = new URL(linkedin.approve(authorizeUrl(linkedin), { deny: true }));
    expect(Object.fromEntries(denied.searchParams)).toEqual({
      error: 'user_cancelled_authorize',
      error_description: 'The user cancelled the authorization',
      state: 'st-7',
    });
  });

  it('shows an error page for an unlisted redirect URI or a wrong client id, and redirects a scope the app lacks with unauthorized_scope_error', async () => {
    const blocked = await call(authorizeUrl(linkedin, { redirect_uri: 'https://evil.example/cb' }));
    expect(blocked.status).toBe(400);
    expect(blocked.body).toContain('redirect_uri does not match');
    expect((await call(authorizeUrl(linkedin, { client_id: 'someone-else' }))).status).toBe(400);
    const restricted = await call(authorizeUrl(linkedin, { scope: 'openid r_member_social' }));
    expect(restricted.status).toBe(302);
    const back = new URL(restricted.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('unauthorized_scope_error');
    expect(back.searchParams.get('state')).toBe('st-7');
  });
});

describe('the token endpoint', () => {
  it('exchanges a code once for a 60-day token without a refresh token, refusing a wrong secret without spending the code', async () => {
    const code = codeOf(linkedin.approve(authorizeUrl(linkedin)));
    const wrong = await exchange(linkedin, code, { client_secret: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });
    const token = await exchange(linkedin, code);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ access_token: expect.any(String), expires_in: 5_184_000, scope: 'openid,profile,w_member_social' });
    expect(token.body.refresh_token).toBeUndefined();
    const again = await exchange(linkedin, code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_request');
  });

  it('refuses a code exchanged with another redirect URI, or after 30 minutes', async () => {
    expect((await exchange(linkedin, codeOf(linkedin.approve(authorizeUrl(linkedin))), { redirect_uri: 'http://127.0.0.1:9/other' })).status).toBe(400);
    const late = codeOf(linkedin.approve(authorizeUrl(linkedin)));
    clock.advance(31 * 60_000);
    expect((await exchange(linkedin, late)).body.error).toBe('invalid_request');
  });

  it('checks a PKCE verifier against the challenge', async () => {
    const verifier = 'a-verifier-of-enough-length-0123456789-abcdefghij';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = () => codeOf(linkedin.approve(authorizeUrl(linkedin, { code_challenge: challenge, code_challenge_method: 'S256' })));
    expect((await exchange(linkedin, code(), { code_verifier: 'another' })).status).toBe(400);
    expect((await exchange(linkedin, code(), { code_verifier: verifier })).body.access_token).toEqual(expect.any(String));
  });

  it('gives an approved partner a refresh token that keeps its first expiry, and refuses one after a revoke', async () => {
    const first = await exchange(partner, codeOf(partner.approve(authorizeUrl(partner))));
    expect(first.body.refresh_token_expires_in).toBe(31_536_000);
    clock.advance(86_400_000);
    const refresh = {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: partner.app.clientId,
      client_secret: partner.app.clientSecret,
    };
    const renewed = await call(`${partner.urls.www}/oauth/v2/accessToken`, { form: refresh });
    expect(renewed.body).toMatchObject({ expires_in: 5_184_000, refresh_token: first.body.refresh_token, refresh_token_expires_in: 31_536_000 - 86_400 });
    partner.revoke();
    expect((await call(`${partner.urls.www}/oauth/v2/accessToken`, { form: refresh })).status).toBe(400);
    expect(
      (
        await call(`${linkedin.urls.www}/oauth/v2/accessToken`, {
          form: { ...refresh, client_id: linkedin.app.clientId, client_secret: linkedin.app.clientSecret },
        })
      ).status,
    ).toBe(400);
  });
});

describe('/v2/userinfo', () => {
  it('answers the member with openid and profile, the email with email, and 403 without openid', async () => {
    const info = await call(`${linkedin.urls.api}/v2/userinfo`, { token: linkedin.grant(['openid', 'profile', 'email']) });
    expect(info.body).toMatchObject({ sub: linkedin.accounts.member.id, name: 'Dana Bright', email: linkedin.accounts.member.email });
    const noEmail = await call(`${linkedin.urls.api}/v2/userinfo`, { token: linkedin.grant(['openid', 'profile']) });
    expect(noEmail.body.email).toBeUndefined();
    const denied = await call(`${linkedin.urls.api}/v2/userinfo`, { token: linkedin.grant(['w_member_social']) });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ status: 403, code: 'ACCESS_DENIED', serviceErrorCode: 100 });
  });

  it('answers 401 for no token, an unknown one, an expired one and a revoked one', async () => {
    const url = `${linkedin.urls.api}/v2/userinfo`;
    expect((await call(url)).body).toEqual({ status: 401, serviceErrorCode: 401, message: 'Empty oauth2_access_token' });
    expect((await call(url, { token: 'AQnot-a-token' })).body.code).toBe('INVALID_ACCESS_TOKEN');
    const soon = linkedin.grant(['openid', 'profile']);
    clock.advance(61 * 86_400_000);
    expect((await call(url, { token: soon })).body).toMatchObject({ status: 401, code: 'EXPIRED_ACCESS_TOKEN', serviceErrorCode: 65602 });
    const live = linkedin.grant(['openid', 'profile']);
    linkedin.revoke();
    expect((await call(url, { token: live })).body).toMatchObject({ status: 401, code: 'REVOKED_ACCESS_TOKEN', serviceErrorCode: 65601 });
    expect((await call(url, { token: linkedin.grant(['openid', 'profile']) })).status).toBe(200);
  });
});
