import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFactories } from '@testing/factories';
import { TINY_PNG } from '@testing/fixtures';
import { approveRest, decide, JUNE, juneDay, junePost, openPage, plannerAt, REVIEW_START, reviewerOf, share, sha256Hex } from '@testing/review-helpers';
import { createTestClock } from '@testing/test-clock';
import { errorOf, read, type TestClient } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

/** Sharing a month for review, the review page's read, and the reviewer's decisions, on the real server. */
const clock = createTestClock(REVIEW_START);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, {}, { now: clock.now });
});
afterAll(async () => server.close());
beforeEach(() => clock.set(REVIEW_START));

const postOf = async (client: TestClient, postId: string) => (await read(client.api.posts[':postId'].$get({ param: { postId } }))).body;
const linksOf = async (client: TestClient, monthId = JUNE) => (await read(client.api.months[':id']['review-links'].$get({ param: { id: monthId } }))).body;

describe('sharing a month', () => {
  it('creates a link shown once, keeps only its hash, lists links newest first and revokes at once (again answers the same)', async () => {
    const planner = await plannerAt(server.url);
    const first = await share(planner, { reviewerName: 'Sam Owner', fromDate: juneDay(1), toDate: juneDay(14), expiresInDays: 7 });
    expect(first.url).toBe(`${server.url}/review/${first.token}`);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.link).toMatchObject({ monthId: JUNE, reviewerName: 'Sam Owner', fromDate: juneDay(1), toDate: juneDay(14), state: 'active', revokedAt: null });
    expect(first.link.expiresAt).toBe('2031-05-27T08:00:00.000Z');
    clock.advance(1000);
    const second = await share(planner);
    expect(second.link).toMatchObject({ reviewerName: null, fromDate: null, toDate: null, expiresAt: '2031-06-19T08:00:01.000Z' });
    expect(second.token).not.toBe(first.token);

    const rows = await server.database.db.selectFrom('review_links').selectAll().where('userId', '=', planner.userId).execute();
    expect(rows.map((row) => row.tokenHash).sort()).toEqual([sha256Hex(first.token), sha256Hex(second.token)].sort());
    expect(JSON.stringify(rows)).not.toContain(first.token);
    expect(JSON.stringify(await linksOf(planner))).not.toContain(first.token);
    expect((await linksOf(planner)).map((link) => link.id)).toEqual([second.link.id, first.link.id]);

    const reviewer = reviewerOf(server.url);
    expect((await openPage(reviewer, first.token)).status).toBe(200);
    clock.advance(60_000);
    const revoked = await read(planner.api['review-links'][':linkId'].$delete({ param: { linkId: first.link.id } }));
    expect(revoked.body).toMatchObject({ id: first.link.id, state: 'revoked', revokedAt: '2031-05-20T08:01:01.000Z' });
    expect(revoked.body.lastOpenedAt).toBe('2031-05-20T08:00:01.000Z');
    clock.advance(60_000);
    const again = await read(planner.api['review-links'][':linkId'].$delete({ param: { linkId: first.link.id } }));
    expect(again.body).toEqual(revoked.body);
    const refused = await openPage(reviewer, first.token);
    expect(refused.status).toBe(404);
    expect(errorOf(refused).code).toBe('review_link_invalid');
    expect((await openPage(reviewer, second.token)).status).toBe(200);
    expect((await linksOf(planner)).map((link) => link.state)).toEqual(['active', 'revoked']);
  });

  it('refuses a range outside the month (400 naming the field), half a range, and a month that has ended (409 archived)', async () => {
    const planner = await plannerAt(server.url);
    const outside = await planner.post(`/api/months/${JUNE}/review-links`, { fromDate: juneDay(20), toDate: '2031-07-02' });
    expect(outside.status).toBe(400);
    expect(Object.keys(errorOf(outside).fields ?? {})).toEqual(['toDate']);
    const before = await planner.post(`/api/months/${JUNE}/review-links`, { fromDate: '2031-05-31', toDate: juneDay(2) });
    expect(Object.keys(errorOf(before).fields ?? {})).toEqual(['fromDate']);
    const half = await planner.post(`/api/months/${JUNE}/review-links`, { fromDate: juneDay(2) });
    expect(Object.keys(errorOf(half).fields ?? {})).toEqual(['toDate']);
    await createFactories(server.database.db).month(planner.userId, { year: 2031, month: 4 });
    const archived = await planner.post('/api/months/2031-4/review-links', {});
    expect(archived.status).toBe(409);
    expect(errorOf(archived).code).toBe('archived');
    expect(await linksOf(planner, '2031-4')).toEqual([]);
    expect(await linksOf(planner)).toEqual([]);
  });

  it('keeps links and reviews to their owner: another planner gets 404 for the month, the link and the post', async () => {
    const owner = await plannerAt(server.url);
    const other = await plannerAt(server.url);
    const post = await junePost(owner, 3);
    const { link } = await share(owner);
    expect((await other.delete(`/api/review-links/${link.id}`)).status).toBe(404);
    expect((await other.get(`/api/posts/${post.id}/reviews`)).status).toBe(404);
    expect(await linksOf(other)).toEqual([]);
    expect((await linksOf(owner))[0]!.state).toBe('active');
  });
});

