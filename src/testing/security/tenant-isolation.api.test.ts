import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { onboardedClient, type TestClient, read } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';
import { waitForJob } from '../generation-helpers';
import { isReviewerRoute, listApiRoutes, routeKey, type ApiRoute } from './api-routes';
import { sendValid, writesWithoutFixture } from './route-fixtures';
import { TINY_PNG } from '../fixtures';
import { createFactories } from '../factories';

const target = nextMonth(currentMonth(new Date(), 'UTC'));
const targetId = monthId(target);
const day = (n: number) => `${target.year}-${String(target.month).padStart(2, '0')}-${String(n).padStart(2, '0')}`;

/** Routes that take no id: they only ever read or write the caller's own data. */
const NO_FOREIGN_IDS = new Set([
  'GET /api/login-options',
  'GET /api/me',
  'GET /api/profile',
  'PUT /api/profile',
  'PATCH /api/profile',
  'POST /api/profile/skip',
  // Stores a new file under the caller's own folder; the brand logo's other-user check is in brand-kit.api.test.ts.
  'POST /api/media',
  'GET /api/workspace',
  'GET /api/workspace/overview',
  'PUT /api/workspace/time-zone',
  'GET /api/holidays',
  'GET /api/holidays/countries',
  'GET /api/analytics',
  'POST /api/feedback',
  'GET /api/settings/ai',
  'POST /api/settings/ai/test',
  'POST /api/workspace/months',
  'GET /api/connections',
  'POST /api/connections',
  'GET /api/deliveries',
  'GET /api/connections/providers',
  'POST /api/connections/oauth/start',
  // Its path names a provider, not an id; a sign-in is found by its state with the caller's user (oauth.api.test.ts: another user's browser is refused).
  'GET /api/connections/oauth/callback/:provider',
  'GET /api/deliveries/at-risk',
  'GET /api/notifications',
  'POST /api/notifications/read-all',
  'GET /api/settings/notifications',
  'PUT /api/settings/notifications',
  // The image model's name and the caller's own count of images today.
  'GET /api/images/capabilities',
  // The caller's own media library.
  'GET /api/library',
  // The caller's own examples of the brand's voice; reading another user's connection is refused in voice.api.test.ts.
  'GET /api/voice',
  'POST /api/voice/pasted',
  'POST /api/voice/csv',
  'POST /api/voice/read',
  'DELETE /api/voice',
]);

let server: TestServer;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  alice = await onboardedClient(server.url);
  bob = await onboardedClient(server.url);
  await read(alice.api.workspace.$get());
  await read(bob.api.workspace.$get());
  const job = await read(alice.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY } }));
  await waitForJob(alice, job.body.job.id);
  const post = (await read(alice.api.months[':id'].$get({ param: { id: targetId } }))).body.posts[0]!;
  await read(alice.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: post.version, content: 'Edited by Alice' } }));
  const uploaded = await alice.uploadMedia(post.id, TINY_PNG, 'a.png', 'image/png');
  await read(alice.api.posts[':postId'].schedule.$put({ param: { postId: post.id }, json: { platform: 'linkedin', time: '10:00' } }));
  const versions = await read(alice.api.posts[':postId'].versions.$get({ param: { postId: post.id }, query: {} }));
  const connection = await read(
    alice.api.connections.$post({ json: { kind: 'webhook', name: 'Alice hook', url: 'https://203.0.113.10/hook', networks: ['linkedin'] } }),
  );
  const image = await read(alice.api.posts[':postId'].images.$post({ param: { postId: post.id }, json: { mode: 'template', template: 'tip' } }));
  // Month ids are not secret ('2026-12' exists for everyone); one only Alice has shows isolation.
  await createFactories(server.database.db).month(alice.userId, { year: 2025, month: 1 }, { contentGenerated: 1 });
  Object.assign(ids, {
    id: '2025-1',
    postId: post.id,
    jobId: job.body.job.id,
    versionId: versions.body.versions[0]!.id,
    fileId: uploaded.body.media[0]!.url.split('/').pop(),
    connectionId: connection.body.connection.id,
    grantId: await aliceGrant(),
    notificationId: await aliceNotification(),
    imageJobId: image.body.job.id,
    exampleId: (await read(alice.api.voice.pasted.$post({ json: { texts: ['Hello smilers! Alice writes this.'], network: null } }))).body.examples[0]!.id,
    linkId: (await read(alice.api.months[':id']['review-links'].$post({ param: { id: targetId }, json: { reviewerName: 'Sam' } }))).body.link.id,
  });
});
afterAll(async () => server.close());

/** A finished sign-in of Alice's, waiting for her to pick (made as a row: this server has no provider configured). */
async function aliceGrant(): Promise<string> {
  const at = new Date();
  const id = randomUUID();
  await server.database.db
    .insertInto('oauth_grants')
    .values({
      id,
      userId: alice.userId,
      provider: 'facebook',
      state: randomUUID(),
      secret: 'v1.sealed',
      reconnectId: null,
      stage: 'authorized',
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + 600_000).toISOString(),
    })
    .execute();
  return id;
}

