import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '@server/modules/publishing/secret-box';
import type { XCredentials } from '@server/modules/publishing/oauth/x-tokens';
import { openDatabase, type DatabaseHandle } from '@server/platform/db/database';
import { grantIdOf, signIn } from '../oauth-helpers';
import { xProviderEnv } from '../publishing-helpers';
import { startServerProcess, type ServerProcess } from '../server-process';
import { call } from '../stand-in/http-call';
import { onboardedClient, read, type TestClient } from '../test-client';
import { createTestDatabase, databaseEnv, type TestDatabase } from '../test-database';
import { startXServer, type XServer } from '../x/x-server';
import { X_USER } from '../x/x-state';

/**
 * "A crash right after a refresh loses nothing": the server, as its own process, renews an expired X
 * access token (X rotates the refresh token: the old one dies), stores the new tokens, and is killed
 * (SIGKILL) while its post is on its way to X, before X has it. After a restart the post goes out once,
 * with the rotated tokens, and the connection stays healthy.
 */
const ENCRYPTION_KEY = 'x-crash-test-encryption-key-0123456789abcdef';
const TEXT = 'Saturday market stall from 9.';

let testDb: TestDatabase;
let x: XServer;
let handle: DatabaseHandle;
const servers: ServerProcess[] = [];
const box = createSecretBox(ENCRYPTION_KEY);

beforeAll(async () => {
  testDb = await createTestDatabase();
  x = await startXServer();
});
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  await handle?.close();
  await x.close();
  await testDb.drop();
});

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATA_DIR: testDb.dataDir,
    ...databaseEnv(testDb.database),
    ENCRYPTION_KEY,
    PUBLISH_ALLOW_PRIVATE_URLS: 'true',
    LOG_LEVEL: 'info',
    ...xProviderEnv(x),
  });
  servers.push(server);
  x.allowRedirectUri(`${server.url}/api/connections/oauth/callback/x`);
  return server;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const storedCredentials = async (connectionId: string) => {
  const row = await handle.db.selectFrom('connections').select('credentials').where('id', '=', connectionId).executeTakeFirstOrThrow();
  return box.open<XCredentials>(row.credentials);
};

/** The killed process's lease on the delivery has run out (its 2 minutes, without waiting them). */
const leaseRunsOut = (postId: string) =>
  handle.db.updateTable('deliveries').set({ leaseUntil: '2000-01-01T00:00:00.000Z' }).where('postId', '=', postId).execute();

const deliveryOf = async (client: TestClient, postId: string) => (await read(client.api.posts[':postId'].delivery.$get({ param: { postId } }))).body;

describe('X tokens across a crash', { timeout: 120_000 }, () => {
  it('a server killed between storing refreshed tokens and sending the post loses nothing: after a restart the post goes out once', async () => {
    const first = await start();
    handle = openDatabase(testDb.database);
    const client = await onboardedClient(first.url);
    await read(client.api.workspace.$get());
    const { to } = await signIn(x, client, 'x');
    const grantId = grantIdOf(to);
    const picked = await read(
      client.api.connections.oauth.grants[':grantId'].$post({
        param: { grantId },
        json: { accounts: [{ accountId: X_USER.id, kind: 'twitter', networks: ['twitter'] }] },
      }),
    );
    const connectionId = picked.body[0]!.id;

    // Two hours pass: the access token has ended (and X no longer takes it).
    const signedIn = await storedCredentials(connectionId);
    const expired = { ...signedIn, accessExpiresAt: new Date(Date.now() - 60_000).toISOString() };
    await handle.db
      .updateTable('connections')
      .set({ credentials: box.seal(expired) })
      .where('id', '=', connectionId)
      .execute();
    await call(`${x.urls.api}/2/oauth2/revoke`, { basic: `${x.client.id}:${x.client.secret}`, form: { token: signedIn.accessToken } });

    // The post is held on its way to X; the process is killed while it waits.
    let release!: () => void;
    let held!: () => void;
    const reachedX = new Promise<void>((resolve) => (held = resolve));
    x.fault({ path: '/2/tweets', holdRequest: new Promise<void>((resolve) => (release = resolve)), onHeld: () => held() });
    const now = new Date();
    const date = now.toISOString().slice(0, 10);
    const created = await read(
      client.api.months[':id'].posts.$post({
        param: { id: `${date.slice(0, 4)}-${Number(date.slice(5, 7))}` },
        json: { mode: 'manual', date, platform: 'twitter', type: 'text', content: TEXT },
      }),
    );
    const postId = created.body.id;
    const scheduled = await read(
      client.api.posts[':postId'].schedule.$put({ param: { postId }, json: { platform: 'twitter', time: now.toISOString().slice(11, 16) } }),
    );
    expect(scheduled.status).toBe(200);
    await reachedX;

    // The refresh happened and its tokens are stored: the old refresh token is spent at X, the stored one works.
    const rotated = await storedCredentials(connectionId);
    expect(rotated.refreshToken).not.toBe(signedIn.refreshToken);
    expect(x.grantStatus(signedIn.refreshToken)).toBe('used');
    expect(x.grantStatus(rotated.refreshToken)).toBe('live');
    await first.stop('SIGKILL');
    release();
    expect(x.published).toEqual([]);

    await leaseRunsOut(postId);
    const second = await start();
    const again = client.copyFor(second.url);
    // The restarted worker writes the killed attempt off as unknown; once its report time has passed too, the user retries.
    expect(
      (
        await waitFor(
          () => deliveryOf(again, postId),
          (delivery) => delivery.status === 'unknown',
        )
      ).status,
    ).toBe('unknown');
    await leaseRunsOut(postId);
    expect((await read(again.api.posts[':postId'].delivery.retry.$post({ param: { postId } }))).status).toBe(200);
    const published = await waitFor(
      () => deliveryOf(again, postId),
      (delivery) => delivery.status !== 'scheduled' && delivery.status !== 'publishing',
    );
    expect(x.published.map((post) => post.text)).toEqual([TEXT]);
    expect(published).toMatchObject({ status: 'published', liveUrl: `https://x.com/${X_USER.username}/status/${x.published[0]!.id}` });
    // Sent with the rotated tokens (the first access token was revoked), and no refresh was needed or lost.
    expect((await storedCredentials(connectionId)).refreshToken).toBe(rotated.refreshToken);
    expect(x.grantStatus(rotated.refreshToken)).toBe('live');
    const connection = (await read(again.api.connections.$get())).body.find((item) => item.id === connectionId)!;
    expect(connection.health.state).toBe('healthy');
  });
});
