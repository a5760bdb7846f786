import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { arrive, credentialsOf, grantIdOf, signIn } from '@testing/oauth-helpers';
import { deliveryOf, scheduledPost, secondInstance, signedInConnection, tickAt } from '@testing/publishing-helpers';
import { createTestClock } from '@testing/test-clock';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { useXPublishing } from '@testing/use-publishing';
import { X_USER } from '@testing/x/x-state';
import type { XCredentials } from './oauth/x-tokens';

const clock = createTestClock('2031-06-10T08:00:00Z');
const SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'];
const HOUR = 3600_000;
const { server, x } = useXPublishing(clock);
const sample = (label: string) => MEDIA_SAMPLES.find((item) => item.label === label)!;

/** A user with the stand-in's account connected as the sign-in leaves it; its access token ends at `accessExpiresAt`. */
async function userWithX(accessExpiresAt = new Date(clock.now().getTime() + 2 * HOUR).toISOString()) {
  const client = await onboardedClient(server().url);
  await read(client.api.workspace.$get());
  const { accessToken, refreshToken } = x().grant(SCOPES);
  const credentials: XCredentials = { userId: X_USER.id, username: X_USER.username, accessToken, accessExpiresAt, refreshToken: refreshToken! };
  const connectionId = await signedInConnection(server(), client.userId, {
    kind: 'twitter',
    name: `@${X_USER.username}`,
    accountId: X_USER.id,
    credentials,
    networks: ['twitter'],
    tokenExpiresAt: new Date(clock.now().getTime() + 30 * 24 * HOUR).toISOString(),
  });
  return { client, connectionId, credentials };
}

const xPost = (client: TestClient, time: string, content: string, uploads: { bytes: Buffer; name: string; type: string }[] = [], date = '2031-06-10') =>
  scheduledPost(client, date, time, { content, hashtags: [] }, 'twitter', uploads);
const postsWith = (text: string) => x().published.filter((post) => post.text === text);
const calls = (path: string) => x().received.filter((call) => call.path === path);
const refreshes = () => calls('/2/oauth2/token').filter((call) => call.form.grant_type === 'refresh_token');
const stored = (connectionId: string) => credentialsOf<XCredentials>(server(), connectionId);
const healthOf = async (client: TestClient, connectionId: string) =>
  (await read(client.api.connections.$get())).body.find((connection) => connection.id === connectionId)!.health;

describe('connecting X', () => {
  it('signs in with PKCE (S256) and space-separated scopes, and connects the account without showing a token', async () => {
    const client = await onboardedClient(server().url);
    const { authorizeUrl, location, to } = await signIn(x(), client, 'x');
    const asked = new URL(authorizeUrl);
    expect(asked.origin + asked.pathname).toBe(`${x().urls.x}/i/oauth2/authorize`);
    expect(asked.searchParams.get('scope')).toBe(SCOPES.join(' '));
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    // The stand-in takes the code only with the verifier whose hash the consent page was given.
    const exchange = calls('/2/oauth2/token').filter((call) => call.form.code === new URL(location).searchParams.get('code'));
    expect(exchange).toHaveLength(1);
    expect(createHash('sha256').update(exchange[0]!.form.code_verifier!).digest('base64url')).toBe(asked.searchParams.get('code_challenge'));
    const grantId = grantIdOf(to);
    const grant = await read(client.api.connections.oauth.grants[':grantId'].$get({ param: { grantId } }));
    expect(grant.body.accounts).toEqual([{ accountId: X_USER.id, kind: 'twitter', name: '@benchbakery', connectionId: null }]);
    const picked = await read(
      client.api.connections.oauth.grants[':grantId'].$post({
        param: { grantId },
        json: { accounts: [{ accountId: X_USER.id, kind: 'twitter', networks: ['twitter'] }] },
      }),
    );
    expect(picked.status).toBe(200);
    expect(picked.body).toEqual([expect.objectContaining({ kind: 'twitter', name: '@benchbakery', host: 'x.com', networks: ['twitter'] })]);
    expect(JSON.stringify(picked.body)).not.toContain('xat-');
    const credentials = await stored(picked.body[0]!.id);
    expect(credentials).toMatchObject({ userId: X_USER.id, username: 'benchbakery', refreshToken: expect.stringMatching(/^xrt-/) });
    expect(credentials.accessExpiresAt).toBe(new Date(Date.parse(credentials.accessExpiresAt)).toISOString());
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId: picked.body[0]!.id } }));
    expect(tested.body).toEqual({ ok: true, message: 'Connected as @benchbakery.' });
  });

  it('comes back with oauth_denied on Cancel, and oauth_missing_permission when the app may not post', async () => {
    const client = await onboardedClient(server().url);
    expect((await signIn(x(), client, 'x', { choice: { deny: true } })).to).toBe('/settings?connect_error=oauth_denied');
    const readOnly = await signIn(x(), client, 'x', { choice: { grantOnly: ['tweet.read', 'users.read', 'offline.access'] } });
    expect(readOnly.to).toBe('/settings?connect_error=oauth_missing_permission');
    expect((await read(client.api.connections.$get())).body).toEqual([]);
    // A callback replayed after its state was spent goes nowhere.
    const again = await arrive(client, `${server().url}/api/connections/oauth/callback/x?state=spent&code=nope`);
    expect(again.to).toBe('/settings?connect_error=oauth_failed');
  });
});

