import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TINY_PNG } from '@testing/fixtures';
import { startMastodonServer } from '@testing/mastodon-server';
import { startRedirector } from '@testing/redirector';
import { watchMediaReads } from '@testing/media-reads';
import { createTestClock } from '@testing/test-clock';
import { onboardedClient, read } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { deliveryOf, scheduledPost, secondInstance, tickAt } from '@testing/publishing-helpers';

const clock = createTestClock('2031-05-20T08:00:00Z');
const MB = 1024 * 1024;
/** The worker's media budget here: two of the 1 MB files below at a time. */
const MEDIA_BUDGET = 2.5 * MB;
let server: TestServer;
let mastodon: Awaited<ReturnType<typeof startMastodonServer>>;

beforeAll(async () => {
  server = await startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now, publishMediaBytesInFlight: MEDIA_BUDGET });
});
afterAll(async () => server.close());
beforeEach(async () => {
  clock.set('2031-05-20T08:00:00Z');
  mastodon = await startMastodonServer(undefined, { now: clock.now });
});
afterEach(async () => mastodon.close());

async function userWithMastodon(token = mastodon.token, instanceUrl = mastodon.url) {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  const created = await read(
    client.api.connections.$post({ json: { kind: 'mastodon', name: 'Our Mastodon', instanceUrl, accessToken: token, networks: ['twitter'] } }),
  );
  expect(created.status).toBe(201);
  expect(created.body.signingSecret).toBeNull();
  expect(JSON.stringify(await read(client.api.connections.$get()))).not.toContain(token);
  return { client, connectionId: created.body.connection.id };
}