describe('the review page', () => {
  it('shows the company, the month and only the posts of the link’s month and days, with no account data', async () => {
    const planner = await plannerAt(server.url);
    const early = await junePost(planner, 3);
    const inside = await junePost(planner, 10, { platform: 'linkedin', hashtags: ['#smile'] });
    const late = await junePost(planner, 20);
    await read(planner.api.posts[':postId'].schedule.$put({ param: { postId: inside.id }, json: { platform: 'linkedin', time: '09:30' } }));
    await read(planner.api.workspace.months.$post({ json: { id: '2031-7' } }));
    const july = await read(
      planner.api.months[':id'].posts.$post({
        param: { id: '2031-7' },
        json: { mode: 'manual', date: '2031-07-02', platform: 'facebook', type: 'text', content: 'July' },
      }),
    );
    expect(july.status).toBe(201);
    const deleted = await junePost(planner, 11);
    await read(planner.api.posts[':postId'].$delete({ param: { postId: deleted.id }, json: { version: deleted.version } }));

    const ranged = await share(planner, { reviewerName: 'Sam', fromDate: juneDay(5), toDate: juneDay(15) });
    const page = await openPage(reviewerOf(server.url), ranged.token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      companyName: 'Bright Smile Dental',
      monthId: JUNE,
      monthName: 'June 2031',
      fromDate: juneDay(5),
      toDate: juneDay(15),
      reviewerName: 'Sam',
      timeZone: 'UTC',
      archived: false,
    });
    expect(page.body.posts).toEqual([
      {
        id: inside.id,
        date: `${juneDay(10)}T12:00:00Z`,
        time: '09:30',
        platform: 'linkedin',
        type: 'text',
        content: 'Post of June 10',
        hashtags: ['#smile'],
        media: [],
        event: null,
        approval: 'waiting',
        version: 1,
        changedSinceReview: false,
        reviews: [],
      },
    ]);
    const whole = await openPage(reviewerOf(server.url), (await share(planner)).token);
    expect(whole.body.posts.map((post) => post.id)).toEqual([early.id, inside.id, late.id]);
    const text = JSON.stringify(whole.body);
    const email = (await read(planner.api.me.$get())).body.user.email;
    for (const secret of [planner.userId, email, 'July', deleted.id, 'brightsmile.example', 'Dana']) expect(text).not.toContain(secret);
    expect(Object.keys(whole.body).sort()).toEqual(
      ['archived', 'companyName', 'expiresAt', 'fromDate', 'monthId', 'monthName', 'posts', 'reviewerName', 'timeZone', 'toDate'].sort(),
    );
  });

  it('answers an expired link with the one 404, on the injected clock', async () => {
    const planner = await plannerAt(server.url);
    const post = await junePost(planner, 4);
    const { token } = await share(planner, { expiresInDays: 2 });
    clock.set('2031-05-22T07:59:59Z');
    expect((await openPage(reviewerOf(server.url), token)).status).toBe(200);
    clock.set('2031-05-22T08:00:00Z');
    for (const response of [
      await openPage(reviewerOf(server.url), token),
      await decide(reviewerOf(server.url), token, post.id, { decision: 'approved', version: 1 }),
    ]) {
      expect(response.status).toBe(404);
      expect(errorOf(response).code).toBe('review_link_invalid');
    }
    expect((await postOf(planner, post.id)).approval).toBe('waiting');
    expect((await linksOf(planner))[0]!.state).toBe('expired');
  });
});

