import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'vitest';
import type { Platform } from '@shared/domain/options';
import type { OAuthKind } from '@shared/schemas/publishing';
import { createWriter } from '@server/ai/create-writer';
import { createPostgresNotifier } from '@server/platform/notifier';
import { createLogger } from '@server/platform/logger';
import { createServices } from '@server/compose';
import { createSecretBox } from '@server/modules/publishing/secret-box';
import type { GoogleServer } from './google/google-server';
import type { MetaServer } from './meta/meta-server';
import type { XServer } from './x/x-server';
import { addPost, type ManualPost } from './month-posts';
import type { TestClock } from './test-clock';
import { onboardedClient, read, type TestClient, type TypedApi } from './test-client';
import type { TestServer } from './test-server';
import type { WebhookReceiver } from './webhook-receiver';

/** The networks a connection publishes, as `POST /api/connections` takes them. */
type Networks = Parameters<TypedApi['connections']['$post']>[0]['json']['networks'];

/** A signed-in user whose `networks` go out through a webhook to `receiver` (which learns its secret). */
export async function userWithWebhook(server: TestServer, receiver: WebhookReceiver, networks: Networks = ['facebook']) {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  const created = await read(client.api.connections.$post({ json: { kind: 'webhook', name: 'Our n8n', url: `${receiver.url}/hook`, networks } }));
  expect(created.status).toBe(201);
  const secret = created.body.signingSecret;
  if (!secret) throw new Error('a webhook connection answers with its signing secret');
  receiver.useSecret(secret);
  return client;
}

/** A post on `date` (YYYY-MM-DD) scheduled for `time` on `platform`. */
export async function scheduledPost(
  client: TestClient,
  date: string,
  time: string,
  fields: Partial<ManualPost> = {},
  platform: ManualPost['platform'] = 'facebook',
  /** Files uploaded to the post before it is scheduled (a network that needs an image checks for it then). */
  uploads: { bytes: Buffer; name: string; type: string }[] = [],
) {
  const target = { targetId: `${date.slice(0, 4)}-${Number(date.slice(5, 7))}`, day: () => date };
  const created = await addPost(client, { date, platform, content: 'Our new opening hours start Monday.', hashtags: ['#dental'], ...fields }, target);
  for (const file of uploads) expect((await client.uploadMedia(created.id, file.bytes, file.name, file.type)).status).toBe(201);
  const scheduled = await read(client.api.posts[':postId'].schedule.$put({ param: { postId: created.id }, json: { platform, time } }));
  expect(scheduled.status).toBe(200);
  return created.id;
}

/** One worker turn with the clock at `at`. */
export function tickAt(server: TestServer, clock: TestClock, at: string) {
  clock.set(at);
  return server.services.publisher.deliverDue();
}

export async function deliveryOf(client: TestClient, postId: string) {
  const response = await read(client.api.posts[':postId'].delivery.$get({ param: { postId } }));
  expect(response.status).toBe(200);
  return response.body;
}

/** The post's delivery once a worker running on its own has recorded an outcome (the receiver may see the request a moment before). */
export async function recorded(client: TestClient, postId: string) {
  const deadline = Date.now() + 5_000;
  let delivery = await deliveryOf(client, postId);
  while (['scheduled', 'publishing'].includes(delivery.status) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
    delivery = await deliveryOf(client, postId);
  }
  return delivery;
}

/** Waits (briefly, in real time) until the receiver has had `count` publish requests, and checks it has that many. */
export async function receivedCount(receiver: WebhookReceiver, count: number) {
  const deadline = Date.now() + 5_000;
  while (receiver.posts().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(receiver.posts()).toHaveLength(count);
}

/**
 * A second instance on the test server's database, as another process would be: its own services and
 * publisher (another lease owner), its worker's timer on `clock` (not started). On PostgreSQL it
 * listens on a connection of its own; on SQLite (one process) it shares the server's events.
 */
export async function secondInstance(server: TestServer, clock: TestClock) {
  const log = createLogger('silent');
  const { database } = server.config;
  const notifier = database.kind === 'postgres' ? await createPostgresNotifier(server.database, database.url, log) : server.services.notifier;
  const services = createServices(server.database, {
    writer: createWriter({ kind: 'offline' }),
    log,
    mediaDir: path.join(server.dataDir, 'media'),
    publicUrl: server.url,
    now: clock.now,
    timer: clock.timer,
    notifier,
    publishing: server.config.publishing,
  });
  return {
    services,
    async close() {
      await services.publisher.stop();
      if (notifier !== server.services.notifier) await notifier.close();
    },
  };
}

/** The env that points the app's Facebook (with Instagram through Facebook Login), Instagram Login and Threads providers at the stand-in. */
export function metaProviderEnv(meta: MetaServer): Record<string, string> {
  return {
    FACEBOOK_CLIENT_ID: meta.apps.facebook.id,
    FACEBOOK_CLIENT_SECRET: meta.apps.facebook.secret,
    FACEBOOK_API_URL: meta.urls.graph,
    FACEBOOK_AUTH_URL: meta.urls.facebook,
    THREADS_CLIENT_ID: meta.apps.threads.id,
    THREADS_CLIENT_SECRET: meta.apps.threads.secret,
    THREADS_API_URL: meta.urls.threadsGraph,
    THREADS_AUTH_URL: meta.urls.threads,
    INSTAGRAM_CLIENT_ID: meta.apps.instagram.id,
    INSTAGRAM_CLIENT_SECRET: meta.apps.instagram.secret,
    INSTAGRAM_API_URL: meta.urls.instagramGraph,
    INSTAGRAM_AUTH_URL: meta.urls.instagram,
    INSTAGRAM_TOKEN_URL: meta.urls.instagramApi,
  };
}

/** The env that points the app's Google provider (sign-in, token, accounts, locations and local posts) at the stand-in. */
export function googleProviderEnv(google: GoogleServer): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: google.client.id,
    GOOGLE_CLIENT_SECRET: google.client.secret,
    GOOGLE_API_URL: google.urls.myBusiness,
    GOOGLE_AUTH_URL: google.urls.accounts,
    GOOGLE_TOKEN_URL: google.urls.oauth2,
    GOOGLE_ACCOUNTS_URL: google.urls.accountManagement,
    GOOGLE_LOCATIONS_URL: google.urls.businessInformation,
  };
}

