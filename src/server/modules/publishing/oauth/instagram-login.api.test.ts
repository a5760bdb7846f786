import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMetaServer, type MetaServer } from '@testing/meta/meta-server';
import { allowCallbacks, credentialsOf, grantIdOf, signIn } from '@testing/oauth-helpers';
import { deliveryOf, metaProviderEnv, scheduledPost, tickAt } from '@testing/publishing-helpers';
import { createTestClock } from '@testing/test-clock';
import { onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

/** Connecting an Instagram professional account through Instagram Login (no Page), publishing and keeping its token, against the stand-in. */
const DAY = 86_400_000;
const START = '2031-05-20T08:00:00Z';
const clock = createTestClock(START, { tickMs: 1 });
let meta: MetaServer;
let server: TestServer;
const ig = () => meta.accounts.instagram.id;

beforeAll(async () => {
  meta = await startMetaServer({ now: clock.now });
  server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true', ...metaProviderEnv(meta) }, {}, { now: clock.now });
  allowCallbacks(meta, server);
  // As main.ts does on an instance that runs jobs (the sweep itself is called by the tests).
  await server.services.tokenUpkeep.work();
});
afterAll(async () => Promise.all([server?.close(), meta?.close()]));
beforeEach(() => clock.set(START));

/** A user who signed in with Instagram and picked the account: the connection as the API answers it. */
async function instagramConnection(): Promise<{ client: TestClient; id: string; expiresAt: string; authorizeUrl: string }> {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  const { authorizeUrl, to } = await signIn(meta, client, 'instagram');
  const made = await read(
    client.api.connections.oauth.grants[':grantId'].$post({
      param: { grantId: grantIdOf(to) },
      json: { accounts: [{ accountId: ig(), kind: 'instagram', networks: ['instagram'] }] },
    }),
  );
  expect(made.status).toBe(200);
  return { client, id: made.body[0]!.id, expiresAt: made.body[0]!.health.expiresAt!, authorizeUrl };
}

const healthOf = async (client: TestClient, id: string) => (await read(client.api.connections.$get())).body.find((connection) => connection.id === id)!.health;
const tokenOf = async (id: string) => (await credentialsOf<{ accessToken: string }>(server, id)).accessToken;
const square = () =>
  sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();

describe('Instagram Login', () => {
  it('signs in on www.instagram.com without PKCE, exchanges the code on api.instagram.com, and offers the one account with a 60-day token', async () => {
    const client = await onboardedClient(server.url);
    const { authorizeUrl, location, to } = await signIn(meta, client, 'instagram');
    const asked = new URL(authorizeUrl);
    expect(`${asked.origin}${asked.pathname}`).toBe(`${meta.urls.instagram}/oauth/authorize`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      client_id: meta.apps.instagram.id,
      redirect_uri: `${server.url}/api/connections/oauth/callback/instagram`,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state: expect.any(String),
    });
    expect(to).toMatch(/^\/settings\?connect=/);
    const exchange = meta.received.filter((call) => call.params.code === new URL(location).searchParams.get('code'));
    expect(exchange.map((call) => ({ host: call.host, path: call.path, grant: call.params.grant_type, verifier: call.params.code_verifier }))).toEqual([
      { host: 'instagramApi', path: '/oauth/access_token', grant: 'authorization_code', verifier: undefined },
    ]);

    const grantId = grantIdOf(to);
    const grant = await read(client.api.connections.oauth.grants[':grantId'].$get({ param: { grantId } }));
    expect(grant.body).toMatchObject({ provider: 'instagram', accounts: [{ accountId: ig(), kind: 'instagram', name: '@brightsmile', connectionId: null }] });
    const made = await read(
      client.api.connections.oauth.grants[':grantId'].$post({
        param: { grantId },
        json: { accounts: [{ accountId: ig(), kind: 'instagram', networks: ['instagram'] }] },
      }),
    );
    expect(made.body[0]).toMatchObject({ kind: 'instagram', host: 'www.instagram.com', networks: ['instagram'], health: { state: 'healthy', reason: null } });
    const left = Date.parse(made.body[0]!.health.expiresAt!) - clock.now().getTime();
    expect(left).toBeGreaterThan(59 * DAY);
    expect(left).toBeLessThan(61 * DAY);
    const credentials = await credentialsOf<{ igUserId: string; accessToken: string; api: string }>(server, made.body[0]!.id);
    expect(credentials).toEqual({ igUserId: ig(), accessToken: expect.stringMatching(/^IGAA/), api: 'instagram' });
    // The long-lived token is the one the exchange answered; no token is ever shown or logged.
    const exchanged = meta.received.filter((call) => call.host === 'instagramGraph' && call.path === '/access_token');
    expect(exchanged.at(-1)!.params.grant_type).toBe('ig_exchange_token');
    const listed = await read(client.api.connections.$get());
    for (const seen of [JSON.stringify(grant.body), JSON.stringify(made.body), JSON.stringify(listed.body), server.logLines.join('\n')])
      expect(seen).not.toContain(credentials.accessToken);
  });

  it('reads the exchange’s answer also as the oauth-access-token reference shows it (unwrapped, without permissions)', async () => {
    meta.setInstagramExchangeShape('reference');
    try {
      const client = await onboardedClient(server.url);
      const { to } = await signIn(meta, client, 'instagram');
      const grant = await read(client.api.connections.oauth.grants[':grantId'].$get({ param: { grantId: grantIdOf(to) } }));
      expect(grant.body.accounts).toEqual([{ accountId: ig(), kind: 'instagram', name: '@brightsmile', connectionId: null }]);
    } finally {
      meta.setInstagramExchangeShape('business-login');
    }
  });

  it('says so when the person cancels or unticks publishing', async () => {
    const client = await onboardedClient(server.url);
    expect((await signIn(meta, client, 'instagram', { choice: { deny: true } })).to).toBe('/settings?connect_error=oauth_denied');
    expect((await signIn(meta, client, 'instagram', { choice: { decline: ['instagram_business_content_publish'] } })).to).toBe(
      '/settings?connect_error=oauth_missing_permission',
    );
  });

  it('renews the connection the account already has through a Facebook Page, which then publishes through Instagram Login', async () => {
    const client = await onboardedClient(server.url);
    const viaPage = await signIn(meta, client, 'facebook');
    const [made] = (
      await read(
        client.api.connections.oauth.grants[':grantId'].$post({
          param: { grantId: grantIdOf(viaPage.to) },
          json: { accounts: [{ accountId: ig(), kind: 'instagram', networks: ['instagram'] }] },
        }),
      )
    ).body;
    expect((await credentialsOf<{ api: string }>(server, made!.id)).api).toBe('facebook');
    const { to } = await signIn(meta, client, 'instagram');
    const grant = await read(client.api.connections.oauth.grants[':grantId'].$get({ param: { grantId: grantIdOf(to) } }));
    expect(grant.body.accounts).toEqual([{ accountId: ig(), kind: 'instagram', name: '@brightsmile', connectionId: made!.id }]);
    const renewed = await read(
      client.api.connections.oauth.grants[':grantId'].$post({
        param: { grantId: grantIdOf(to) },
        json: { accounts: [{ accountId: ig(), kind: 'instagram', networks: [] }] },
      }),
    );
    expect(renewed.body).toEqual([
      expect.objectContaining({ id: made!.id, networks: ['instagram'], health: expect.objectContaining({ state: 'healthy', expiresAt: expect.any(String) }) }),
    ]);
    expect(await credentialsOf(server, made!.id)).toEqual({ igUserId: ig(), accessToken: expect.stringMatching(/^IGAA/), api: 'instagram' });
  });

  it('publishes a scheduled image through graph.instagram.com: one post, linked by its permalink', async () => {
    const { client, id } = await instagramConnection();
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId: id } }));
    expect(tested.body).toEqual({ ok: true, message: 'Connected as @brightsmile.' });
    const postId = await scheduledPost(client, '2031-06-10', '09:00', { content: 'Fresh smiles, no Page needed.', hashtags: ['#smile'] }, 'instagram', [
      { bytes: await square(), name: 'smile.jpg', type: 'image/jpeg' },
    ]);
    await tickAt(server, clock, '2031-06-10T09:00:00Z');
    const posts = meta.postsOf(ig()).filter((item) => item.text === 'Fresh smiles, no Page needed.\n\n#smile');
    expect(posts).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: posts[0]!.permalink });
    const publishing = meta.received.filter((call) => call.method === 'POST' && /\/(media|media_publish)$/.test(call.path));
    expect(publishing.length).toBeGreaterThanOrEqual(2);
    expect(new Set(publishing.filter((call) => call.path.includes(ig())).map((call) => call.host))).toEqual(new Set(['instagramGraph']));
  });

  it('renews the token ten days before it ends and publishes with the new one', async () => {
    const { client, id, expiresAt } = await instagramConnection();
    const old = await tokenOf(id);
    expect(await server.services.tokenUpkeep.sweep()).toBe(0);
    clock.set(new Date(Date.parse(expiresAt) - 9 * DAY));
    // Connections made by the tests before are due too.
    expect(await server.services.tokenUpkeep.sweep()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => healthOf(client, id).then((health) => health.expiresAt)).not.toBe(expiresAt);
    expect(Date.parse((await healthOf(client, id)).expiresAt!) - clock.now().getTime()).toBeGreaterThan(59 * DAY);
    const fresh = await tokenOf(id);
    expect(fresh).not.toBe(old);
    const refreshes = meta.received.filter((call) => call.host === 'instagramGraph' && call.path === '/refresh_access_token');
    expect(refreshes.map((call) => [call.params.grant_type, call.params.access_token])).toContainEqual(['ig_refresh_token', old]);
    expect(refreshes.map((call) => call.params.access_token)).not.toContain(fresh);
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId: id } }));
    expect(tested.body).toEqual({ ok: true, message: 'Connected as @brightsmile.' });
  });

  it('marks the connection disconnected, in words, once Instagram no longer accepts the token', async () => {
    const { client, id, expiresAt } = await instagramConnection();
    meta.revoke('instagram');
    clock.set(new Date(Date.parse(expiresAt) - 5 * DAY));
    expect(await server.services.tokenUpkeep.refreshOne(id)).toBe('disconnected');
    const health = await healthOf(client, id);
    expect(health).toMatchObject({
      state: 'disconnected',
      reason: 'Instagram no longer accepts this connection: the app’s access was removed from the account. Reconnect it in Settings → Connections.',
    });
    // Signing in again renews the same connection.
    const again = await signIn(meta, client, 'instagram', { connectionId: id });
    const grant = await read(client.api.connections.oauth.grants[':grantId'].$get({ param: { grantId: grantIdOf(again.to) } }));
    expect(grant.body.accounts).toEqual([{ accountId: ig(), kind: 'instagram', name: '@brightsmile', connectionId: id }]);
  });
});
