import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, dayOfMonth, monthId, nextMonth, previousMonth, type MonthRef } from '@shared/domain/months';
import type { ApiError } from '@shared/schemas/api-error';
import { TINY_PNG } from '../fixtures';
import { errorOf, onboardedClient, TestClient, read } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';
import { addPost } from '../month-posts';
import { isReviewerRoute, listApiRoutes, OPEN_ROUTES, REVIEWER_ROUTES, routeKey, type ApiRoute } from './api-routes';
import { isWrite, sendValid, UPLOAD_ROUTES, VALID_BODIES, writesWithoutFixture } from './route-fixtures';
import { createFactories } from '../factories';

const now = currentMonth(new Date(), 'UTC');
const ACTIVE = nextMonth(now);
const ARCHIVED = previousMonth(now);

/** Writes that touch no month: they are exempt from the archived rule (reviewed; a new route must be placed). */
const NOT_MONTH_WRITES = new Set([
  'PUT /api/profile',
  'PATCH /api/profile',
  'POST /api/profile/skip',
  // An upload kept on its own (the brand logo): no post, no month.
  'POST /api/media',
  'PUT /api/workspace/time-zone',
  'POST /api/feedback',
  'POST /api/settings/ai/test',
  // Creates a month from this one up to 12 ahead; an ended month is refused with 400.
  'POST /api/workspace/months',
  // Reaches its month through the job: the archived check is in generation-outcome.api.test.ts.
  'POST /api/generation-jobs/:jobId/retry',
  'POST /api/connections',
  'PATCH /api/connections/:connectionId',
  'DELETE /api/connections/:connectionId',
  'POST /api/connections/:connectionId/test',
  // Connecting accounts by signing in (oauth/): the user's connections, no month.
  'POST /api/connections/oauth/start',
  'POST /api/connections/oauth/grants/:grantId',
  // A delivery's state, not the post: a post that failed on the month's last evening can still be retried or confirmed.
  'POST /api/posts/:postId/delivery/retry',
  'POST /api/posts/:postId/delivery/confirm',
  // The user's notifications and their choices: no month.
  'POST /api/notifications/read-all',
  'POST /api/notifications/:notificationId/read',
  'PUT /api/settings/notifications',
  // Revoking a review link only takes access away: it works in an archived month too.
  'DELETE /api/review-links/:linkId',
  // The media library: a file's alt text belongs to no month. Deleting one that posts show takes it off
  // them, each checked as a write to its post: an archived one refuses it all (library.api.test.ts).
  'PATCH /api/library/:fileId',
  'DELETE /api/library/:fileId',
  // A deliberate exception: marking a post evergreen is a flag, not content, and the best old posts are in
  // archived months. Text, schedule and approval stay (modules/posts/evergreen.api.test.ts checks it).
  'PUT /api/posts/:postId/evergreen',
  // Examples of the brand's voice: the user's own, no month.
  'POST /api/voice/pasted',
  'POST /api/voice/csv',
  'POST /api/voice/read',
  'DELETE /api/voice/:exampleId',
  'DELETE /api/voice',
]);
/** Writes that carry the post version the caller saw; found by probing too (see below), so this list cannot drift. */
const VERSIONED = [
  'PATCH /api/posts/:postId',
  'POST /api/posts/:postId/rewrite',
  'POST /api/posts/:postId/versions/:versionId/restore',
  'DELETE /api/posts/:postId',
  'POST /api/posts/:postId/copy',
  'POST /api/months/:id/posts/bulk',
  'POST /api/posts/:postId/library',
  'PUT /api/posts/:postId/evergreen',
];
/**
 * Writes that carry a version but need another record to reach its check: their 409 is tested with that record
 * (the notification settings' own version in notifications.api.test.ts; keeping a made image needs a made image,
 * images/image-jobs.api.test.ts).
 */
const OTHER_VERSIONED = ['PUT /api/settings/notifications', 'POST /api/posts/:postId/images/:imageJobId/keep'];

let server: TestServer;
let owner: TestClient & { userId: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await onboardedClient(server.url);
  await read(owner.api.workspace.$get());
});
afterAll(async () => server.close());

const routes = () => listApiRoutes(server.app);

function fill(route: ApiRoute, ids: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (!ids[name]) throw new Error(`the sweep has no id for :${name} in ${routeKey(route)}; add one`);
    return encodeURIComponent(ids[name]!);
  });
}

/** A post written straight into the table, as it stood before its month ended, with a media file and an old version. */
async function seedPost(ref: MonthRef, userId: string) {
  const factories = createFactories(server.database.db);
  const fileId = `${randomUUID()}.png`;
  const folder = path.join(server.dataDir, 'media', userId);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, fileId), TINY_PNG);
  const post = await factories.post(userId, ref, {
    date: `${dayOfMonth(ref, 5)}T12:00:00Z`,
    platform: 'twitter',
    content: 'Old text',
    type: 'image',
    hashtags: '["#old"]',
    media: JSON.stringify([{ type: 'image', url: `/api/media/${fileId}` }]),
    version: 2,
  });
  await factories.delivery(post, { platform: 'twitter', timeOfDay: '10:00', status: 'published' });
  const [version] = await factories.versions(userId, post.id, ['Older text']);
  return { postId: post.id, fileId, versionId: version!.id, file: path.join(folder, fileId) };
}