/** The env that points the app's X provider at the X stand-in. */
export function xProviderEnv(x: XServer): Record<string, string> {
  return { X_CLIENT_ID: x.client.id, X_CLIENT_SECRET: x.client.secret, X_API_URL: x.urls.api, X_AUTH_URL: x.urls.x };
}

/** What a Page admin grants a Facebook Page connection: its list of Pages, publishing, reading back, and videos. */
export const FACEBOOK_PAGE_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'publish_video'];

/**
 * A signed-in user with the stand-in's Facebook Page connected, as a sign-in leaves it: a long-lived user
 * token granted `scopes`, the Page's token from GET /me/accounts, sealed in a connection routing `networks`.
 */
export async function userWithFacebookPage(server: TestServer, meta: MetaServer, networks: Platform[] = ['facebook'], scopes = FACEBOOK_PAGE_SCOPES) {
  const pageToken = await metaPageToken(meta, scopes);
  const { id: pageId, name } = meta.accounts.page;
  const { client, connectionId } = await userWithConnection(server, {
    kind: 'facebook',
    name,
    accountId: pageId,
    credentials: { pageId, pageToken },
    networks,
  });
  return { client, connectionId, pageId, pageToken };
}

/** A signed-in user with one connection as signing in with its provider leaves it (see `signedInConnection`). */
export async function userWithConnection(server: TestServer, fields: Parameters<typeof signedInConnection>[2]) {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  const connectionId = await signedInConnection(server, client.userId, fields);
  return { client, connectionId };
}

/** A Page token as Facebook Login leaves one: a long-lived user token granted `scopes`, then the Page's token from /me/accounts. */
export async function metaPageToken(meta: MetaServer, scopes: string[]): Promise<string> {
  const response = await fetch(`${meta.urls.graph}/${meta.version}/me/accounts`, { headers: { authorization: `Bearer ${meta.grant('facebook', scopes)}` } });
  const body = (await response.json()) as { data: { access_token: string }[] };
  return body.data[0]!.access_token;
}

/**
 * A connection as signing in with a provider leaves it (the OAuth flow is tested on its own): `credentials`
 * sealed under the server's key, the account's id, and the user's `networks` routed to it. Answers its id.
 */
export async function signedInConnection(
  server: TestServer,
  userId: string,
  fields: {
    kind: OAuthKind;
    name: string;
    accountId: string;
    credentials: object;
    networks: Platform[];
    tokenExpiresAt?: string | null;
  },
): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  const { db } = server.database;
  await db
    .insertInto('connections')
    .values({
      id,
      userId,
      kind: fields.kind,
      name: fields.name,
      target: fields.name,
      credentials: createSecretBox(server.config.publishing.encryptionKey).seal(fields.credentials),
      accountId: fields.accountId,
      health: 'healthy',
      healthReason: null,
      tokenExpiresAt: fields.tokenExpiresAt ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await db
    .insertInto('network_routes')
    .values(fields.networks.map((platform) => ({ userId, platform, connectionId: id })))
    .execute();
  return id;
}

/** A post's delivery row as the engine hands it to a channel (its progress included), for calling a channel directly. */
export async function deliveryRow(server: TestServer, postId: string) {
  const row = await server.database.db.selectFrom('deliveries').selectAll().where('postId', '=', postId).executeTakeFirstOrThrow();
  // Meta's channels never rotate credentials: a call to the store would be a fault.
  const noStore = () => Promise.reject(new Error('this delivery has no credential store'));
  return { ...row, markSent: () => Promise.resolve(), saveProgress: () => Promise.resolve(), rotateCredentials: noStore, currentCredentials: noStore };
}
