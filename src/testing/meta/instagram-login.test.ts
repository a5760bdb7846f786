import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../test-clock';
import { jpegOfSize } from './media-host';
import type { MetaServer } from './meta-server';
import { call, startStandIn, type MediaHost } from './stand-in-suite';

/** The stand-in's Instagram API with Instagram Login (instagram-login-routes.ts); meta-server.test.ts has the rest. */
const REDIRECT = 'http://127.0.0.1:9/callback/instagram';
const SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'];
const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
let meta: MetaServer;
let media: MediaHost;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ meta, media, close } = await startStandIn({
    now: clock.now,
    redirectUris: [REDIRECT],
    files: { '/square.jpg': { type: 'image/jpeg', bytes: jpegOfSize(1080, 1080) } },
  }));
});
afterAll(() => close());

const graph = (path: string) => `${meta.urls.instagramGraph}/${meta.version}${path}`;
const authorizeUrl = (extra: Record<string, string> = {}) =>
  `${meta.urls.instagram}/oauth/authorize?${new URLSearchParams({ client_id: meta.apps.instagram.id, redirect_uri: REDIRECT, response_type: 'code', scope: SCOPES.join(','), state: 'ig-9', ...extra })}`;
const exchangeCode = (code: string, extra: Record<string, string> = {}) =>
  call(`${meta.urls.instagramApi}/oauth/access_token`, {
    form: {
      client_id: meta.apps.instagram.id,
      client_secret: meta.apps.instagram.secret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code,
      ...extra,
    },
  });
const longLived = (shortToken: string, secret = meta.apps.instagram.secret) =>
  call(`${meta.urls.instagramGraph}/access_token?${new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: secret, access_token: shortToken })}`);
const refresh = (token: string) =>
  call(`${meta.urls.instagramGraph}/refresh_access_token?${new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: token })}`);

describe('Instagram Login', () => {
  it('redirects from Allow with the code, the state and #_; the code is exchanged once for the app-scoped user and its permissions', async () => {
    const page = await call(authorizeUrl());
    expect(page.status).toBe(200);
    const action = /action="([^"]+)"/.exec(page.body as string)![1]!;
    const request = /name="request" value="([^"]+)"/.exec(page.body as string)![1]!;
    const redirect = await call(`${meta.urls.instagram}${action}`, { form: { request, decision: 'allow' } });
    const back = new URL(redirect.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.hash).toBe('#_');
    expect(back.searchParams.get('state')).toBe('ig-9');
    const code = back.searchParams.get('code')!;

    const wrong = await exchangeCode(code, { client_secret: 'not-the-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error_type: 'OAuthException', code: 400, error_message: expect.any(String) });
    const elsewhere = await exchangeCode(code, { redirect_uri: 'http://127.0.0.1:9/other' });
    expect(elsewhere.body.error_message).toContain('redirect_uri');
    const token = await exchangeCode(code);
    expect(token.status).toBe(200);
    expect(token.body.data).toEqual([
      { access_token: expect.stringMatching(/^IGAA/), user_id: meta.accounts.instagram.scopedId, permissions: SCOPES.join(',') },
    ]);
    expect((await exchangeCode(code)).body).toEqual({
      error_type: 'OAuthException',
      code: 400,
      error_message: 'Matching code was not found or was already used',
    });
  });

  it('answers the exchange as the oauth-access-token reference shows when asked', async () => {
    meta.setInstagramExchangeShape('reference');
    try {
      const code = new URL(meta.approve(authorizeUrl())).searchParams.get('code')!;
      expect((await exchangeCode(code)).body).toEqual({ access_token: expect.stringMatching(/^IGAA/), user_id: Number(meta.accounts.instagram.scopedId) });
    } finally {
      meta.setInstagramExchangeShape('business-login');
    }
  });

  it('refuses a code older than an hour, an authorize request without instagram_business_basic, and answers Cancel with the documented denial', async () => {
    const code = new URL(meta.approve(authorizeUrl())).searchParams.get('code')!;
    clock.advance(61 * 60_000);
    expect((await exchangeCode(code)).body.error_message).toContain('expired');
    const noBasic = await call(authorizeUrl({ scope: 'instagram_business_content_publish' }));
    expect(noBasic.status).toBe(400);
    expect(() => meta.approve(authorizeUrl({ redirect_uri: 'https://evil.example/cb' }))).toThrow();
    const denied = new URL(meta.approve(authorizeUrl(), { deny: true }));
    expect(Object.fromEntries(denied.searchParams)).toEqual({
      error: 'access_denied',
      error_reason: 'user_denied',
      error_description: 'The user denied your request',
      state: 'ig-9',
    });
  });

  it('exchanges a short-lived token for 60 days with the app secret, and refreshes only a long-lived one at least a day old', async () => {
    const code = new URL(meta.approve(authorizeUrl())).searchParams.get('code')!;
    const short = (await exchangeCode(code)).body.data[0].access_token as string;
    expect((await longLived(short, 'not-the-secret')).body.error).toMatchObject({ code: 1 });
    const long = await longLived(short);
    expect(long.body).toEqual({ access_token: expect.stringMatching(/^IGAA/), token_type: 'bearer', expires_in: 5183944 });
    expect((await refresh(short)).body.error.code).toBe(100);
    expect((await refresh(long.body.access_token)).body.error.message).toContain('24 hours');
    clock.advance(25 * 3600_000);
    const refreshed = await refresh(long.body.access_token);
    expect(refreshed.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 5183944 });
    expect(refreshed.body.access_token).not.toBe(long.body.access_token);
  });

  it('answers /me with the professional account id as user_id, and 190 once the token expired or was revoked', async () => {
    const me = await call(graph('/me?fields=user_id,username'), { token: meta.grant('instagram', SCOPES) });
    expect(me.body).toEqual({ id: meta.accounts.instagram.scopedId, user_id: meta.accounts.instagram.id, username: meta.accounts.instagram.username });
    const short = meta.grant('instagram', SCOPES, { longLived: false });
    clock.advance(2 * 3600_000);
    expect((await call(graph('/me'), { token: short })).body.error).toMatchObject({ code: 190, error_subcode: 463 });
    // A Facebook token is not an Instagram Login token.
    expect((await call(graph('/me'), { token: meta.grant('facebook', ['instagram_basic']) })).body.error.code).toBe(190);
    const kept = meta.grant('instagram', SCOPES);
    meta.revoke('instagram');
    expect((await call(graph('/me'), { token: kept })).body.error).toMatchObject({ code: 190, error_subcode: 458 });
    expect((await refresh(kept)).body.error.code).toBe(190);
  });
});