/** A notification of Alice's, as a failed delivery leaves one (its events are tested in notifications.api.test.ts). */
async function aliceNotification(): Promise<string> {
  const id = randomUUID();
  await server.database.db
    .insertInto('notifications')
    .values({
      id,
      userId: alice.userId,
      key: `test:${id}`,
      kind: 'delivery_failed',
      title: 'Not published on Facebook',
      body: 'The receiver refused it.',
      postId: null,
      monthId: null,
      connectionId: null,
      mail: 'skipped',
      createdAt: new Date().toISOString(),
      readAt: null,
    })
    .execute();
  return id;
}

function fill(route: ApiRoute): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (!ids[name]) throw new Error(`the sweep has no id for :${name} in ${routeKey(route)}; add one`);
    return encodeURIComponent(ids[name]!);
  });
}

async function snapshotOfAlice() {
  const month = (await read(alice.api.months[':id'].$get({ param: { id: targetId } }))).body;
  const onlyAlices = (await read(alice.api.months[':id'].$get({ param: { id: ids.id! } }))).body;
  const versions = (await read(alice.api.posts[':postId'].versions.$get({ param: { postId: ids.postId! }, query: {} }))).body;
  const profile = (await read(alice.api.profile.$get())).body;
  const jobs = (await read(alice.api['generation-jobs'][':jobId'].$get({ param: { jobId: ids.jobId! } }))).body;
  const connections = (await read(alice.api.connections.$get())).body;
  const delivery = (await read(alice.api.posts[':postId'].delivery.$get({ param: { postId: ids.postId! } }))).body;
  const notifications = (await read(alice.api.notifications.$get({ query: {} }))).body;
  const reviewLinks = (await read(alice.api.months[':id']['review-links'].$get({ param: { id: targetId } }))).body;
  const reviews = (await read(alice.api.posts[':postId'].reviews.$get({ param: { postId: ids.postId! } }))).body;
  const library = (await alice.get('/api/library')).body as { files: unknown[] };
  const voice = (await read(alice.api.voice.$get())).body;
  expect(voice.examples).toHaveLength(1);
  expect(reviewLinks).toHaveLength(1);
  expect(library.files).toHaveLength(1);
  return JSON.stringify({ month, onlyAlices, versions, profile, jobs, connections, delivery, notifications, reviewLinks, reviews, library, voice });
}

describe('tenant isolation', () => {
  it('covers every API route the app has', () => {
    const routes = listApiRoutes(server.app);
    expect(routes.length).toBeGreaterThan(25);
    const uncovered = routes.filter((route) => !NO_FOREIGN_IDS.has(routeKey(route)) && !route.path.includes(':'));
    expect(uncovered.map(routeKey), 'routes without ids must be listed in NO_FOREIGN_IDS after review').toEqual([]);
    expect(writesWithoutFixture(routes), 'writes need a valid body in route-fixtures.ts').toEqual([]);
  });

  it('answers every id-taking route with 404 or 403 for another user, and nothing of the owner changes', async () => {
    const before = await snapshotOfAlice();
    // The review page's routes take no session: their token is the credential, swept with another user's token in review-links.api.test.ts.
    const routes = listApiRoutes(server.app).filter((route) => route.path.includes(':') && !NO_FOREIGN_IDS.has(routeKey(route)) && !isReviewerRoute(route));
    const answers: string[] = [];
    for (const route of routes) {
      const key = routeKey(route);
      // Alice's post is at version 2: with her version, a leak would really write.
      const response = await sendValid(bob, route, fill(route), { day: day(2), version: 2, postId: ids.postId, fileId: ids.fileId });
      answers.push(`${key} -> ${response.status}`);
      expect([403, 404], `${key} answered ${response.status}: ${JSON.stringify(response.body)}`).toContain(response.status);
      if (typeof response.body === 'object') expect(response.body.error.code).toMatch(/not_found|forbidden/);
    }
    expect(answers.length).toBe(routes.length);
    expect(await snapshotOfAlice()).toBe(before);
  });

  it('still lets the owner use the same routes (the ids are real)', async () => {
    expect((await read(alice.api.months[':id'].$get({ param: { id: ids.id! } }))).status).toBe(200);
    expect((await read(alice.api.posts[':postId'].$get({ param: { postId: ids.postId! } }))).status).toBe(200);
    expect((await read(alice.api['generation-jobs'][':jobId'].$get({ param: { jobId: ids.jobId! } }))).status).toBe(200);
    expect((await alice.api.media[':fileId'].$get({ param: { fileId: ids.fileId! } })).status).toBe(200);
    expect((await alice.api.months[':id']['export.csv'].$get({ param: { id: ids.id! } })).status).toBe(200);
  });
});