describe('publishing to X', () => {
  it('publishes a text post and links it', async () => {
    const { client } = await userWithX();
    const postId = await xPost(client, '09:00', 'Fresh sourdough from 8 tomorrow.');
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    const [post] = postsWith('Fresh sourdough from 8 tomorrow.');
    expect(post).toMatchObject({ mediaIds: [] });
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: `https://x.com/benchbakery/status/${post!.id}` });
  });

  it('counts a link as 23 characters, and refuses an over-long text when it is scheduled', async () => {
    const { client } = await userWithX();
    const link = `https://benchbakery.com/menu/${'a'.repeat(200)}`;
    const text = `${'Our winter menu is here, with soups and stews. '.repeat(5).trim()} ${link}`;
    expect(text.length).toBeGreaterThan(280);
    const postId = await xPost(client, '09:10', text);
    await tickAt(server(), clock, '2031-06-10T09:10:00Z');
    expect(postsWith(text)).toHaveLength(1);
    expect((await deliveryOf(client, postId)).status).toBe('published');

    const created = await read(
      client.api.months[':id'].posts.$post({
        param: { id: '2031-6' },
        json: { mode: 'manual', date: '2031-06-11', platform: 'twitter', type: 'text', content: 'あ'.repeat(141) },
      }),
    );
    const refused = await read(client.api.posts[':postId'].schedule.$put({ param: { postId: created.body.id }, json: { platform: 'twitter', time: '09:00' } }));
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'network_refuses_post', message: expect.stringContaining('Shorten it by 2 characters') });
  });

  it('uploads an image in one request, then posts it', async () => {
    const { client } = await userWithX();
    const { bytes, name, type } = sample('PNG');
    const postId = await xPost(client, '09:20', 'Our new sign.', [{ bytes, name, type }]);
    await tickAt(server(), clock, '2031-06-10T09:20:00Z');
    const [post] = postsWith('Our new sign.');
    expect(post!.mediaIds).toHaveLength(1);
    expect(x().received.filter((call) => call.path === '/2/media/upload' && call.method === 'POST').length).toBeGreaterThanOrEqual(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
  });

  it('uploads a video in chunks, waits for X to process it, then posts it', async () => {
    const { client } = await userWithX();
    const { bytes, name, type } = sample('MP4');
    const before = calls('/2/media/upload').length;
    const postId = await xPost(client, '09:30', 'A minute in the bakery.', [{ bytes, name, type }]);
    await tickAt(server(), clock, '2031-06-10T09:30:00Z');
    const [post] = postsWith('A minute in the bakery.');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    const id = post!.mediaIds[0]!;
    expect(calls(`/2/media/upload/${id}/append`)).toHaveLength(1);
    expect(calls(`/2/media/upload/${id}/finalize`)).toHaveLength(1);
    expect(
      calls('/2/media/upload')
        .slice(before)
        .map((call) => call.query),
    ).toEqual([
      { command: 'STATUS', media_id: id },
      { command: 'STATUS', media_id: id },
    ]);
  });

  it('refreshes an expired access token before posting, and stores the rotated refresh token', async () => {
    const { client, connectionId, credentials } = await userWithX('2031-06-10T07:00:00Z');
    clock.set('2031-06-10T10:00:00Z');
    const postId = await xPost(client, '10:00', 'Two hours later, still baking.');
    const refreshed = refreshes().length;
    await tickAt(server(), clock, '2031-06-10T10:00:00Z');
    expect(refreshes().slice(refreshed)).toEqual([expect.objectContaining({ form: expect.objectContaining({ refresh_token: credentials.refreshToken }) })]);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    const now = await stored(connectionId);
    expect(now.refreshToken).not.toBe(credentials.refreshToken);
    expect(now.accessToken).not.toBe(credentials.accessToken);
    expect(now.accessExpiresAt).toBe('2031-06-10T12:00:00.000Z');
    // The old refresh token is spent at X; the stored one is the one that works.
    expect(x().grantStatus(credentials.refreshToken)).toBe('used');
    expect(x().grantStatus(now.refreshToken)).toBe('live');
    expect((await healthOf(client, connectionId)).state).toBe('healthy');
  });

  it('lets two workers that refresh the same token at once both post, the loser with the tokens the winner stored', async () => {
    const { client, connectionId, credentials } = await userWithX('2031-06-10T07:00:00Z');
    clock.set('2031-06-10T11:00:00Z');
    const first = await xPost(client, '11:00', 'Croissants are out.');
    const second = await xPost(client, '11:01', 'Pain au chocolat too.');
    const other = await secondInstance(server(), clock);
    try {
      // The first refresh is done at X (its token spent) but its answer held back until the second was refused.
      let release!: () => void;
      x().fault({ path: '/2/oauth2/token', until: new Promise<void>((resolve) => (release = resolve)) });
      const before = refreshes().length;
      const winner = server().services.publisher.deliverDue(new Date('2031-06-10T11:00:00Z'));
      await expect.poll(() => refreshes().length).toBe(before + 1);
      clock.set('2031-06-10T11:01:00Z');
      const loser = other.services.publisher.deliverDue(new Date('2031-06-10T11:01:00Z'));
      await expect.poll(() => refreshes().length).toBe(before + 2);
      release();
      await Promise.all([winner, loser]);
      // Both asked with the same refresh token: X rotated it for the first and refused the second.
      expect(
        refreshes()
          .slice(before)
          .map((call) => call.form.refresh_token),
      ).toEqual([credentials.refreshToken, credentials.refreshToken]);
    } finally {
      await other.close();
    }
    expect(await deliveryOf(client, first)).toMatchObject({ status: 'published' });
    expect(await deliveryOf(client, second)).toMatchObject({ status: 'published' });
    expect(postsWith('Croissants are out.')).toHaveLength(1);
    expect(postsWith('Pain au chocolat too.')).toHaveLength(1);
    const now = await stored(connectionId);
    expect(now.refreshToken).not.toBe(credentials.refreshToken);
    expect(x().grantStatus(now.refreshToken)).toBe('live');
    expect((await healthOf(client, connectionId)).state).toBe('healthy');
  });

  it('renews a refresh token left unused for weeks through the token upkeep, with the same rotation', async () => {
    const { connectionId, credentials } = await userWithX();
    clock.set(new Date(clock.now().getTime() + 25 * 24 * HOUR));
    expect(await server().services.tokenUpkeep.refreshOne(connectionId)).toBe('refreshed');
    const now = await stored(connectionId);
    expect(now.refreshToken).not.toBe(credentials.refreshToken);
    expect(x().grantStatus(now.refreshToken)).toBe('live');
    // Renewed again only when it has been left alone for as long once more.
    expect(await server().services.tokenUpkeep.refreshOne(connectionId)).toBe('not-due');
  });

  it('turns X’s documented refusals into words, and a 401 into a disconnected connection', async () => {
    const { client, connectionId } = await userWithX();
    x().fault({
      path: '/2/tweets',
      error: {
        status: 403,
        body: { detail: 'You are not allowed to create a Tweet with duplicate content.', type: 'about:blank', title: 'Forbidden', status: 403 },
      },
    });
    const duplicate = await xPost(client, '12:00', 'Same as yesterday.');
    await tickAt(server(), clock, '2031-06-10T12:00:00Z');
    expect(await deliveryOf(client, duplicate)).toMatchObject({
      status: 'failed',
      reason: 'X refused it as a duplicate: this account already posted the same text. Change the text, then retry.',
    });

    // The account rests until then: the next steps' posts come after it.
    const reset = Math.floor(Date.parse('2031-06-10T12:15:00Z') / 1000);
    x().fault({
      path: '/2/tweets',
      error: {
        status: 429,
        body: { errors: [{ code: 88, message: 'Rate limit exceeded' }] },
        headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
      },
    });
    const limited = await xPost(client, '12:10', 'Too many posts today.');
    await tickAt(server(), clock, '2031-06-10T12:10:00Z');
    expect(await deliveryOf(client, limited)).toMatchObject({
      status: 'scheduled',
      nextAttemptAt: '2031-06-10T12:15:00.000Z',
      reason: 'X asked us to slow down for this account (429); it will be sent when the limit resets, at 12:15 UTC.',
    });
    await tickAt(server(), clock, '2031-06-10T12:15:00Z');
    expect(await deliveryOf(client, limited)).toMatchObject({ status: 'published' });

    x().fault({
      path: '/2/tweets',
      error: {
        status: 400,
        body: {
          errors: [{ message: 'Your media IDs are invalid.' }],
          title: 'Invalid Request',
          detail: 'One or more parameters to your request was invalid.',
          type: 'https://api.x.com/2/problems/invalid-request',
        },
      },
    });
    const invalid = await xPost(client, '12:20', 'A photo that went missing.');
    await tickAt(server(), clock, '2031-06-10T12:20:00Z');
    expect(await deliveryOf(client, invalid)).toMatchObject({
      status: 'failed',
      reason: 'X refused the post as it was sent (400). X said: “Your media IDs are invalid.” Check the post, then retry.',
    });

    x().fault({ path: '/2/tweets', error: { status: 503 } });
    const trouble = await xPost(client, '12:30', 'X is having a moment.');
    await tickAt(server(), clock, '2031-06-10T12:30:00Z');
    expect(await deliveryOf(client, trouble)).toMatchObject({ status: 'scheduled', reason: 'X had trouble (503).' });

    x().revoke();
    const revoked = await xPost(client, '12:40', 'After the app was removed.');
    await tickAt(server(), clock, '2031-06-10T12:40:00Z');
    const reason = 'X no longer accepts this connection: its sign-in was revoked or has ended. Reconnect it in Settings → Connections.';
    expect(await deliveryOf(client, revoked)).toMatchObject({ status: 'failed', reason });
    expect(await healthOf(client, connectionId)).toMatchObject({ state: 'disconnected', reason });
  });

  it('reads back a post whose answer was lost, and never posts it twice', async () => {
    const { client } = await userWithX();
    x().fault({ path: '/2/tweets', hangUp: true });
    const postId = await xPost(client, '13:00', 'Lost in the post.');
    await tickAt(server(), clock, '2031-06-10T13:00:00Z');
    const waiting = await deliveryOf(client, postId);
    expect(waiting).toMatchObject({ status: 'scheduled' });
    expect(postsWith('Lost in the post.')).toHaveLength(1);
    const readBefore = calls(`/2/users/${X_USER.id}/tweets`).length;
    await tickAt(server(), clock, waiting.nextAttemptAt);
    const [post] = postsWith('Lost in the post.');
    expect(postsWith('Lost in the post.')).toHaveLength(1);
    expect(calls(`/2/users/${X_USER.id}/tweets`).length).toBe(readBefore + 1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: `https://x.com/benchbakery/status/${post!.id}` });
  });
});