describe('Instagram Login publishing on graph.instagram.com', () => {
  const ig = () => meta.accounts.instagram.id;

  it('publishes an image through a container into the same published list, once, and counts it in content_publishing_limit', async () => {
    const token = meta.grant('instagram', SCOPES);
    const created = await call(graph(`/${ig()}/media`), { token, form: { image_url: `${media.url}/square.jpg`, caption: 'Smile!' } });
    expect(created.body.id).toEqual(expect.any(String));
    await expect.poll(async () => (await call(graph(`/${created.body.id}?fields=status_code`), { token })).body.status_code).toBe('FINISHED');
    const published = await call(graph(`/${ig()}/media_publish`), { token, form: { creation_id: created.body.id } });
    expect(published.body.id).toEqual(expect.any(String));
    expect((await call(graph(`/${ig()}/media_publish`), { token, form: { creation_id: created.body.id } })).body.error.code).toBe(100);
    expect(meta.postsOf(ig()).map((post) => ({ id: post.id, text: post.text }))).toEqual([{ id: published.body.id, text: 'Smile!' }]);
    const limit = await call(graph(`/${ig()}/content_publishing_limit?fields=quota_usage,config`), { token });
    expect(limit.body.data[0]).toEqual({ quota_usage: 1, config: { quota_total: 100, quota_duration: 86400 } });
    const readBack = await call(graph(`/${ig()}/media?fields=caption,permalink`), { token });
    expect(readBack.body.data[0]).toMatchObject({ id: published.body.id, caption: 'Smile!', permalink: expect.stringContaining('instagram.com/p/') });
  });

  it('refuses publishing without instagram_business_content_publish (10), a Facebook token (190), and an unlisted version', async () => {
    const basic = meta.grant('instagram', ['instagram_business_basic']);
    expect((await call(graph(`/${ig()}/media`), { token: basic, form: { image_url: `${media.url}/square.jpg` } })).body.error.code).toBe(10);
    const facebook = meta.grant('facebook', ['instagram_basic', 'instagram_content_publish', 'pages_read_engagement']);
    expect((await call(graph(`/${ig()}/media`), { token: facebook, form: { image_url: `${media.url}/square.jpg` } })).body.error.code).toBe(190);
    expect((await call(`${meta.urls.instagramGraph}/v99.0/me`, { token: basic })).body.error.code).toBe(100);
  });
});
