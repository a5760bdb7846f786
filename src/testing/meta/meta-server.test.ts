import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../test-clock';
import { jpegOfSize, SAMPLE_MP4, SAMPLE_PNG } from './media-host';
import type { MetaServer } from './meta-server';
import { call, startStandIn, type MediaHost } from './stand-in-suite';

const REDIRECT = 'http://127.0.0.1:9/callback';
const FACEBOOK_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'instagram_basic', 'instagram_content_publish'];
const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
let meta: MetaServer;
let media: MediaHost;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ meta, media, close } = await startStandIn({
    now: clock.now,
    redirectUris: [REDIRECT],
    files: {
      '/square.jpg': { type: 'image/jpeg', bytes: jpegOfSize(1080, 1080) },
      '/tall.jpg': { type: 'image/jpeg', bytes: jpegOfSize(1080, 1920) },
      '/logo.png': { type: 'image/png', bytes: SAMPLE_PNG },
      '/clip.mp4': { type: 'video/mp4', bytes: SAMPLE_MP4 },
    },
  }));
});
afterAll(() => close());

const graph = (path: string) => `${meta.urls.graph}/${meta.version}${path}`;
const threads = (path: string) => `${meta.urls.threadsGraph}/v1.0${path}`;

/** Through the dialog as a browser would: the HTML page, then its Allow form. Answers the redirect location. */
async function clickAllow(authorizeUrl: string, submitBase: string): Promise<URL> {
  const page = await call(authorizeUrl);
  expect(page.status).toBe(200);
  expect(page.body).toContain('value="allow"');
  const action = /action="([^"]+)"/.exec(page.body as string)![1]!;
  const request = /name="request" value="([^"]+)"/.exec(page.body as string)![1]!;
  const redirect = await call(`${submitBase}${action}`, { form: { request, decision: 'allow' } });
  expect(redirect.status).toBe(302);
  return new URL(redirect.headers.get('location')!);
}

const facebookDialog = (extra: Record<string, string> = {}) =>
  `${meta.urls.facebook}/${meta.version}/dialog/oauth?${new URLSearchParams({ client_id: meta.apps.facebook.id, redirect_uri: REDIRECT, state: 'st-42', scope: FACEBOOK_SCOPES.join(','), response_type: 'code', ...extra })}`;
const exchange = (code: string, extra: Record<string, string> = {}) =>
  call(graph('/oauth/access_token'), {
    form: { client_id: meta.apps.facebook.id, client_secret: meta.apps.facebook.secret, redirect_uri: REDIRECT, code, ...extra },
  });

async function pageToken(scopes = FACEBOOK_SCOPES) {
  const accounts = await call(graph('/me/accounts'), { token: meta.grant('facebook', scopes) });
  return accounts.body.data[0].access_token as string;
}

