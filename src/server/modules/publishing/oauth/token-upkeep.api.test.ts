import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaServer, type MetaServer } from '@testing/meta/meta-server';
import { allowCallbacks, credentialsOf, grantIdOf, signIn } from '@testing/oauth-helpers';
import { createTestClock } from '@testing/test-clock';
import { onboardedClient, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { metaProviderEnv, scheduledPost } from '@testing/publishing-helpers';

const DAY = 86_400_000;
const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
let meta: MetaServer;
let server: TestServer;

beforeAll(async () => {
  meta = await startMetaServer({ now: clock.now });
  server = await startTestServer(metaProviderEnv(meta), {}, { now: clock.now });
  allowCallbacks(meta, server);
  // As main.ts does on an instance that runs jobs (the sweep itself is called by the tests).
  await server.services.tokenUpkeep.work();
});
afterAll(async () => Promise.all([server.close(), meta.close()]));

/** A user with a Threads connection made now. */
async function threadsConnection(): Promise<{ client: TestClient; id: string; expiresAt: string }> {
  const client = await onboardedClient(server.url);
  const { to } = await signIn(meta, client, 'threads');
  const made = await read(
    client.api.connections.oauth.grants[':grantId'].$post({
      param: { grantId: grantIdOf(to) },
      json: { accounts: [{ accountId: meta.accounts.threads.id, kind: 'threads', networks: ['threads'] }] },
    }),
  );
  return { client, id: made.body[0]!.id, expiresAt: made.body[0]!.health.expiresAt! };
}

const healthOf = async (client: TestClient, id: string) => (await read(client.api.connections.$get())).body.find((connection) => connection.id === id)!.health;
const tokenOf = async (id: string) => (await credentialsOf<{ accessToken: string }>(server, id)).accessToken;

describe('keeping tokens alive', () => {
  it('renews a Threads token ten days before it ends, once however many sweeps, and uses the new one from then on', async () => {
    const { client, id, expiresAt } = await threadsConnection();
    const old = await tokenOf(id);
    expect(await server.services.tokenUpkeep.sweep()).toBe(0);

    clock.set(new Date(Date.parse(expiresAt) - 9 * DAY));
    expect((await healthOf(client, id)).state).toBe('healthy');
    const queued = await Promise.all([server.services.tokenUpkeep.sweep(), server.services.tokenUpkeep.sweep()]);
    expect(queued[0] + queued[1]).toBe(1);
    await expect.poll(() => healthOf(client, id).then((health) => health.expiresAt)).not.toBe(expiresAt);
    const renewed = Date.parse((await healthOf(client, id)).expiresAt!);
    expect(renewed - clock.now().getTime()).toBeGreaterThan(59 * DAY);
    const fresh = await tokenOf(id);
    expect(fresh).not.toBe(old);
    // The refresh asked with the old token; the new one is what the channel now opens.
    const refreshes = meta.received.filter((call) => call.path.endsWith('/refresh_access_token'));
    expect(refreshes.map((call) => call.params.access_token)).toEqual([old]);
    expect(await server.services.tokenUpkeep.sweep()).toBe(0);
  });

  it('marks the connection disconnected, with the reason in words, when Threads refuses the token', async () => {
    const { client, id, expiresAt } = await threadsConnection();
    meta.revoke('threads');
    clock.set(new Date(Date.parse(expiresAt) - 5 * DAY));
    expect(await server.services.tokenUpkeep.refreshOne(id)).toBe('disconnected');
    const health = await healthOf(client, id);
    expect(health.state).toBe('disconnected');
    expect(health.reason).toBe(
      'Threads no longer accepts this connection: the app’s access was removed from the account. Reconnect it in Settings → Connections.',
    );
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId: id } }));
    expect(tested.body).toEqual({ ok: false, message: `Disconnected: reconnect. ${health.reason}` });
    // A disconnected connection is no longer swept.
    expect(await server.services.tokenUpkeep.refreshOne(id)).toBe('not-due');
  });

  it('leaves the token for the next sweep when Threads cannot be reached, and keeps a reconnect made meanwhile', async () => {
    const { client, id, expiresAt } = await threadsConnection();
    const old = await tokenOf(id);
    clock.set(new Date(Date.parse(expiresAt) - 5 * DAY));
    meta.fault({ path: '/refresh_access_token', hangUp: true });
    expect(await server.services.tokenUpkeep.refreshOne(id)).toBe('later');
    expect(await healthOf(client, id)).toMatchObject({ state: 'expiring', expiresAt });
    expect(await tokenOf(id)).toBe(old);

    // The person renames (or reconnects) it while the refresh is on its way: the refresh's token is not written.
    let release!: () => void;
    meta.fault({ path: '/refresh_access_token', until: new Promise<void>((resolve) => (release = resolve)) });
    const refreshing = server.services.tokenUpkeep.refreshOne(id);
    await expect.poll(() => meta.received.filter((call) => call.path.endsWith('/refresh_access_token')).length).toBeGreaterThanOrEqual(2);
    await read(client.api.connections[':connectionId'].$patch({ param: { connectionId: id }, json: { name: 'Renamed' } }));
    release();
    expect(await refreshing).toBe('changed');
    expect(await tokenOf(id)).toBe(old);
  });

  it('checks each signed-in account once a day, so a token revoked on the network disconnects it before a post is due', async () => {
    clock.set('2026-11-26T09:00:00Z');
    const { client, id } = await threadsConnection();
    await read(client.api.workspace.$get());
    const postId = await scheduledPost(client, '2026-11-30', '10:00', { content: 'Open late on Thursdays.', hashtags: [] }, 'threads');
    expect(await server.services.tokenUpkeep.checkOne(id)).toBe('healthy');
    // Tokens revoked below are the ones issued before: earlier tests' connections go too, and each is checked.

    meta.revoke('threads');
    expect(await server.services.tokenUpkeep.sweepHealth()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => healthOf(client, id).then((health) => health.state)).toBe('disconnected');
    expect((await healthOf(client, id)).reason).toContain('Threads no longer accepts this connection');
    // Within the day no second check is queued, for this or any other account.
    expect(await server.services.tokenUpkeep.sweepHealth()).toBe(0);
    // The post due in four days is flagged now, days before its time.
    const atRisk = await read(client.api.deliveries['at-risk'].$get());
    expect(atRisk.body.map((delivery) => [delivery.postId, delivery.risk])).toEqual([[postId, 'disconnected']]);
    // A connection already known to be disconnected is not asked again.
    expect(await server.services.tokenUpkeep.checkOne(id)).toBe('not-due');
  });
});
