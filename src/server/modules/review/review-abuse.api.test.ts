import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchFrom } from '@testing/fetch-from';
import { TINY_PNG } from '@testing/fixtures';
import { decide, junePost, openPage, plannerAt, REVIEW_START, reviewerOf, share, sha256Hex } from '@testing/review-helpers';
import { createTestClock } from '@testing/test-clock';
import { errorOf, read } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

/**
 * What makes a review link safe to send by e-mail or chat: rate limits per link and per address, headers
 * that keep the address out of referrers and search engines, media only through the live link, and a
 * token that appears in no log and no table.
 */
const PER_LINK = 4;
const PER_ADDRESS = 6;
const clock = createTestClock(REVIEW_START);
const webRoot = mkdtempSync(path.join(tmpdir(), 'planner-web-'));
let server: TestServer;
/** Every token this file made: none may be in a log line. */
const tokens: string[] = [];
let lastOctet = 20;
const fromNewAddress = () => fetchFrom(`127.0.0.${lastOctet++}`);

beforeAll(async () => {
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Planner</title></head><body></body></html>');
  server = await startTestServer(
    { REVIEW_RATE_LIMIT_PER_LINK: String(PER_LINK), REVIEW_RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS) },
    {},
    { now: clock.now, webRoot },
  );
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});
beforeEach(() => clock.set(REVIEW_START));

async function sharedPost() {
  const planner = await plannerAt(server.url);
  const post = await junePost(planner, 10, { type: 'image' });
  const shared = await share(planner);
  tokens.push(shared.token);
  return { planner, post, ...shared };
}

describe('rate limits', () => {
  it('limits each link, whichever addresses its requests come from, until the next minute', async () => {
    const { token } = await sharedPost();
    const [first, second] = [reviewerOf(server.url, fromNewAddress()), reviewerOf(server.url, fromNewAddress())];
    const statuses = [];
    for (let request = 0; request < PER_LINK; request += 1) statuses.push((await openPage(request % 2 ? first : second, token)).status);
    expect(statuses).toEqual(Array(PER_LINK).fill(200));
    const refused = await openPage(second, token);
    expect(refused.status).toBe(429);
    expect(errorOf(refused).code).toBe('rate_limited');
    const other = await sharedPost();
    expect((await openPage(second, other.token)).status).toBe(200);
    clock.advance(60_000);
    expect((await openPage(first, token)).status).toBe(200);
  });

  it('limits each client address, guessed tokens included, before any lookup; forged forwarding headers buy nothing', async () => {
    const { token } = await sharedPost();
    const guesser = reviewerOf(server.url, fromNewAddress());
    for (let guess = 0; guess < PER_ADDRESS; guess += 1) {
      const response = await guesser.get(`/api/review/${randomBytes(32).toString('base64url')}`);
      expect(response.status).toBe(404);
      expect(errorOf(response).code).toBe('review_link_invalid');
    }
    for (const headers of [{}, { 'x-forwarded-for': '203.0.113.7' }] as Record<string, string>[]) {
      const refused = await guesser.request('GET', `/api/review/${token}`, undefined, headers);
      expect(refused.status).toBe(429);
      expect(errorOf(refused).code).toBe('rate_limited');
    }
    expect((await openPage(reviewerOf(server.url, fromNewAddress()), token)).status).toBe(200);
    clock.advance(60_000);
    expect((await openPage(guesser, token)).status).toBe(200);
  });
});