describe('Facebook Login', () => {
  it('round-trips the state through the Allow button, refuses a wrong secret without spending the code, and a second use', async () => {
    const back = await clickAllow(facebookDialog(), meta.urls.facebook);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-42');
    const code = back.searchParams.get('code')!;
    const wrong = await exchange(code, { client_secret: 'not-the-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ type: 'OAuthException', code: 1, message: 'Error validating client secret.' });
    expect(wrong.body.error.fbtrace_id).toEqual(expect.any(String));
    const token = await exchange(code);
    expect(token.body).toMatchObject({ access_token: expect.any(String), token_type: 'bearer', expires_in: expect.any(Number) });
    expect((await exchange(code)).body.error).toMatchObject({ code: 100, error_subcode: 36009 });
  });

  it('shows an error page instead of redirecting to a URI the app does not list, and Cancel redirects with the denial', async () => {
    const blocked = await call(facebookDialog({ redirect_uri: 'https://evil.example/cb' }));
    expect(blocked.status).toBe(400);
    expect(blocked.body).toContain('URL Blocked');
    const denied = new URL(meta.approve(facebookDialog(), { deny: true }));
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: 'access_denied', error_reason: 'user_denied', state: 'st-42' });
  });

  it('checks the PKCE verifier against the challenge', async () => {
    const verifier = 'a-verifier-of-enough-length-0123456789-abcdefghij';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = () => new URL(meta.approve(facebookDialog({ code_challenge: challenge, code_challenge_method: 'S256' }))).searchParams.get('code')!;
    expect((await exchange(code(), { code_verifier: 'another-verifier' })).body.error.code).toBe(100);
    expect((await exchange(code(), { code_verifier: verifier })).body.access_token).toEqual(expect.any(String));
  });

  it('exchanges for a long-lived token of about 60 days, which debug_token describes', async () => {
    const code = new URL(meta.approve(facebookDialog(), { decline: ['instagram_basic'] })).searchParams.get('code')!;
    const short = (await exchange(code)).body.access_token as string;
    const long = await call(
      graph(
        `/oauth/access_token?${new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: meta.apps.facebook.id, client_secret: meta.apps.facebook.secret, fb_exchange_token: short })}`,
      ),
    );
    expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
    const debug = await call(graph(`/debug_token?input_token=${long.body.access_token}&access_token=${meta.apps.facebook.id}|${meta.apps.facebook.secret}`));
    expect(debug.body.data).toMatchObject({ is_valid: true, type: 'USER', app_id: meta.apps.facebook.id });
    expect(debug.body.data.scopes).not.toContain('instagram_basic');
    expect(debug.body.data.expires_at - clock.now().getTime() / 1000).toBeGreaterThan(59 * 86_400);
  });

  it('answers 190 for a revoked token (458) and an expired one (463)', async () => {
    const token = meta.grant('facebook', FACEBOOK_SCOPES);
    meta.revoke('facebook', 458);
    expect((await call(graph('/me'), { token })).body.error).toMatchObject({ code: 190, error_subcode: 458 });
    const short = meta.grant('facebook', FACEBOOK_SCOPES, { longLived: false });
    expect((await call(graph('/me'), { token: short })).status).toBe(200);
    clock.advance(2 * 3600_000);
    expect((await call(graph('/me'), { token: short })).body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('refuses a path without a listed API version', async () => {
    expect((await call(`${meta.urls.graph}/v99.0/me`, { token: meta.grant('facebook', []) })).body.error.code).toBe(100);
    expect((await call(`${meta.urls.graph}/me`, { token: meta.grant('facebook', []) })).status).toBe(400);
  });
});

describe('Page publishing', () => {
  it('posts text, reads it back, and after a lost answer the post is there and a repeat is refused as a duplicate', async () => {
    const token = await pageToken();
    const page = meta.accounts.page.id;
    const posted = await call(graph(`/${page}/feed`), { token, form: { message: 'Spring cleaning offer' } });
    expect(posted.body.id).toMatch(new RegExp(`^${page}_`));
    meta.fault({ path: `/${page}/feed`, hangUp: true });
    await expect(call(graph(`/${page}/feed`), { token, form: { message: 'Answer lost' } })).rejects.toThrow();
    const read = await call(graph(`/${page}/published_posts?fields=message,created_time,permalink_url`), { token });
    expect(read.body.data.map((post: { message: string }) => post.message)).toEqual(['Answer lost', 'Spring cleaning offer']);
    expect(read.body.data[0]).toMatchObject({ created_time: expect.stringMatching(/\+0000$/), permalink_url: expect.stringContaining(page) });
    expect((await call(graph(`/${page}/feed`), { token, form: { message: 'Answer lost' } })).body.error.code).toBe(506);
    expect(meta.postsOf(page).map((post) => post.text)).toEqual(['Spring cleaning offer', 'Answer lost']);
  });

  it('attaches unpublished photos to a feed post', async () => {
    const token = await pageToken();
    const page = meta.accounts.page.id;
    const photo = await call(graph(`/${page}/photos`), { token, form: { url: `${media.url}/logo.png`, published: 'false' } });
    const post = await call(graph(`/${page}/feed`), {
      token,
      form: { message: 'Our new logo', attached_media: JSON.stringify([{ media_fbid: photo.body.id }]) },
    });
    expect(post.status).toBe(200);
    expect(meta.postsOf(page).at(-1)!.media).toEqual([{ kind: 'image', url: `${media.url}/logo.png` }]);
  });

  it('refuses a missing permission (200) and a user token where a Page token is needed (210)', async () => {
    const page = meta.accounts.page.id;
    const readOnly = await pageToken(['pages_show_list', 'pages_read_engagement']);
    expect((await call(graph(`/${page}/feed`), { token: readOnly, form: { message: 'x' } })).body.error.code).toBe(200);
    const user = meta.grant('facebook', FACEBOOK_SCOPES);
    expect((await call(graph(`/${page}/feed`), { token: user, form: { message: 'x' } })).body.error.code).toBe(210);
  });

  it('reports usage headers, throttles at 100 % with code 4, and passes an injected 613 with Retry-After', async () => {
    const token = await pageToken();
    const page = meta.accounts.page.id;
    const business = { type: 'pages' as const, call_count: 40, total_time: 10, total_cputime: 5, estimated_time_to_regain_access: 0 };
    meta.setUsage({ app: { call_count: 50, total_time: 20, total_cputime: 10 }, business: { [page]: business } });
    const read = await call(graph(`/${page}/posts`), { token });
    expect(JSON.parse(read.headers.get('x-app-usage')!)).toEqual({ call_count: 50, total_time: 20, total_cputime: 10 });
    expect(JSON.parse(read.headers.get('x-business-use-case-usage')!)).toEqual({ [page]: [business] });
    meta.setUsage({ app: { call_count: 100, total_time: 20, total_cputime: 10 } });
    expect((await call(graph(`/${page}/posts`), { token })).body.error.code).toBe(4);
    meta.setUsage({});
    meta.fault({ path: `/${page}/feed`, error: { code: 613 }, retryAfterSeconds: 60 });
    const limited = await call(graph(`/${page}/feed`), { token, form: { message: 'Later' } });
    expect(limited.body.error).toMatchObject({ code: 613, type: 'OAuthException' });
    expect(limited.headers.get('retry-after')).toBe('60');
  });
});

describe('Instagram publishing', () => {
  const ig = () => meta.accounts.instagram.id;
  const token = () => meta.grant('facebook', FACEBOOK_SCOPES);

  it('fetches the image, answers IN_PROGRESS then FINISHED, publishes once and refuses a second publish', async () => {
    const user = token();
    const created = await call(graph(`/${ig()}/media`), { token: user, form: { image_url: `${media.url}/square.jpg`, caption: 'Smile!' } });
    expect(media.fetched['/square.jpg']).toBeGreaterThan(0);
    const status = () => call(graph(`/${created.body.id}?fields=status_code`), { token: user });
    expect((await call(graph(`/${ig()}/media_publish`), { token: user, form: { creation_id: created.body.id } })).body.error).toMatchObject({
      code: 9007,
      error_subcode: 2207027,
    });
    expect((await status()).body.status_code).toBe('IN_PROGRESS');
    expect((await status()).body.status_code).toBe('FINISHED');
    const published = await call(graph(`/${ig()}/media_publish`), { token: user, form: { creation_id: created.body.id } });
    expect(published.body.id).toEqual(expect.any(String));
    const again = await call(graph(`/${ig()}/media_publish`), { token: user, form: { creation_id: created.body.id } });
    expect(again.body.error).toMatchObject({ code: 100, message: expect.stringContaining('already been published') });
    const limit = await call(graph(`/${ig()}/content_publishing_limit?fields=quota_usage,config`), { token: user });
    expect(limit.body.data[0]).toEqual({ quota_usage: 1, config: { quota_total: 100, quota_duration: 86400 } });
    const readBack = await call(graph(`/${ig()}/media?fields=caption,permalink,timestamp`), { token: user });
    expect(readBack.body.data[0]).toMatchObject({ id: published.body.id, caption: 'Smile!' });
  });

  it('publishes a carousel whose answer is lost: the read-back shows it and a retry is refused', async () => {
    const user = token();
    const make = async (form: Record<string, string>) => (await call(graph(`/${ig()}/media`), { token: user, form })).body.id as string;
    const waitFinished = (id: string) =>
      expect.poll(async () => (await call(graph(`/${id}?fields=status_code`), { token: user })).body.status_code).toBe('FINISHED');
    const children = [
      await make({ image_url: `${media.url}/square.jpg`, is_carousel_item: 'true' }),
      await make({ video_url: `${media.url}/clip.mp4`, media_type: 'VIDEO', is_carousel_item: 'true' }),
    ];
    for (const child of children) await waitFinished(child);
    const carousel = await make({ media_type: 'CAROUSEL', children: children.join(','), caption: 'Before and after' });
    await waitFinished(carousel);
    meta.fault({ path: `/${ig()}/media_publish`, hangUp: true });
    await expect(call(graph(`/${ig()}/media_publish`), { token: user, form: { creation_id: carousel } })).rejects.toThrow();
    const readBack = await call(graph(`/${ig()}/media?fields=caption,media_type`), { token: user });
    expect(readBack.body.data[0]).toMatchObject({ caption: 'Before and after', media_type: 'CAROUSEL_ALBUM' });
    expect(
      meta
        .postsOf(ig())
        .at(-1)!
        .media.map((item) => item.kind),
    ).toEqual(['image', 'video']);
    expect((await call(graph(`/${ig()}/media_publish`), { token: user, form: { creation_id: carousel } })).body.error.code).toBe(100);
  });

  it('refuses an image it cannot fetch, a PNG and a 9:16 image; a video it cannot fetch ends in ERROR', async () => {
    const user = token();
    const create = (form: Record<string, string>) => call(graph(`/${ig()}/media`), { token: user, form });
    expect((await create({ image_url: `${media.url}/missing.jpg` })).body.error).toMatchObject({ code: 9004, error_subcode: 2207052 });
    expect((await create({ image_url: `${media.url}/logo.png` })).body.error).toMatchObject({ code: 36001, error_subcode: 2207005 });
    expect((await create({ image_url: `${media.url}/tall.jpg` })).body.error).toMatchObject({ code: 36003, error_subcode: 2207009 });
    const reel = await create({ video_url: `${media.url}/missing.mp4`, media_type: 'REELS' });
    await expect.poll(async () => (await call(graph(`/${reel.body.id}?fields=status_code,status`), { token: user })).body.status_code).toBe('ERROR');
  });

  it("keeps an image container's alt_text with the published image, and refuses alt_text on a video", async () => {
    const user = token();
    const created = await call(graph(`/${ig()}/media`), { token: user, form: { image_url: `${media.url}/square.jpg`, caption: 'Alt', alt_text: 'A smile' } });
    const status = () => call(graph(`/${created.body.id}?fields=status_code`), { token: user });
    await expect.poll(async () => (await status()).body.status_code).toBe('FINISHED');
    expect((await call(graph(`/${ig()}/media_publish`), { token: user, form: { creation_id: created.body.id } })).body.id).toEqual(expect.any(String));
    expect(meta.postsOf(ig()).at(-1)!.media).toEqual([expect.objectContaining({ kind: 'image', alt: 'A smile' })]);
    const reel = await call(graph(`/${ig()}/media`), { token: user, form: { video_url: `${media.url}/clip.mp4`, media_type: 'REELS', alt_text: 'A clip' } });
    expect(reel.body.error).toMatchObject({ code: 100 });
  });

  it('refuses publishing without instagram_content_publish (code 10)', async () => {
    const user = meta.grant('facebook', ['instagram_basic', 'pages_read_engagement']);
    expect((await call(graph(`/${ig()}/media`), { token: user, form: { image_url: `${media.url}/square.jpg` } })).body.error.code).toBe(10);
  });
});

describe('Threads', () => {
  const form = { client_id: '', client_secret: '', grant_type: 'authorization_code', redirect_uri: REDIRECT };

  it('logs in through the Authorization Window, exchanges for a long-lived token and refreshes it after a day', async () => {
    const authorize = `${meta.urls.threads}/oauth/authorize?${new URLSearchParams({ client_id: meta.apps.threads.id, redirect_uri: REDIRECT, scope: 'threads_basic,threads_content_publish', response_type: 'code', state: 'th-7' })}`;
    const back = await clickAllow(authorize, meta.urls.threads);
    expect(back.searchParams.get('state')).toBe('th-7');
    const code = back.searchParams.get('code')!;
    const short = await call(`${meta.urls.threadsGraph}/oauth/access_token`, {
      form: { ...form, client_id: meta.apps.threads.id, client_secret: meta.apps.threads.secret, code },
    });
    expect(short.body).toMatchObject({ access_token: expect.any(String), user_id: Number(meta.accounts.threads.id) });
    const exchange = `${meta.urls.threadsGraph}/access_token?grant_type=th_exchange_token&client_secret=${meta.apps.threads.secret}&access_token=${short.body.access_token}`;
    const long = await call(exchange);
    expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
    const refresh = `${meta.urls.threadsGraph}/refresh_access_token?grant_type=th_refresh_token&access_token=${long.body.access_token}`;
    expect((await call(refresh)).status).toBe(400);
    clock.advance(25 * 3600_000);
    expect((await call(refresh)).body.expires_in).toBe(5183944);
  });

  it('publishes a text post and reads it back, and refuses text over 500 characters', async () => {
    const token = meta.grant('threads', ['threads_basic', 'threads_content_publish']);
    const user = meta.accounts.threads.id;
    const tooLong = await call(threads(`/${user}/threads`), { token, form: { media_type: 'TEXT', text: 'a'.repeat(498) + '😀' } });
    expect(tooLong.body.error.code).toBe(100);
    const container = await call(threads(`/${user}/threads`), { token, form: { media_type: 'TEXT', text: 'a'.repeat(500) } });
    expect((await call(threads(`/${container.body.id}?fields=status,error_message`), { token })).body.status).toBe('IN_PROGRESS');
    expect((await call(threads(`/${container.body.id}?fields=status`), { token })).body.status).toBe('FINISHED');
    const published = await call(threads(`/${user}/threads_publish`), { token, form: { creation_id: container.body.id } });
    const again = await call(threads(`/${user}/threads_publish`), { token, form: { creation_id: container.body.id } });
    expect(again.body.error).toMatchObject({ code: 100, message: expect.stringContaining('already been published') });
    const read = await call(threads(`/${user}/threads?fields=id,text,timestamp,permalink`), { token });
    expect(read.body.data[0]).toMatchObject({ id: published.body.id, text: 'a'.repeat(500) });
  });
});