describe('decisions', () => {
  it('approves a post at the version seen; the planner sees the approval and the review in the post’s history', async () => {
    const planner = await plannerAt(server.url);
    const post = await junePost(planner, 6);
    const { token } = await share(planner, { reviewerName: 'Sam' });
    const reviewer = reviewerOf(server.url);
    const approved = await decide(reviewer, token, post.id, { decision: 'approved', version: 1 });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: post.id, approval: 'approved', version: 1, changedSinceReview: false });
    expect(approved.body.reviews).toMatchObject([
      { reviewerName: 'Sam', decision: 'approved', comment: null, postVersion: 1, createdAt: '2031-05-20T08:00:00.000Z' },
    ]);
    const seen = await postOf(planner, post.id);
    expect(seen).toMatchObject({ approval: 'approved', version: 1, content: post.content });
    const history = await read(planner.api.posts[':postId'].reviews.$get({ param: { postId: post.id } }));
    expect(history.body).toEqual([{ ...approved.body.reviews[0], postId: post.id }]);
  });

  it('needs a comment to request changes, limits its length, and keeps it as text (HTML stays literal)', async () => {
    const planner = await plannerAt(server.url);
    const post = await junePost(planner, 7);
    const { token } = await share(planner);
    const reviewer = reviewerOf(server.url);
    for (const comment of [undefined, '   ']) {
      const refused = await reviewer.post(`/api/review/${token}/posts/${post.id}`, { decision: 'changes_requested', version: 1, comment });
      expect(refused.status).toBe(400);
      expect(Object.keys(errorOf(refused).fields ?? {})).toEqual(['comment']);
    }
    const long = await reviewer.post(`/api/review/${token}/posts/${post.id}`, { decision: 'changes_requested', version: 1, comment: 'x'.repeat(2001) });
    expect(Object.keys(errorOf(long).fields ?? {})).toEqual(['comment']);
    const edit = await reviewer.post(`/api/review/${token}/posts/${post.id}`, { decision: 'approved', version: 1, content: 'Reviewer text' });
    expect(edit.status).toBe(400);
    expect((await postOf(planner, post.id)).approval).toBe('waiting');

    const html = '<b>Shorter</b> & <script>alert(1)</script>, please';
    const asked = await decide(reviewer, token, post.id, { decision: 'changes_requested', version: 1, comment: `  ${html}  ` });
    expect(asked.body).toMatchObject({ approval: 'changes_requested', content: post.content, reviews: [{ decision: 'changes_requested', comment: html }] });
    const history = await planner.get(`/api/posts/${post.id}/reviews`);
    expect(history.headers.get('content-type')).toContain('application/json');
    expect((history.body as { comment: string }[])[0]!.comment).toBe(html);
    expect((await postOf(planner, post.id)).content).toBe(post.content);
  });

  it('sends an edited or re-illustrated post back to waiting, shown as changed since the review; an old version answers 409', async () => {
    const planner = await plannerAt(server.url);
    const text = await junePost(planner, 8);
    const pictured = await junePost(planner, 9, { type: 'image' });
    const { token } = await share(planner);
    const reviewer = reviewerOf(server.url);
    for (const post of [text, pictured]) expect((await decide(reviewer, token, post.id, { decision: 'approved', version: 1 })).status).toBe(200);

    await read(planner.api.posts[':postId'].$patch({ param: { postId: text.id }, json: { version: 1, content: 'New words' } }));
    expect((await planner.uploadMedia(pictured.id, TINY_PNG, 'a.png', 'image/png')).status).toBe(201);
    expect((await postOf(planner, text.id)).approval).toBe('waiting');
    expect((await postOf(planner, pictured.id)).approval).toBe('waiting');

    const page = (await openPage(reviewer, token)).body;
    const shown = (id: string) => page.posts.find((post) => post.id === id)!;
    expect(shown(text.id)).toMatchObject({ approval: 'waiting', version: 2, content: 'New words', changedSinceReview: true });
    expect(shown(pictured.id)).toMatchObject({ approval: 'waiting', version: 1, changedSinceReview: true });
    expect(shown(pictured.id).media).toHaveLength(1);

    const stale = await decide(reviewer, token, text.id, { decision: 'approved', version: 1 });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('stale_version');
    expect((await postOf(planner, text.id)).approval).toBe('waiting');
    clock.advance(60_000);
    const again = await decide(reviewer, token, text.id, { decision: 'approved', version: 2 });
    expect(again.body).toMatchObject({ approval: 'approved', changedSinceReview: false });
    expect(again.body.reviews.map((review) => review.postVersion)).toEqual([2, 1]);
  });

  it('approves the rest at the versions seen, leaves a post changed since waiting and lists it as skipped', async () => {
    const planner = await plannerAt(server.url);
    const [a, b, c, d] = [await junePost(planner, 2), await junePost(planner, 3), await junePost(planner, 4), await junePost(planner, 5)];
    const { token } = await share(planner);
    const reviewer = reviewerOf(server.url);
    await decide(reviewer, token, d.id, { decision: 'changes_requested', version: 1, comment: 'Later, please' });
    const seen = (await openPage(reviewer, token)).body.posts.filter((post) => post.approval === 'waiting');
    expect(seen.map((post) => post.id)).toEqual([a.id, b.id, c.id]);
    await read(planner.api.posts[':postId'].$patch({ param: { postId: b.id }, json: { version: 1, content: 'Changed meanwhile' } }));

    const stranger = await plannerAt(server.url);
    const foreign = await junePost(stranger, 2);
    const result = await approveRest(reviewer, token, [...seen.map(({ id, version }) => ({ id, version })), { id: foreign.id, version: 1 }]);
    expect(result.status).toBe(200);
    expect(result.body.skipped).toEqual([b.id]);
    expect(result.body.page.posts.map((post) => [post.id, post.approval])).toEqual([
      [a.id, 'approved'],
      [b.id, 'waiting'],
      [c.id, 'approved'],
      [d.id, 'changes_requested'],
    ]);
    expect((await postOf(stranger, foreign.id)).approval).toBe('waiting');
    expect(JSON.stringify(result.body)).not.toContain(foreign.id);
  });

  it('refuses decisions once the month has ended (409 archived) and says so on the page', async () => {
    const planner = await plannerAt(server.url);
    const post = await junePost(planner, 12);
    const { token } = await share(planner, { expiresInDays: 60 });
    clock.set('2031-07-01T00:00:01Z');
    const page = await openPage(reviewerOf(server.url), token);
    expect(page.body).toMatchObject({ archived: true, posts: [{ id: post.id, approval: 'waiting' }] });
    for (const response of [
      await decide(reviewerOf(server.url), token, post.id, { decision: 'approved', version: 1 }),
      await approveRest(reviewerOf(server.url), token, [{ id: post.id, version: 1 }]),
    ]) {
      expect(response.status).toBe(409);
      expect(errorOf(response).code).toBe('archived');
    }
    expect((await postOf(planner, post.id)).approval).toBe('waiting');
    expect(await server.database.db.selectFrom('post_reviews').selectAll().where('postId', '=', post.id).execute()).toEqual([]);
  });
});