describe('signed-out callers', () => {
  it('are refused with 401 on every API route, with or without a stale or forged cookie, and change nothing', async () => {
    const post = await seedPost(ACTIVE, owner.userId);
    const ids = {
      id: monthId(ACTIVE),
      postId: post.postId,
      versionId: post.versionId,
      fileId: post.fileId,
      jobId: randomUUID(),
      connectionId: randomUUID(),
      grantId: randomUUID(),
      notificationId: randomUUID(),
      linkId: randomUUID(),
      exampleId: randomUUID(),
      imageJobId: randomUUID(),
      provider: 'facebook',
    };
    const before = JSON.stringify((await read(owner.api.months[':id'].$get({ param: { id: monthId(ACTIVE) } }))).body);

    const leaver = await onboardedClient(server.url);
    const staleCookie = leaver.cookieHeader();
    expect((await leaver.post('/api/auth/sign-out')).status).toBe(200);
    const callers: [string, Record<string, string>][] = [
      ['no cookie', {}],
      ['a signed-out session cookie', { cookie: staleCookie }],
      ['a forged session cookie', { cookie: 'better-auth.session_token=forged.signature' }],
    ];
    const all = routes().filter((route) => !OPEN_ROUTES.has(routeKey(route)) && !isReviewerRoute(route));
    expect(all.length).toBeGreaterThan(25);
    for (const [label, headers] of callers) {
      for (const route of all) {
        const key = routeKey(route);
        const url = fill(route, ids);
        let response: { status: number; body: { error?: { code: string } } };
        if (UPLOAD_ROUTES.has(key)) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'a.png');
          const raw = await fetch(`${server.url}${url}`, { method: 'POST', body: form, headers: { origin: server.url, ...headers } });
          response = { status: raw.status, body: await raw.json() };
        } else {
          response = await new TestClient(server.url).request(route.method, url, VALID_BODIES[key]?.({ day: dayOfMonth(ACTIVE, 6), version: 2 }), headers);
        }
        expect(response.status, `${key} with ${label}`).toBe(401);
        expect(response.body.error?.code, `${key} with ${label}`).toBe('unauthorized');
      }
    }
    expect(JSON.stringify((await read(owner.api.months[':id'].$get({ param: { id: monthId(ACTIVE) } }))).body)).toBe(before);
  });
});

describe('the review page’s routes (no session by design)', () => {
  it('are exactly the /api/review/ routes, and each answers a guessed token without a session with 404 review_link_invalid, changing nothing', async () => {
    const underReview = routes().filter((route) => route.path.startsWith('/api/review/'));
    expect(underReview.map(routeKey).sort()).toEqual([...REVIEWER_ROUTES].sort());
    const post = await seedPost(ACTIVE, owner.userId);
    const before = JSON.stringify((await read(owner.api.months[':id'].$get({ param: { id: monthId(ACTIVE) } }))).body);
    const guessed = { token: randomBytes(32).toString('base64url'), postId: post.postId };
    for (const route of underReview) {
      const body = VALID_BODIES[routeKey(route)]?.({ day: dayOfMonth(ACTIVE, 6), version: 2, postId: post.postId });
      const response = await new TestClient(server.url).request(route.method, fill(route, guessed), body);
      expect(response.status, routeKey(route)).toBe(404);
      expect(errorOf(response).code, routeKey(route)).toBe('review_link_invalid');
    }
    expect(JSON.stringify((await read(owner.api.months[':id'].$get({ param: { id: monthId(ACTIVE) } }))).body)).toBe(before);
  });
});

