import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MP4 } from '../meta/media-host';
import { call } from '../stand-in/http-call';
import { createTestClock } from '../test-clock';
import { startXServer, type XServer } from './x-server';

const REDIRECT = 'http://127.0.0.1:9/callback';
const SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'];
const VERIFIER = 'a-verifier-of-enough-length-0123456789-abcdefghijk';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
let x: XServer;

beforeAll(async () => {
  x = await startXServer({ now: clock.now, redirectUris: [REDIRECT] });
});
afterAll(() => x.close());

const api = (path: string) => `${x.urls.api}${path}`;
const basic = () => `${x.client.id}:${x.client.secret}`;
const authorizeUrl = (extra: Record<string, string> = {}) =>
  `${x.urls.x}/i/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: x.client.id, redirect_uri: REDIRECT, scope: SCOPES.join(' '), state: 'st-7', code_challenge: CHALLENGE, code_challenge_method: 'S256', ...extra })}`;
const codeOf = (extra: Record<string, string> = {}) => new URL(x.approve(authorizeUrl(extra))).searchParams.get('code')!;
const exchange = (code: string, extra: Record<string, string> = {}, credentials = basic()) =>
  call(api('/2/oauth2/token'), {
    basic: credentials,
    form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: VERIFIER, ...extra },
  });
const tweet = (token: string, json: unknown) => call(api('/2/tweets'), { token, json });

