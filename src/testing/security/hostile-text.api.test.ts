import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { postLength, publishedText } from '@shared/domain/networks';
import { PLATFORM_CHARACTER_LIMITS, PLATFORMS, type Platform } from '@shared/domain/options';
import { graphemeCount, mastodonLength } from '@shared/domain/text-length';
import { POST_LIMITS, REWRITE_INSTRUCTIONS_MAX } from '@shared/schemas/post';
import { SINGLE_POST_PROMPT_MAX } from '@shared/schemas/values';
import { HOSTILE_TEXTS, LONGEST_HASHTAGS } from '../hostile-texts';
import { deliveryOf, scheduledPost, tickAt } from '../publishing-helpers';
import { startBlueskyPds, type BlueskyPds } from '../bluesky-pds';
import { startMastodonServer } from '../mastodon-server';
import { createTestClock } from '../test-clock';
import { onboardedClient, type TestClient, type TypedApi, read } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';

const target = nextMonth(currentMonth(new Date(), 'UTC'));
const targetId = monthId(target);
const day = `${target.year}-${String(target.month).padStart(2, '0')}-07`;
const MAX = POST_LIMITS.content;

/**
 * Posts at the largest allowed size, each the worst case of a backtracking pattern: a long run of
 * characters a trailing-class pattern would eat, ending in something it cannot.
 */
const WORST_POSTS: Record<string, string> = {
  'commas ending in letters': `${','.repeat(MAX - 20)}${'a'.repeat(20)}`,
  'one comma-run then a letter': `${','.repeat(MAX - 1)}a`,
  'a space run between two words': `a${' '.repeat(MAX - 2)}b`,
  'a tab run between two words': `a${'\t'.repeat(MAX - 2)}b`,
  'exclamation marks ending in letters': `${'!'.repeat(MAX - 20)}${'a'.repeat(20)}`,
  'mixed punctuation and spaces ending in letters': `${' ,.;:!?-'.repeat(Math.floor((MAX - 20) / 8))}${'a'.repeat(20)}`,
};

/** Every instruction the template writer acts on, and one it does not recognise. */
const INSTRUCTIONS = [
  'Make it shorter',
  'Make it more formal',
  'Make it more casual',
  'Add emojis',
  'Remove emojis',
  'Make it longer',
  'Mention our Saturday hours',
  'Add a call to action',
  'Something it does not understand',
  // The longest instruction, built to make an "asks to remove emojis" pattern scan back and forth.
  `${'no '.repeat(Math.floor((REWRITE_INSTRUCTIONS_MAX - 6) / 3))}emojis`.slice(0, REWRITE_INSTRUCTIONS_MAX),
];

/** A quadratic pattern on these inputs holds the event loop for seconds; linear code answers in milliseconds. */
const ANSWER_WITHIN_MS = 2000;

let server: TestServer;
let client: TestClient & { userId: string };

beforeAll(async () => {
  server = await startTestServer();
  client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
});
afterAll(async () => server.close());

async function postWith(content: string, platform: Platform, hashtags: string[] = [], as = client): Promise<{ id: string; version: number }> {
  const created = await read(
    as.api.months[':id'].posts.$post({ param: { id: targetId }, json: { mode: 'manual', date: day, platform, type: 'text', content, hashtags } }),
  );
  expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
  return created.body;
}

/** A POST that gives up (and fails the test) when the server does not answer in time. */
async function timedPost(path: string, json: object, as = client) {
  const started = performance.now();
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { origin: server.url, cookie: as.cookieHeader(), 'content-type': 'application/json' },
    body: JSON.stringify(json),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  const body = await response.json();
  // The server runs in this process: a blocked event loop may fire the abort late, so check the clock too.
  expect(performance.now() - started, `POST ${path} took too long`).toBeLessThan(ANSWER_WITHIN_MS);
  return { status: response.status, body };
}

const rewrite = (postId: string, version: number, instructions: string, as = client) => timedPost(`/posts/${postId}/rewrite`, { version, instructions }, as);

describe('rewriting hostile text at the largest allowed size', () => {
  it('answers the 63,206-character comma post on every platform', async () => {
    for (const platform of PLATFORMS) {
      const post = await postWith(WORST_POSTS['commas ending in letters']!, platform);
      const answer = await rewrite(post.id, post.version, 'Make it shorter');
      expect(answer.status, platform).toBe(200);
      expect(answer.body.content.length, platform).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS[platform]);
      expect(answer.body.content, platform).not.toMatch(/,…$/);
    }
  });

  it.each(Object.entries(WORST_POSTS))('answers every instruction for %s', async (_name, content) => {
    for (const instructions of INSTRUCTIONS) {
      const post = await postWith(content, 'facebook');
      const answer = await rewrite(post.id, post.version, instructions);
      expect(answer.status, instructions.slice(0, 40)).toBe(200);
      expect(answer.body.content.length).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS.facebook);
      expect(answer.body.version).toBe(post.version + 1);
    }
  });
});

/** The networks that count in their own way (links, weights, graphemes): the counted paths. */
const COUNTED_PLATFORMS = ['twitter', 'bluesky', 'mastodon'] as const;

