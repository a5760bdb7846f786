import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { PLATFORM_CHARACTER_LIMITS, PLATFORMS, type Platform } from '@shared/domain/options';
import { POST_LIMITS, REWRITE_INSTRUCTIONS_MAX } from '@shared/schemas/post';
import { onboardedClient, type TestClient, read } from '../testing/test-client';
import { startTestServer, type TestServer } from '../testing/test-server';

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

async function postWith(content: string, platform: Platform): Promise<{ id: string; version: number }> {
  const created = await read(
    client.api.months[':id'].posts.$post({ param: { id: targetId }, json: { mode: 'manual', date: day, platform, type: 'text', content } }),
  );
  expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
  return created.body;
}

/** POST .../rewrite that gives up (and fails the test) when the server does not answer in time. */
async function rewrite(postId: string, version: number, instructions: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/posts/${postId}/rewrite`, {
    method: 'POST',
    headers: { origin: server.url, cookie: client.cookieHeader(), 'content-type': 'application/json' },
    body: JSON.stringify({ version, instructions }),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  const body = await response.json();
  // The server runs in this process: a blocked event loop may fire the abort late, so check the clock too.
  expect(performance.now() - started, `rewrite "${instructions.slice(0, 40)}" took too long`).toBeLessThan(ANSWER_WITHIN_MS);
  return { status: response.status, body };
}

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
