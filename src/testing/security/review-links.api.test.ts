import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { junePost, plannerAt, REVIEW_START, reviewerOf, share } from '../review-helpers';
import { createTestClock } from '../test-clock';
import { errorOf, read, type TestClient } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';
import { isReviewerRoute, listApiRoutes, REVIEWER_ROUTES, routeKey, type ApiRoute } from './api-routes';
import { VALID_BODIES } from './route-fixtures';

/**
 * The review page's routes take no session: the token in the path is all a caller has. Every one of them
 * is called with a token that must open nothing of Alice's: another user's live link (it shows only its
 * own month), a revoked link, an expired one (the injected clock) and a guessed one; each answers the one
 * 404 and nothing of Alice's changes, not even when her link was last opened.
 */
const clock = createTestClock(REVIEW_START);
let server: TestServer;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };
const tokens: Record<'foreign' | 'revoked' | 'expired' | 'guessed' | 'live' | 'narrow', string> = {} as never;
const alicePosts: { id: string; version: number; content: string }[] = [];
let bobPost: { id: string };

beforeAll(async () => {
  server = await startTestServer({}, {}, { now: clock.now });
  alice = await plannerAt(server.url);
  bob = await plannerAt(server.url);
  alicePosts.push(await junePost(alice, 3, { content: 'Alice’s spring cleaning offer' }), await junePost(alice, 20, { content: 'Alice’s late June news' }));
  bobPost = await junePost(bob, 3, { content: 'Bob’s own post' });
  tokens.foreign = (await share(bob)).token;
  const revoked = await share(alice, { reviewerName: 'Revoked' });
  await read(alice.api['review-links'][':linkId'].$delete({ param: { linkId: revoked.link.id } }));
  tokens.revoked = revoked.token;
  tokens.expired = (await share(alice, { expiresInDays: 1 })).token;
  tokens.guessed = randomBytes(32).toString('base64url');
  tokens.live = (await share(alice, { expiresInDays: 30 })).token;
  // A live link of Alice's own, for the days before the 20th only.
  tokens.narrow = (await share(alice, { fromDate: '2031-06-01', toDate: '2031-06-10' })).token;
  clock.set('2031-05-21T08:00:00Z');
});
afterAll(async () => server.close());

const reviewerRoutes = () => listApiRoutes(server.app).filter(isReviewerRoute);
const fill = (route: ApiRoute, ids: Record<string, string>) => route.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(ids[name]!));
const send = (route: ApiRoute, token: string, post: { id: string; version: number }) =>
  reviewerOf(server.url).request(
    route.method,
    fill(route, { token, postId: post.id }),
    VALID_BODIES[routeKey(route)]?.({ day: '2031-06-03', version: post.version, postId: post.id }),
  );

/** Everything of Alice's a review request could touch: her posts, their reviews, her links (with when each was opened), her bell. */
async function snapshotOfAlice(): Promise<string> {
  const db = server.database.db;
  const rows = await Promise.all([
    db.selectFrom('posts').selectAll().where('userId', '=', alice.userId).orderBy('id').execute(),
    db.selectFrom('post_reviews').selectAll().where('userId', '=', alice.userId).orderBy('id').execute(),
    db.selectFrom('review_links').selectAll().where('userId', '=', alice.userId).orderBy('id').execute(),
    db.selectFrom('notifications').selectAll().where('userId', '=', alice.userId).orderBy('id').execute(),
  ]);
  expect(rows[2]).toHaveLength(4);
  return JSON.stringify(rows);
}

describe('review routes with a token that opens nothing of Alice’s', () => {
  it('covers every reviewer route', () => {
    expect(reviewerRoutes().map(routeKey).sort()).toEqual([...REVIEWER_ROUTES].sort());
  });

  it.each(['revoked', 'expired', 'guessed'] as const)('answers a %s token with 404 review_link_invalid on every route, changing nothing', async (kind) => {
    const before = await snapshotOfAlice();
    for (const route of reviewerRoutes()) {
      for (const post of alicePosts) {
        const response = await send(route, tokens[kind], post);
        expect(response.status, `${routeKey(route)} with a ${kind} token`).toBe(404);
        expect(errorOf(response).code).toBe('review_link_invalid');
        expect(JSON.stringify(response.body)).not.toContain(post.content);
      }
    }
    expect(await snapshotOfAlice()).toBe(before);
  });

  it('lets another user’s link show only its own month: Alice’s posts are never shown, decided or approved through it', async () => {
    const before = await snapshotOfAlice();
    const answers: string[] = [];
    for (const route of reviewerRoutes()) {
      for (const post of alicePosts) {
        const response = await send(route, tokens.foreign, post);
        answers.push(JSON.stringify(response.body));
        if (routeKey(route) === 'POST /api/review/:token/posts/:postId') {
          expect(response.status).toBe(404);
          expect(errorOf(response).code).toBe('review_link_invalid');
        } else {
          // The page of Bob's own link (approving the rest ignores ids it does not show).
          expect(response.status, routeKey(route)).toBe(200);
          expect(response.body).toMatchObject(
            routeKey(route).startsWith('GET') ? { posts: [{ id: bobPost.id }] } : { skipped: [], page: { posts: [{ id: bobPost.id }] } },
          );
        }
      }
    }
    for (const text of answers) {
      for (const post of alicePosts) {
        expect(text).not.toContain(post.id);
        expect(text).not.toContain(post.content);
      }
      expect(text).not.toContain(alice.userId);
    }
    expect(await snapshotOfAlice()).toBe(before);
  });

  it('keeps even Alice’s own live link to its days: a post outside them is not shown and answers 404', async () => {
    const before = await snapshotOfAlice();
    const [inside, outside] = alicePosts;
    const page = await send(
      reviewerRoutes().find((route) => route.method === 'GET')!,
      tokens.narrow,
      inside!,
    );
    expect((page.body as { posts: { id: string }[] }).posts.map((post) => post.id)).toEqual([inside!.id]);
    const decision = await send(
      reviewerRoutes().find((route) => route.path.endsWith('/:postId'))!,
      tokens.narrow,
      outside!,
    );
    expect(decision.status).toBe(404);
    expect(errorOf(decision).code).toBe('review_link_invalid');
    const rest = await send(
      reviewerRoutes().find((route) => route.path.endsWith('/approve-rest'))!,
      tokens.narrow,
      outside!,
    );
    expect(rest.body).toMatchObject({ skipped: [] });
    expect(JSON.stringify(rest.body)).not.toContain(outside!.id);
    // Only the opening of the narrow link was recorded.
    const changed = JSON.parse(await snapshotOfAlice()) as unknown[][];
    const was = JSON.parse(before) as unknown[][];
    expect(changed[0]).toEqual(was[0]);
    expect(changed[1]).toEqual(was[1]);
  });

  it('still opens Alice’s live link (the tokens above were refused for what they are, not by accident)', async () => {
    const page = await send(
      reviewerRoutes().find((route) => route.method === 'GET')!,
      tokens.live,
      alicePosts[0]!,
    );
    expect(page.status).toBe(200);
    expect((page.body as { posts: { id: string }[] }).posts.map((post) => post.id)).toEqual(alicePosts.map((post) => post.id));
  });
});