describe('headers', () => {
  const expectReviewHeaders = (headers: Headers, label: string) => {
    expect(headers.get('referrer-policy'), label).toBe('no-referrer');
    expect(headers.get('x-robots-tag'), label).toBe('noindex, nofollow');
  };

  it('keeps every answer under /review/, /api/review/ and /review-media/ out of referrers and search engines, errors included', async () => {
    const { token, post, planner } = await sharedPost();
    expect((await planner.uploadMedia(post.id, TINY_PNG, 'a.png', 'image/png')).status).toBe(201);
    const reviewer = reviewerOf(server.url, fromNewAddress());
    const page = await openPage(reviewer, token);
    expectReviewHeaders(page.headers, 'the page read');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const mediaUrl = page.body.posts[0]!.media[0]!.url;
    const answers: [string, Response][] = [
      ['the web page', await fetch(`${server.url}/review/${token}`)],
      ['a web page with an unknown token', await fetch(`${server.url}/review/${randomBytes(32).toString('base64url')}`)],
      ['a guessed token', await fetch(`${server.url}/api/review/${randomBytes(32).toString('base64url')}`)],
      ['a malformed token', await fetch(`${server.url}/api/review/short`)],
      ['the media', await fetch(`${server.url}${mediaUrl}`)],
      ['a forged media link', await fetch(`${server.url}${mediaUrl.replace(/signature=[^&]+/, 'signature=forged')}`)],
    ];
    for (const [label, response] of answers) expectReviewHeaders(response.headers, label);
    expect(answers[0]![1].status).toBe(200);
    expect(answers[0]![1].headers.get('content-type')).toContain('text/html');
    expect(answers[0]![1].headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await answers[0]![1].text()).not.toContain('/api/me');
    expect([answers[2]![1].status, answers[3]![1].status, answers[5]![1].status]).toEqual([404, 400, 404]);

    for (const elsewhere of ['/month/2031-6', '/api/me', '/reviews']) {
      const response = await fetch(`${server.url}${elsewhere}`);
      expect(response.headers.get('referrer-policy'), elsewhere).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-robots-tag'), elsewhere).toBeNull();
    }
  });

  it('answers the reviewer without a session yet refuses a write sent by another site', async () => {
    const { token, post } = await sharedPost();
    const foreign = await reviewerOf(server.url, fromNewAddress()).request(
      'POST',
      `/api/review/${token}/posts/${post.id}`,
      { decision: 'approved', version: 1 },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign).code).toBe('forbidden');
    const own = await decide(reviewerOf(server.url, fromNewAddress()), token, post.id, { decision: 'approved', version: 1 });
    expect(own.status).toBe(200);
  });
});

describe('media on the review page', () => {
  it('serves a post’s file through the signed link only while the link is live, and only files of its posts', async () => {
    const { token, post, planner, link } = await sharedPost();
    await planner.uploadMedia(post.id, TINY_PNG, 'a.png', 'image/png');
    const outside = await junePost(planner, 28, { type: 'image' });
    const { link: narrow, token: narrowToken } = await share(planner, { fromDate: '2031-06-01', toDate: '2031-06-15' });
    tokens.push(narrowToken);
    const outsideFile = (await planner.uploadMedia(outside.id, TINY_PNG, 'b.png', 'image/png')).body.media[0]!.url.split('/').pop()!;
    const reviewer = reviewerOf(server.url, fromNewAddress());
    const url = (await openPage(reviewer, token)).body.posts.find((shown) => shown.id === post.id)!.media[0]!.url;
    expect(url).toMatch(new RegExp(`^/review-media/${link.id}/[0-9a-f-]{36}\\.png\\?expires=\\d+&signature=[\\w-]+$`));
    expect(new URL(url, server.url).searchParams.get('expires')).toBe(String(Date.parse(link.expiresAt) / 1000));

    const file = await fetch(`${server.url}${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    const fileId = url.split('/')[3]!.split('?')[0]!;
    const signedForOther = server.services.reviewMedia.url(narrow.id, outsideFile, narrow.expiresAt);
    const refused = [
      url.replace(link.id, narrow.id),
      url.replace(fileId, outsideFile),
      signedForOther,
      `/media-links/${planner.userId}/${fileId}?${url.split('?')[1]}`,
      `/api/media/${fileId}`,
    ];
    for (const candidate of refused) expect((await fetch(`${server.url}${candidate}`)).status, candidate).toBeGreaterThanOrEqual(401);
    expect(errorOf({ status: 404, body: await (await fetch(`${server.url}${signedForOther}`)).json() }).code).toBe('review_link_invalid');

    clock.set(new Date(Date.parse(link.expiresAt) - 1000));
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    clock.set(REVIEW_START);
    await read(planner.api['review-links'][':linkId'].$delete({ param: { linkId: link.id } }));
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });

  it('expires with the link', async () => {
    const { token, post, planner, link } = await sharedPost();
    await planner.uploadMedia(post.id, TINY_PNG, 'a.png', 'image/png');
    const url = (await openPage(reviewerOf(server.url, fromNewAddress()), token)).body.posts[0]!.media[0]!.url;
    clock.set(link.expiresAt);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });
});

describe('the token', () => {
  it('is in no log line and no table: only its SHA-256 is stored', async () => {
    const { token, link } = await sharedPost();
    await openPage(reviewerOf(server.url, fromNewAddress()), token);
    await reviewerOf(server.url, fromNewAddress()).post(`/api/review/${token}/posts/not-a-post`, { decision: 'approved', version: 1 });
    expect(tokens.length).toBeGreaterThan(5);
    const logs = server.logLines.join('\n');
    expect(logs).toContain('"path":"/api/review/:token"');
    for (const made of tokens) expect(logs).not.toContain(made);
    const row = await server.database.db.selectFrom('review_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(sha256Hex(token));
    const everything = JSON.stringify(await server.database.db.selectFrom('review_links').selectAll().execute());
    for (const made of tokens) expect(everything).not.toContain(made);
  });
});