describe('OAuth 2.0 with PKCE', () => {
  it('shows the consent page, redirects with code and state on Authorize, and with access_denied on Cancel', async () => {
    const page = await call(authorizeUrl());
    expect(page.status).toBe(200);
    expect(page.body).toContain('Authorize app');
    const request = /name="request" value="([^"]+)"/.exec(page.body as string)![1]!;
    const allowed = await call(`${x.urls.x}/i/oauth2/authorize/submit`, { form: { request, decision: 'allow' } });
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st-7');
    expect(back.searchParams.get('code')).toEqual(expect.any(String));
    const denied = new URL(x.approve(authorizeUrl(), { deny: true }));
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', state: 'st-7' });
  });

  it('shows an error page for an unregistered redirect URI, an unknown scope, or no code_challenge', async () => {
    for (const extra of [{ redirect_uri: 'https://evil.example/cb' }, { scope: 'tweet.read dm.everything' }, { code_challenge: '' }] as Record<
      string,
      string
    >[]) {
      const page = await call(authorizeUrl(extra));
      expect(page.status).toBe(400);
      expect(page.body).toContain('Something went wrong');
    }
  });

  it('exchanges a code for a two-hour token and a refresh token; refuses a second use, a wrong secret and a wrong verifier', async () => {
    const wrongSecret = await exchange(codeOf(), {}, `${x.client.id}:nope`);
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('unauthorized_client');
    const code = codeOf();
    const token = await exchange(code);
    expect(token.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 7200,
      scope: SCOPES.join(' '),
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    expect((await exchange(code)).body.error).toBe('invalid_request');
    const mismatch = await exchange(codeOf(), { code_verifier: 'another-verifier-of-enough-length-0123456789' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('invalid_request');
    const expired = codeOf();
    clock.advance(31_000);
    expect((await exchange(expired)).body.error).toBe('invalid_request');
  });

  it('gives no refresh token without offline.access', async () => {
    const token = await exchange(codeOf({ scope: 'tweet.read users.read' }));
    expect(token.body.scope).toBe('tweet.read users.read');
    expect(token.body.refresh_token).toBeUndefined();
  });

  it('rotates refresh tokens: a used one is refused, the new one works', async () => {
    const first = (await exchange(codeOf())).body;
    const refresh = (token: string) =>
      call(api('/2/oauth2/token'), { basic: basic(), form: { grant_type: 'refresh_token', refresh_token: token, client_id: x.client.id } });
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_request');
    expect((await refresh(second.body.refresh_token)).status).toBe(200);
  });

  it('answers 401 for an expired, a revoked, and a withdrawn token', async () => {
    const { accessToken } = x.grant(SCOPES);
    expect((await call(api('/2/users/me'), { token: accessToken })).body.data).toEqual(x.user);
    clock.advance(2 * 3600_000);
    expect((await call(api('/2/users/me'), { token: accessToken })).status).toBe(401);
    const other = x.grant(SCOPES).accessToken;
    const revoked = await call(api('/2/oauth2/revoke'), { basic: basic(), form: { token: other, token_type_hint: 'access_token' } });
    expect(revoked.body).toEqual({ revoked: true });
    expect((await call(api('/2/users/me'), { token: other })).body).toMatchObject({ status: 401, title: 'Unauthorized' });
    const third = x.grant(SCOPES);
    x.revoke();
    expect((await call(api('/2/users/me'), { token: third.accessToken })).status).toBe(401);
    const refresh = await call(api('/2/oauth2/token'), { basic: basic(), form: { grant_type: 'refresh_token', refresh_token: third.refreshToken! } });
    expect(refresh.body.error).toBe('invalid_request');
  });
});

describe('Posts', () => {
  it('creates a post with rate-limit headers, refuses a duplicate with the documented words, and reads it back', async () => {
    const { accessToken } = x.grant(SCOPES);
    const created = await tweet(accessToken, { text: 'Fresh sourdough at 8.', reply_settings: 'following' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      text: 'Fresh sourdough at 8.',
      edit_history_tweet_ids: [created.body.data.id],
    });
    expect(created.headers.get('x-rate-limit-limit')).toBe('100');
    expect(Number(created.headers.get('x-rate-limit-reset'))).toBeGreaterThan(clock.now().getTime() / 1000);
    expect(x.published.at(-1)).toMatchObject({ text: 'Fresh sourdough at 8.', replySettings: 'following' });
    const duplicate = await tweet(accessToken, { text: 'Fresh sourdough at 8.' });
    expect(duplicate.status).toBe(403);
    expect(duplicate.body.detail).toBe('You are not allowed to create a Tweet with duplicate content.');
    const timeline = await call(api(`/2/users/${x.user.id}/tweets?max_results=5&tweet.fields=created_at`), { token: accessToken });
    expect(timeline.body.data[0]).toMatchObject({ id: created.body.data.id, created_at: expect.any(String) });
    expect(timeline.body.meta.newest_id).toBe(created.body.data.id);
  });

  it('refuses text over 280 weighted characters, a bad reply setting, a missing scope, and past the rate limit', async () => {
    const { accessToken } = x.grant(SCOPES);
    expect((await tweet(accessToken, { text: 'あ'.repeat(141) })).status).toBe(400);
    expect((await tweet(accessToken, { text: 'a'.repeat(280) })).status).toBe(201);
    expect((await tweet(accessToken, { text: 'ok', reply_settings: 'everyone' })).status).toBe(400);
    const readOnly = x.grant(['tweet.read', 'users.read']).accessToken;
    expect((await tweet(readOnly, { text: 'no scope' })).status).toBe(403);
    x.setRateLimit('POST /2/tweets', { remaining: 0 });
    const limited = await tweet(accessToken, { text: 'too many' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    // The window opens again at x-rate-limit-reset (epoch seconds).
    clock.set(new Date(Number(limited.headers.get('x-rate-limit-reset')) * 1000));
    expect((await tweet(accessToken, { text: 'after the window' })).status).toBe(201);
  });

  it('plays faults: an error, a hang-up after the post was made, and an answer held back', async () => {
    const { accessToken } = x.grant(SCOPES);
    x.fault({ path: '/2/tweets', error: { status: 503 } });
    expect((await tweet(accessToken, { text: 'first try' })).status).toBe(503);
    x.fault({ path: '/2/tweets', hangUp: true });
    await expect(tweet(accessToken, { text: 'lost answer' })).rejects.toThrow();
    expect(x.published.at(-1)!.text).toBe('lost answer');
    let release!: () => void;
    x.fault({ path: '/2/users/me', until: new Promise<void>((resolve) => (release = resolve)) });
    let answered = false;
    const held = call(api('/2/users/me'), { token: accessToken }).then((answer) => ((answered = true), answer));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect((await held).status).toBe(200);
    expect(x.received.some((received) => received.path === '/2/tweets' && (received.json as { text?: string }).text === 'lost answer')).toBe(true);
  });
});

describe('Media upload', () => {
  it('uploads an image in one request and posts it; refuses an unknown media id', async () => {
    const { accessToken } = x.grant(SCOPES);
    const parts = new FormData();
    parts.append('media', new Blob([new Uint8Array(2048)], { type: 'image/jpeg' }), 'photo.jpg');
    parts.append('media_category', 'tweet_image');
    const upload = await call(api('/2/media/upload'), { token: accessToken, parts });
    expect(upload.body.data).toMatchObject({ id: expect.stringMatching(/^\d+$/), media_key: expect.stringMatching(/^3_/), size: 2048 });
    expect((await tweet(accessToken, { text: 'With a photo', media: { media_ids: [upload.body.data.id] } })).status).toBe(201);
    expect((await tweet(accessToken, { text: 'Ghost photo', media: { media_ids: ['123'] } })).body.errors[0].message).toBe('Your media IDs are invalid.');
    expect((await call(api('/2/media/upload'), { token: x.grant(['tweet.read']).accessToken, parts })).status).toBe(403);
  });

  it('uploads a video in chunks, reports processing until it succeeds, and refuses a post before that', async () => {
    const { accessToken } = x.grant(SCOPES);
    const init = await call(api('/2/media/upload/initialize'), {
      token: accessToken,
      json: { media_type: 'video/mp4', total_bytes: SAMPLE_MP4.length, media_category: 'tweet_video' },
    });
    const id = init.body.data.id as string;
    const half = Math.floor(SAMPLE_MP4.length / 2);
    for (const [index, chunk] of [SAMPLE_MP4.subarray(0, half), SAMPLE_MP4.subarray(half)].entries()) {
      const parts = new FormData();
      parts.append('media', new Blob([new Uint8Array(chunk)]));
      parts.append('segment_index', String(index));
      expect((await call(api(`/2/media/upload/${id}/append`), { token: accessToken, parts })).status).toBe(200);
    }
    const finalized = await call(api(`/2/media/upload/${id}/finalize`), { token: accessToken, method: 'POST' });
    expect(finalized.body.data.processing_info).toMatchObject({ state: 'pending', check_after_secs: expect.any(Number) });
    expect((await tweet(accessToken, { text: 'Video too soon', media: { media_ids: [id] } })).status).toBe(400);
    const status = () => call(api(`/2/media/upload?command=STATUS&media_id=${id}`), { token: accessToken });
    expect((await status()).body.data.processing_info.state).toBe('in_progress');
    expect((await status()).body.data.processing_info.state).toBe('succeeded');
    expect((await tweet(accessToken, { text: 'Video ready', media: { media_ids: [id] } })).status).toBe(201);
  });

  it('refuses a finalize before every byte arrived', async () => {
    const { accessToken } = x.grant(SCOPES);
    const init = await call(api('/2/media/upload/initialize'), {
      token: accessToken,
      json: { media_type: 'video/mp4', total_bytes: 5000, media_category: 'tweet_video' },
    });
    expect((await call(api(`/2/media/upload/${init.body.data.id}/finalize`), { token: accessToken, method: 'POST' })).status).toBe(400);
  });
});
