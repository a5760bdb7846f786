import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaServer, type MetaServer } from '@testing/meta/meta-server';
import { allowCallbacks, arrive, credentialsOf, grantIdOf, signIn } from '@testing/oauth-helpers';
import { deliveryOf, metaProviderEnv, scheduledPost } from '@testing/publishing-helpers';
import { createTestClock } from '@testing/test-clock';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
let meta: MetaServer;
let server: TestServer;
let bare: TestServer;

beforeAll(async () => {
  meta = await startMetaServer({ now: clock.now });
  [server, bare] = await Promise.all([startTestServer(metaProviderEnv(meta), {}, { now: clock.now }), startTestServer()]);
  allowCallbacks(meta, server);
});
afterAll(async () => Promise.all([server.close(), bare.close(), meta.close()]));

const grantOf = (client: TestClient, grantId: string) => read(client.api.connections.oauth.grants[':grantId'].$get({ param: { grantId } }));
const pick = (
  client: TestClient,
  grantId: string,
  accounts: { accountId: string; kind: 'facebook' | 'instagram' | 'threads'; networks: ('facebook' | 'instagram' | 'threads')[] }[],
) => read(client.api.connections.oauth.grants[':grantId'].$post({ param: { grantId }, json: { accounts } }));

describe('connecting accounts by signing in', () => {
  it('lists only the providers the operator configured, and refuses to start one that is not', async () => {
    const client = await onboardedClient(server.url);
    expect((await read(client.api.connections.providers.$get())).body).toEqual({
      providers: [
        { provider: 'facebook', available: true },
        { provider: 'instagram', available: true },
        { provider: 'threads', available: true },
        { provider: 'linkedin', available: false },
        { provider: 'x', available: false },
        { provider: 'google', available: false },
      ],
    });
    const other = await onboardedClient(bare.url);
    expect((await read(other.api.connections.providers.$get())).body.providers.every((entry) => !entry.available)).toBe(true);
    const refused = await read(other.api.connections.oauth.start.$post({ json: { provider: 'facebook', returnTo: 'settings' } }));
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('provider_unavailable');
  });

  it('connects a Facebook Page and its Instagram account, with PKCE, routed to their networks, never showing a token', async () => {
    const client = await onboardedClient(server.url);
    const { authorizeUrl, location, to } = await signIn(meta, client, 'facebook');
    const challenge = new URL(authorizeUrl).searchParams.get('code_challenge');
    expect(new URL(authorizeUrl).searchParams.get('code_challenge_method')).toBe('S256');
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe(`${server.url}/api/connections/oauth/callback/facebook`);
    expect(to).toMatch(/^\/settings\?connect=[0-9a-f-]{36}$/);
    // The code exchange sent the verifier whose hash the dialog was given (the stand-in refuses any other).
    const exchange = meta.received.filter(
      (call) => call.path.endsWith('/oauth/access_token') && call.params.code === new URL(location).searchParams.get('code'),
    );
    expect(exchange).toHaveLength(1);
    expect(createHash('sha256').update(exchange[0]!.params.code_verifier!).digest('base64url')).toBe(challenge);

    const grantId = grantIdOf(to);
    const grant = await grantOf(client, grantId);
    expect(grant.body).toMatchObject({ id: grantId, provider: 'facebook' });
    expect(grant.body.accounts).toEqual([
      { accountId: meta.accounts.page.id, kind: 'facebook', name: meta.accounts.page.name, connectionId: null },
      { accountId: meta.accounts.instagram.id, kind: 'instagram', name: `@${meta.accounts.instagram.username}`, connectionId: null },
    ]);
    const made = await pick(client, grantId, [
      { accountId: meta.accounts.page.id, kind: 'facebook', networks: ['facebook'] },
      { accountId: meta.accounts.instagram.id, kind: 'instagram', networks: ['instagram'] },
    ]);
    expect(made.status).toBe(200);
    expect(made.body).toEqual([
      expect.objectContaining({
        kind: 'facebook',
        name: meta.accounts.page.name,
        networks: ['facebook'],
        health: { state: 'healthy', reason: null, expiresAt: null },
      }),
      expect.objectContaining({ kind: 'instagram', networks: ['instagram'], health: { state: 'healthy', reason: null, expiresAt: null } }),
    ]);
    const page = await credentialsOf<{ pageId: string; pageToken: string }>(server, made.body[0]!.id);
    expect(page.pageId).toBe(meta.accounts.page.id);
    expect(await credentialsOf(server, made.body[1]!.id)).toEqual({ igUserId: meta.accounts.instagram.id, accessToken: page.pageToken, api: 'facebook' });
    const listed = await read(client.api.connections.$get());
    const userToken = meta.received.find((call) => call.path.endsWith('/debug_token'))!.params.input_token!;
    for (const seen of [authorizeUrl, to, JSON.stringify(grant.body), JSON.stringify(made.body), JSON.stringify(listed.body), server.logLines.join('\n')]) {
      expect(seen).not.toContain(page.pageToken);
      expect(seen).not.toContain(userToken);
    }
    // A grant is used once.
    expect((await grantOf(client, grantId)).status).toBe(404);
    expect((await pick(client, grantId, [{ accountId: meta.accounts.page.id, kind: 'facebook', networks: [] }])).status).toBe(404);
  });

  it('connects a Threads profile with a 60-day token and returns to onboarding', async () => {
    const client = await onboardedClient(server.url);
    const { authorizeUrl, to } = await signIn(meta, client, 'threads', { returnTo: 'onboarding' });
    expect(new URL(authorizeUrl).searchParams.has('code_challenge')).toBe(false);
    expect(to).toMatch(/^\/onboarding\?connect=/);
    const grant = await grantOf(client, grantIdOf(to));
    expect(grant.body.accounts).toEqual([{ accountId: meta.accounts.threads.id, kind: 'threads', name: '@brightsmile', connectionId: null }]);
    const made = await pick(client, grantIdOf(to), [{ accountId: meta.accounts.threads.id, kind: 'threads', networks: ['threads'] }]);
    const expiresAt = Date.parse(made.body[0]!.health.expiresAt!);
    expect(expiresAt - clock.now().getTime()).toBeGreaterThan(59 * 86_400_000);
    expect(expiresAt - clock.now().getTime()).toBeLessThan(61 * 86_400_000);
    expect(made.body[0]).toMatchObject({ kind: 'threads', networks: ['threads'], host: 'www.threads.net' });
  });

  it('refuses a tampered state, another user’s sign-in, a second use and an expired one, each by a redirect with the reason', async () => {
    const owner = await onboardedClient(server.url);
    const stranger = await onboardedClient(server.url);
    const started = await read(owner.api.connections.oauth.start.$post({ json: { provider: 'facebook', returnTo: 'settings' } }));
    const location = meta.approve(started.body.authorizeUrl);
    const tampered = new URL(location);
    tampered.searchParams.set('state', 'not-the-state');
    expect(await arrive(owner, tampered.toString())).toEqual({ status: 302, to: '/settings?connect_error=oauth_failed' });
    // A state no sign-in could have made is bad input: the one JSON error, not a look-up.
    const oversized = new URL(location);
    oversized.searchParams.set('state', 's'.repeat(5000));
    const refused = await fetch(oversized, { headers: { cookie: owner.cookieHeader() }, redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    // The stranger's browser with the owner's answer: not their sign-in.
    expect(await arrive(stranger, location)).toEqual({ status: 302, to: '/settings?connect_error=oauth_failed' });
    const mine = await arrive(owner, location);
    expect(mine.to).toMatch(/^\/settings\?connect=/);
    expect(await arrive(owner, location)).toEqual({ status: 302, to: '/settings?connect_error=oauth_failed' });
    const grantId = grantIdOf(mine.to);
    expect((await grantOf(stranger, grantId)).status).toBe(404);
    expect((await pick(stranger, grantId, [{ accountId: meta.accounts.page.id, kind: 'facebook', networks: [] }])).status).toBe(404);
    expect((await grantOf(owner, grantId)).status).toBe(200);

    const late = await read(owner.api.connections.oauth.start.$post({ json: { provider: 'threads', returnTo: 'onboarding' } }));
    const lateLocation = meta.approve(late.body.authorizeUrl);
    clock.advance(11 * 60_000);
    expect(await arrive(owner, lateLocation)).toEqual({ status: 302, to: '/onboarding?connect_error=oauth_failed' });
  });

  it('says so when the person cancels or unticks a permission publishing needs', async () => {
    const client = await onboardedClient(server.url);
    expect((await signIn(meta, client, 'facebook', { choice: { deny: true } })).to).toBe('/settings?connect_error=oauth_denied');
    expect((await signIn(meta, client, 'threads', { choice: { deny: true } })).to).toBe('/settings?connect_error=oauth_denied');
    expect((await signIn(meta, client, 'facebook', { choice: { decline: ['pages_manage_posts'] } })).to).toBe(
      '/settings?connect_error=oauth_missing_permission',
    );
    // Without the Instagram permissions only the Page is offered.
    const { to } = await signIn(meta, client, 'facebook', { choice: { decline: ['instagram_content_publish'] } });
    expect((await grantOf(client, grantIdOf(to))).body.accounts.map((account) => account.kind)).toEqual(['facebook']);
  });

  it('reconnects a disconnected Page: same id, name, routes and scheduled post; healthy again with new credentials', async () => {
    const client = await onboardedClient(server.url);
    const first = await signIn(meta, client, 'facebook');
    const [page] = (await pick(client, grantIdOf(first.to), [{ accountId: meta.accounts.page.id, kind: 'facebook', networks: ['facebook'] }])).body;
    const param = { connectionId: page!.id };
    await read(client.api.connections[':connectionId'].$patch({ param, json: { name: 'Our Page' } }));
    await read(client.api.workspace.$get());
    const postId = await scheduledPost(client, '2026-11-28', '10:00');
    const before = await credentialsOf<{ pageToken: string }>(server, page!.id);
    await server.database.db
      .updateTable('connections')
      .set({ health: 'disconnected', healthReason: 'Facebook no longer accepts this connection.' })
      .where('id', '=', page!.id)
      .execute();
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param }));
    expect(tested.body).toEqual({ ok: false, message: 'Disconnected: reconnect. Facebook no longer accepts this connection.' });

    const again = await signIn(meta, client, 'facebook', { connectionId: page!.id });
    const grant = await grantOf(client, grantIdOf(again.to));
    expect(grant.body.accounts.find((account) => account.kind === 'facebook')?.connectionId).toBe(page!.id);
    const renewed = await pick(client, grantIdOf(again.to), [{ accountId: meta.accounts.page.id, kind: 'facebook', networks: [] }]);
    expect(renewed.body).toEqual([
      expect.objectContaining({ id: page!.id, name: 'Our Page', networks: ['facebook'], health: { state: 'healthy', reason: null, expiresAt: null } }),
    ]);
    expect((await read(client.api.connections.$get())).body).toHaveLength(1);
    expect((await credentialsOf<{ pageToken: string }>(server, page!.id)).pageToken).not.toBe(before.pageToken);
    expect((await deliveryOf(client, postId)).status).toBe('scheduled');
  });
});