describe('Mastodon', () => {
  it('checks the token with Send test', async () => {
    const { client, connectionId } = await userWithMastodon();
    expect((await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId: connectionId } }))).body).toEqual({
      ok: true,
      message: 'Connected as @brightsmile.',
    });
    const wrong = await userWithMastodon('not-the-token');
    expect((await read(wrong.client.api.connections[':connectionId'].test.$post({ param: { connectionId: wrong.connectionId } }))).body).toMatchObject({
      ok: false,
      message: expect.stringContaining('(401)'),
    });
  });

  it('publishes a post planned for the Mastodon network once the connection routes it, and keeps a Bluesky route beside it', async () => {
    const { client, connectionId } = await userWithMastodon();
    const routed = await read(client.api.connections[':connectionId'].$patch({ param: { connectionId }, json: { networks: ['mastodon', 'bluesky'] } }));
    expect(routed.status).toBe(200);
    expect(routed.body.networks.sort()).toEqual(['bluesky', 'mastodon']);
    // 602 characters, 485 as Mastodon counts them (the link is 23): it fits.
    const content = `${'Spring hours. '.repeat(33)}https://example.com/${'hours/'.repeat(20)}`;
    const postId = await scheduledPost(client, '2031-06-11', '10:00', { content, hashtags: [] }, 'mastodon');
    await tickAt(server, clock, '2031-06-11T10:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', platform: 'mastodon' });
    expect(mastodon.statuses).toEqual([expect.objectContaining({ status: content })]);
  });

  it('posts the status with its image and its alt text and the delivery id as Idempotency-Key, and links the live post', async () => {
    const { client } = await userWithMastodon();
    const postId = await scheduledPost(client, '2031-06-10', '09:00', { content: 'Open late on Thursdays.', hashtags: ['#dental'] }, 'twitter');
    const uploaded = await client.uploadMedia(postId, TINY_PNG, 'photo.png');
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body.media[0]!.url.split('/').pop()!;
    expect((await client.patch(`/api/library/${fileId}`, { altText: 'Our door sign: open until 8 pm on Thursdays' })).status).toBe(200);
    await tickAt(server, clock, '2031-06-10T09:00:00Z');
    const delivery = await deliveryOf(client, postId);
    expect(delivery).toMatchObject({ status: 'published', liveUrl: 'https://mastodon.example/@brightsmile/1' });
    expect(mastodon.statuses).toEqual([expect.objectContaining({ status: 'Open late on Thursdays.\n\n#dental', idempotencyKey: delivery.id })]);
    const [mediaId] = mastodon.statuses[0]!.mediaIds;
    expect(mastodon.media.get(mediaId!)).toMatchObject({
      type: 'image/png',
      description: 'Our door sign: open until 8 pm on Thursdays',
      sha256: createHash('sha256').update(TINY_PNG).digest('hex'),
    });
  });

  it('sends again under the same Idempotency-Key when the answer is lost, and posts once', async () => {
    const { client } = await userWithMastodon();
    const postId = await scheduledPost(client, '2031-06-10', '10:00', {}, 'twitter');
    mastodon.fault({ path: '/api/v1/statuses', hangUp: true });
    await tickAt(server, clock, '2031-06-10T10:00:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('scheduled');
    await tickAt(server, clock, '2031-06-10T10:01:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('published');
    expect(mastodon.statuses).toHaveLength(1);
  });

  it("stops a media upload the instance holds past the delivery's time limit, retries it, and posts once", async () => {
    // A second instance, whose time limits run on the TestClock.
    const instance = await secondInstance(server, clock);
    try {
      const { client } = await userWithMastodon();
      const postId = await scheduledPost(client, '2031-06-10', '11:00', {}, 'twitter');
      expect((await client.uploadMedia(postId, TINY_PNG, 'photo.png')).status).toBe(201);
      let release!: () => void;
      mastodon.fault({ path: '/api/v2/media', until: new Promise<void>((resolve) => (release = resolve)) });
      clock.set('2031-06-10T11:00:00Z');
      const sending = instance.services.publisher.deliverDue();
      await vi.waitFor(() => expect(mastodon.received.map((request) => request.path)).toContain('/api/v2/media'));
      clock.set('2031-06-10T11:01:30Z');
      // Stopped at the time limit, well before the upload's own 15 s wait for an answer would end it.
      await vi.waitFor(async () => expect((await deliveryOf(client, postId)).status).toBe('scheduled'), { timeout: 5_000 });
      expect(await sending).toMatchObject({ retrying: 1 });
      expect(await deliveryOf(client, postId)).toMatchObject({ reason: 'Not sent: a media upload got no answer.', nextAttemptAt: '2031-06-10T11:02:30.000Z' });
      release();

      await tickAt(server, clock, '2031-06-10T11:02:30Z');
      expect((await deliveryOf(client, postId)).status).toBe('published');
      expect(mastodon.statuses).toHaveLength(1);
    } finally {
      await instance.close();
    }
  });

  it('retries after a 503 and stops at a refused token with the reason', async () => {
    const { client } = await userWithMastodon();
    const postId = await scheduledPost(client, '2031-06-11', '09:00', {}, 'twitter');
    mastodon.fault({ path: '/api/v2/media', status: 503 }, { path: '/api/v1/statuses', status: 503 });
    await tickAt(server, clock, '2031-06-11T09:00:00Z');
    await tickAt(server, clock, '2031-06-11T09:01:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('published');

    const refused = await userWithMastodon('revoked');
    const other = await scheduledPost(refused.client, '2031-06-11', '11:00', {}, 'twitter');
    await tickAt(server, clock, '2031-06-11T11:00:00Z');
    expect(await deliveryOf(refused.client, other)).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('Mastodon refused our credentials (401)'),
    });
  });

  it('sends the token to no other address than the instance: a redirect elsewhere fails Send test and the delivery, in words', async () => {
    const front = await startRedirector(mastodon.url);
    try {
      const { client, connectionId } = await userWithMastodon(mastodon.token, front.url);
      const refusal = `Not sent: It redirected to another address (${new URL(mastodon.url).host}), and the connection's credentials go only to its own address. Change the connection's address in Settings → Connections.`;
      expect((await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId } }))).body).toEqual({ ok: false, message: refusal });
      const postId = await scheduledPost(client, '2031-06-12', '10:00', {}, 'twitter');
      expect((await client.uploadMedia(postId, TINY_PNG, 'photo.png')).status).toBe(201);
      await tickAt(server, clock, '2031-06-12T10:00:00Z');
      expect(await deliveryOf(client, postId)).toMatchObject({ status: 'failed', reason: refusal });
      expect(front.redirected).toEqual(['GET /api/v1/accounts/verify_credentials', 'POST /api/v2/media']);
      expect(mastodon.received).toEqual([]);
    } finally {
      await front.close();
    }
  });

  it('refuses a status longer than 500 characters before sending it', async () => {
    const { client } = await userWithMastodon();
    const postId = await scheduledPost(client, '2031-06-12', '09:00', { content: 'x'.repeat(501) }, 'twitter');
    await tickAt(server, clock, '2031-06-12T09:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'failed', reason: expect.stringContaining("Mastodon's 500 characters") });
    expect(mastodon.statuses).toHaveLength(0);
  });

  it('reads only the four files Mastodon takes, streams them byte for byte, and holds no more than the media budget at once', async () => {
    const { client } = await userWithMastodon();
    const files = Array.from({ length: 6 }, () => Buffer.concat([TINY_PNG, randomBytes(MB)]));
    const postIds: string[] = [];
    for (const time of ['09:00', '09:00', '09:00']) {
      const postId = await scheduledPost(client, '2031-06-13', time, {}, 'twitter');
      for (const [index, file] of files.entries()) expect((await client.uploadMedia(postId, file, `photo-${index}.png`)).status).toBe(201);
      postIds.push(postId);
    }
    const reads = watchMediaReads(server.services.mediaStore, () => mastodon.bodyBytes.received);
    try {
      await tickAt(server, clock, '2031-06-13T09:00:00Z');
    } finally {
      reads.stop();
    }
    // What was read and not yet at Mastodon, and the files being read at once, stay within the budget.
    expect(reads.mostHeld).toBeLessThanOrEqual(MEDIA_BUDGET);
    expect(reads.mostOpen).toBeLessThanOrEqual(MEDIA_BUDGET);
    expect(reads.opened).toHaveLength(12);
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(mastodon.statuses).toHaveLength(3);
    for (const status of mastodon.statuses) expect(status.mediaIds.map((id) => mastodon.media.get(id)?.sha256)).toEqual(files.slice(0, 4).map(sha256));
    for (const postId of postIds)
      expect(await deliveryOf(client, postId)).toMatchObject({
        status: 'published',
        log: [expect.objectContaining({ detail: expect.stringContaining("Only the first 4 images or videos went out, Mastodon's most.") })],
      });
  });

  it('looks for the status on the account instead of sending it again once Mastodon has forgotten its Idempotency-Key, and posts once', async () => {
    const { client } = await userWithMastodon();
    const postId = await scheduledPost(client, '2031-06-10', '10:00', {}, 'twitter');
    mastodon.fault({ path: '/api/v1/statuses', hangUp: true }, { path: '/api/v1/statuses', status: 429, retryAfterSeconds: 3600 });
    await tickAt(server, clock, '2031-06-10T10:00:00Z');
    await tickAt(server, clock, '2031-06-10T10:01:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled', nextAttemptAt: '2031-06-10T11:01:00.000Z' });
    await tickAt(server, clock, '2031-06-10T11:01:00Z');
    expect(mastodon.statuses).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: mastodon.statuses[0]!.url });
  });

  it('finds the status on the account when Retry now comes the next day after a lost answer, instead of posting it again', async () => {
    const { client } = await userWithMastodon();
    const postId = await scheduledPost(client, '2031-06-10', '10:00', {}, 'twitter');
    // The answer is lost, then the retry meets a refused token: failed, and the user retries the next day.
    mastodon.fault({ path: '/api/v1/statuses', hangUp: true }, { path: '/api/v1/statuses', status: 403 });
    await tickAt(server, clock, '2031-06-10T10:00:00Z');
    await tickAt(server, clock, '2031-06-10T10:01:00Z');
    expect((await deliveryOf(client, postId)).status).toBe('failed');
    clock.set('2031-06-11T09:00:00Z');
    expect((await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }))).status).toBe(200);
    await tickAt(server, clock, '2031-06-11T09:00:00Z');
    expect(mastodon.statuses).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({
      status: 'published',
      liveUrl: mastodon.statuses[0]!.url,
      log: expect.arrayContaining([expect.objectContaining({ detail: 'It was already on Mastodon from an earlier attempt whose answer was lost.' })]),
    });
  });

  it('sends the status after the hour when the account does not have it', async () => {
    const { client } = await userWithMastodon();
    const postId = await scheduledPost(client, '2031-06-10', '10:00', {}, 'twitter');
    mastodon.fault({ path: '/api/v1/statuses', status: 503, retryAfterSeconds: 3600 });
    await tickAt(server, clock, '2031-06-10T10:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled', nextAttemptAt: '2031-06-10T11:00:00.000Z' });
    await tickAt(server, clock, '2031-06-10T11:00:00Z');
    expect(mastodon.statuses).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: mastodon.statuses[0]!.url });
  });

  it('marks the post unknown, with what to do, when the token may not read the account back after the hour', async () => {
    await mastodon.close();
    mastodon = await startMastodonServer(undefined, { now: clock.now, scopes: ['write:media', 'write:statuses'] });
    const { client } = await userWithMastodon();
    const postId = await scheduledPost(client, '2031-06-10', '10:00', {}, 'twitter');
    mastodon.fault({ path: '/api/v1/statuses', hangUp: true }, { path: '/api/v1/statuses', status: 429, retryAfterSeconds: 3600 });
    await tickAt(server, clock, '2031-06-10T10:00:00Z');
    await tickAt(server, clock, '2031-06-10T10:01:00Z');
    await tickAt(server, clock, '2031-06-10T11:01:00Z');
    expect(mastodon.statuses).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({
      status: 'unknown',
      reason: expect.stringContaining('Give the access token the read:accounts and read:statuses scopes'),
    });
  });
});