describe('counting hostile text on every path that counts', () => {
  let writer: TestClient & { userId: string };
  beforeAll(async () => {
    // A user of its own: these paths take a post and an AI request each, within the daily and monthly limits.
    writer = await onboardedClient(server.url);
    await read(writer.api.workspace.$get());
  });

  it.each(Object.entries(HOSTILE_TEXTS))("rewrites, adapts and writes a single post from %s in time, within each network's count", async (_name, text) => {
    const source = await postWith(text, 'facebook', LONGEST_HASHTAGS, writer);
    for (const platform of COUNTED_PLATFORMS) {
      const post = await postWith(text, platform, LONGEST_HASHTAGS, writer);
      const rewritten = await rewrite(post.id, post.version, 'Make it more formal', writer);
      expect(rewritten.status, platform).toBe(200);
      expect(postLength(platform, rewritten.body.content, rewritten.body.hashtags), platform).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS[platform]);

      const adapted = await timedPost(`/posts/${source.id}/copy`, { mode: 'adapt', version: source.version, date: day, platform }, writer);
      expect(adapted.status, platform).toBe(201);
      expect(postLength(platform, adapted.body.content, adapted.body.hashtags), platform).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS[platform]);

      const single = await timedPost(
        `/months/${targetId}/posts`,
        { mode: 'generate', date: day, prompt: text.slice(0, SINGLE_POST_PROMPT_MAX), platform },
        writer,
      );
      expect(single.status, platform).toBe(201);
      expect(postLength(platform, single.body.content, single.body.hashtags), platform).toBeLessThanOrEqual(PLATFORM_CHARACTER_LIMITS[platform]);
    }
  });
});

describe('publishing hostile text at the largest allowed size', () => {
  const clock = createTestClock('2031-05-20T08:00:00Z');
  let publisher: TestServer;
  let mastodon: Awaited<ReturnType<typeof startMastodonServer>>;
  let pds: BlueskyPds;
  beforeAll(async () => {
    [publisher, mastodon, pds] = await Promise.all([
      startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now }),
      startMastodonServer(),
      startBlueskyPds(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([mastodon.close(), pds.close()]);
    await publisher.close();
  });

  /** A user whose posts go out through the connection `json` makes. */
  async function ownerWith(json: Parameters<TypedApi['connections']['$post']>[0]['json']) {
    const owner = await onboardedClient(publisher.url);
    await read(owner.api.workspace.$get());
    expect((await read(owner.api.connections.$post({ json }))).status).toBe(201);
    return owner;
  }

  /** One worker turn at `at` on 11 June 2031, in time, with /health answered while it runs. */
  async function deliverInTime(at: string, name: string) {
    const started = performance.now();
    const delivering = tickAt(publisher, clock, `2031-06-11T${at}:00Z`).then(() => performance.now() - started);
    const health = fetch(`${publisher.url}/health`).then(
      (response) => ({ status: response.status, ms: performance.now() - started }),
      () => ({ status: 'no answer', ms: performance.now() - started }),
    );
    const [tookMs, answered] = await Promise.all([delivering, health]);
    expect(tookMs, `delivering ${name}`).toBeLessThan(ANSWER_WITHIN_MS);
    expect(answered.status).toBe(200);
    expect(answered.ms, `/health while delivering ${name}`).toBeLessThan(ANSWER_WITHIN_MS);
  }

  it('delivers or refuses three Mastodon posts of each hostile text in time, and /health answers meanwhile', async () => {
    const owner = await ownerWith({ kind: 'mastodon', name: 'Our Mastodon', instanceUrl: mastodon.url, accessToken: mastodon.token, networks: ['mastodon'] });
    let hour = 0;
    for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
      const at = `${String(++hour).padStart(2, '0')}:00`;
      const posts = [];
      for (const hashtags of [[], ['#dental'], LONGEST_HASHTAGS])
        posts.push({ hashtags, id: await scheduledPost(owner, '2031-06-11', at, { content: text, hashtags }, 'mastodon') });
      await deliverInTime(at, name);
      for (const post of posts) {
        const fits = mastodonLength(publishedText(text.trim(), post.hashtags)) <= PLATFORM_CHARACTER_LIMITS.mastodon;
        expect(await deliveryOf(owner, post.id), name).toMatchObject(
          fits ? { status: 'published' } : { status: 'failed', reason: "The post is longer than Mastodon's 500 characters. Shorten it, then retry." },
        );
      }
    }
  });

  it('refuses three Bluesky posts of each hostile text in time, with their length in graphemes, and /health answers meanwhile', async () => {
    const account = await pds.createAccount('hostile');
    const owner = await ownerWith({
      kind: 'bluesky',
      name: 'Our Bluesky',
      handle: `@${account.handle}`,
      appPassword: account.appPassword,
      serviceUrl: pds.url,
      networks: ['bluesky'],
    });
    let hour = 0;
    for (const [name, text] of Object.entries(HOSTILE_TEXTS)) {
      const at = `${String(++hour).padStart(2, '0')}:00`;
      const posts = [];
      for (const hashtags of [[], ['#dental'], LONGEST_HASHTAGS])
        posts.push({ hashtags, id: await scheduledPost(owner, '2031-06-11', at, { content: text, hashtags }, 'bluesky') });
      await deliverInTime(at, name);
      for (const post of posts) {
        const delivery = await deliveryOf(owner, post.id);
        // One long cluster (combining marks, joined emoji) is under 300 graphemes: the PDS refuses its length in bytes.
        const graphemes = graphemeCount(publishedText(text.trim(), post.hashtags));
        if (graphemes > 300)
          expect(delivery, name).toMatchObject({
            status: 'failed',
            reason: `The post is ${graphemes} characters long; Bluesky takes at most 300. Shorten it, then retry.`,
          });
        else expect(delivery.status, name).toBe('failed');
      }
    }
  });
});