describe('stale versions', () => {
  /** The body with every `version` taken out, at any depth (a bulk write carries one per post). */
  const withoutVersions = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(withoutVersions)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== 'version')
              .map(([key, inner]) => [key, withoutVersions(inner)]),
          )
        : value;

  async function freshPost(owner: TestClient) {
    const created = await addPost(
      owner,
      { date: dayOfMonth(ACTIVE, 8), platform: 'linkedin', content: 'First text' },
      { targetId: monthId(ACTIVE), day: (n) => dayOfMonth(ACTIVE, n) },
    );
    const edited = await read(owner.api.posts[':postId'].$patch({ param: { postId: created.id }, json: { version: 1, content: 'Second text' } }));
    expect(edited.body.version).toBe(2);
    const versions = (await read(owner.api.posts[':postId'].versions.$get({ param: { postId: created.id }, query: {} }))).body.versions;
    return { postId: created.id, versionId: versions[0]!.id };
  }

  it('finds the versioned writes by asking each write route', async () => {
    expect(writesWithoutFixture(routes())).toEqual([]);
    // Its own user: the probes really write (a profile, a time zone, a generation).
    const prober = await onboardedClient(server.url);
    await read(prober.api.workspace.$get());
    const found: string[] = [];
    // The reviewer's decision carries a version too: its 409 is tested with a live link (modules/review/review-links.api.test.ts).
    for (const route of routes().filter((candidate) => routeKey(candidate) in VALID_BODIES && !isReviewerRoute(candidate))) {
      const post = await freshPost(prober);
      const body = withoutVersions(VALID_BODIES[routeKey(route)]!({ day: dayOfMonth(ACTIVE, 9), version: 2 }));
      const response = await prober.request(
        route.method,
        fill(route, {
          id: monthId(ACTIVE),
          connectionId: randomUUID(),
          grantId: randomUUID(),
          imageJobId: randomUUID(),
          fileId: `${randomUUID()}.png`,
          ...post,
        }),
        body,
      );
      const fields = Object.keys((response.body as Partial<ApiError> | undefined)?.error?.fields ?? {});
      if (response.status === 400 && fields.some((field) => field === 'version' || field.endsWith('.version'))) found.push(routeKey(route));
    }
    expect(found.sort()).toEqual([...VERSIONED, ...OTHER_VERSIONED].sort());
  });

  it.each(VERSIONED)('%s answers 409 stale_version to a version behind or ahead, and changes nothing', async (key) => {
    const route = routes().find((candidate) => routeKey(candidate) === key)!;
    for (const version of [1, 3]) {
      const post = await freshPost(owner);
      const before = JSON.stringify([
        (await read(owner.api.posts[':postId'].$get({ param: { postId: post.postId } }))).body,
        (await read(owner.api.posts[':postId'].versions.$get({ param: { postId: post.postId }, query: {} }))).body,
      ]);
      const answer = await sendValid(owner, route, fill(route, { id: monthId(ACTIVE), ...post }), { day: dayOfMonth(ACTIVE, 9), version, postId: post.postId });
      // A bulk action answers each post on its own: the one post selected is the stale one.
      const outcome = (answer.body as unknown as { results?: { status: number; error: { code: string } }[] }).results?.[0];
      const response = key.endsWith('/bulk') && outcome ? { status: outcome.status, body: outcome } : answer;
      expect(response.status, `${key} with version ${version}: ${JSON.stringify(answer.body)}`).toBe(409);
      expect(response.body.error.code).toBe('stale_version');
      expect(
        JSON.stringify([
          (await read(owner.api.posts[':postId'].$get({ param: { postId: post.postId } }))).body,
          (await read(owner.api.posts[':postId'].versions.$get({ param: { postId: post.postId }, query: {} }))).body,
        ]),
      ).toBe(before);
    }
  });
});

describe('archived months', () => {
  it('answer 409 archived on every write that reaches a month or its posts, and nothing changes', async () => {
    expect(writesWithoutFixture(routes())).toEqual([]);
    // The reviewer's decisions are refused in an archived month too, through a live link (modules/review/review-links.api.test.ts).
    const writes = routes().filter((route) => isWrite(route) && !isReviewerRoute(route));
    const placed = writes.filter((route) => !NOT_MONTH_WRITES.has(routeKey(route)) && !/:(id|postId)\b/.test(route.path));
    expect(placed.map(routeKey), 'a write without a month or post id must be reviewed into NOT_MONTH_WRITES').toEqual([]);

    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    await createFactories(server.database.db).month(client.userId, ARCHIVED, { contentGenerated: 1 });
    const post = await seedPost(ARCHIVED, client.userId);
    const ids = { id: monthId(ARCHIVED), imageJobId: randomUUID(), ...post };
    const snapshot = async () =>
      JSON.stringify([
        (await read(client.api.months[':id'].$get({ param: { id: ids.id } }))).body,
        (await read(client.api.posts[':postId'].versions.$get({ param: { postId: ids.postId }, query: {} }))).body,
        existsSync(post.file),
      ]);
    const before = await snapshot();
    expect(JSON.parse(before)[0]).toMatchObject({
      archived: true,
      strategy: null,
      posts: [{ status: 'scheduled', media: [{ url: `/api/media/${post.fileId}` }] }],
    });

    const swept = writes.filter((route) => !NOT_MONTH_WRITES.has(routeKey(route)));
    expect(swept.length).toBeGreaterThanOrEqual(10);
    for (const route of swept) {
      const response = await sendValid(client, route, fill(route, ids), { day: dayOfMonth(ARCHIVED, 6), version: 2, postId: ids.postId });
      expect(response.status, `${routeKey(route)}: ${JSON.stringify(response.body)}`).toBe(409);
      expect(response.body.error.code, routeKey(route)).toBe('archived');
    }
    expect(await snapshot()).toBe(before);
  });
});
