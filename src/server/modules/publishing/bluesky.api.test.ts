import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBlueskyPds, type BlueskyAccount, type BlueskyPds } from '@testing/bluesky-pds';
import { TINY_PNG } from '@testing/fixtures';
import { watchMediaReads } from '@testing/media-reads';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { startRedirector } from '@testing/redirector';
import { createTestClock } from '@testing/test-clock';
import { errorOf, onboardedClient, read } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';
import { deliveryOf, scheduledPost, secondInstance, tickAt } from '@testing/publishing-helpers';

const clock = createTestClock('2031-05-20T08:00:00Z');
let server: TestServer;
let pds: BlueskyPds;
let account: BlueskyAccount;
/** Every answer the app gave in a test, to show the app password is in none of them. */
let answers: unknown[];

beforeAll(async () => {
  const started = Date.now();
  [server, pds] = await Promise.all([startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { now: clock.now }), startBlueskyPds()]);
  account = await pds.createAccount('brightsmile');
  // The PDS, its PLC directory and an account are up in about a second; keep it that way.
  expect(Date.now() - started).toBeLessThan(10_000);
});
afterAll(async () => Promise.all([server?.close(), pds?.close()]));
beforeEach(() => {
  clock.set('2031-05-20T08:00:00Z');
  answers = [];
});

async function userWithBluesky(fields: { handle?: string; appPassword?: string; serviceUrl?: string } = {}) {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  const created = await read(
    client.api.connections.$post({
      json: {
        kind: 'bluesky',
        name: 'Our Bluesky',
        handle: `@${account.handle}`,
        appPassword: account.appPassword,
        serviceUrl: pds.url,
        networks: ['bluesky'],
        ...fields,
      },
    }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.signingSecret).toBeNull();
  answers.push(created.body, (await read(client.api.connections.$get())).body);
  /** The answer the app gives about a post's delivery, kept among the answers. */
  const delivery = async (postId: string) => {
    const response = await read(client.api.posts[':postId'].delivery.$get({ param: { postId } }));
    answers.push(response.body);
    return response.body;
  };
  /** The connections and deliveries as the app lists them, kept among the answers. */
  const lists = async () => {
    answers.push((await read(client.api.connections.$get())).body, (await read(client.api.deliveries.$get({ query: {} }))).body);
  };
  return { client, connectionId: created.body.connection.id, delivery, lists };
}

/** The record as the PDS stores it, in its JSON form (blobs as `{ $type: 'blob', ref: { $link }, … }`). */
async function recordOf(rkey: string): Promise<Record<string, any>> {
  const response = await fetch(`${pds.url}/xrpc/com.atproto.repo.getRecord?repo=${account.did}&collection=app.bsky.feed.post&rkey=${rkey}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { value: Record<string, any> }).value;
}
const postsOf = async (did = account.did) => (await pds.agent().com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post' })).data.records;
const rkeyOf = (liveUrl: string) => liveUrl.split('/').pop()!;

describe('Bluesky, against a real PDS', () => {
  it('signs in with Send test, and says in words what is wrong with a handle, an app password or the service', async () => {
    const { client, connectionId } = await userWithBluesky();
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId: connectionId } }));
    expect(tested.body).toEqual({ ok: true, message: 'Connected as @brightsmile.test.' });

    const wrong = await userWithBluesky({ appPassword: 'aaaa-bbbb-cccc-dddd' });
    expect((await read(wrong.client.api.connections[':connectionId'].test.$post({ param: { connectionId: wrong.connectionId } }))).body).toEqual({
      ok: false,
      message: expect.stringContaining('Bluesky refused the app password of @brightsmile.test (401). Make a new app password'),
    });
    const unknown = await userWithBluesky({ handle: 'nobody.test' });
    expect((await read(unknown.client.api.connections[':connectionId'].test.$post({ param: { connectionId: unknown.connectionId } }))).body).toEqual({
      ok: false,
      message: 'Bluesky does not know the handle @nobody.test. Check it (such as name.bsky.social), then add the connection again.',
    });
    const closed = await userWithBluesky({ serviceUrl: 'http://127.0.0.1:9' });
    expect((await read(closed.client.api.connections[':connectionId'].test.$post({ param: { connectionId: closed.connectionId } }))).body).toEqual({
      ok: false,
      message: expect.stringMatching(/^Could not reach 127\.0\.0\.1:9: .+\. Check the service address, then send a test again\.$/),
    });
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(account.appPassword);
  });

  it('publishes text with link and hashtag facets and an image with its alt text, and reads it back from the PDS', async () => {
    const { client, connectionId, delivery: deliveryAnswer, lists } = await userWithBluesky();
    const content = 'Café news — whitening at https://brightsmile.example/offer today.';
    const postId = await scheduledPost(client, '2031-06-10', '09:00', { content, hashtags: ['#dental'], mediaPrompt: 'A smiling patient' }, 'bluesky');
    const uploaded = await client.uploadMedia(postId, TINY_PNG, 'photo.png');
    expect(uploaded.status).toBe(201);
    // The image's alt text is the media description until it is edited in the media library.
    const fileId = uploaded.body.media[0]!.url.split('/').pop()!;
    expect((await client.patch(`/api/library/${fileId}`, { altText: 'Dr. Ana laughing with a patient in the chair' })).status).toBe(200);
    const before = pds.calls.length;
    await tickAt(server, clock, '2031-06-10T09:00:00Z');

    const delivery = await deliveryAnswer(postId);
    expect(delivery).toMatchObject({ status: 'published', reason: null });
    expect(delivery.liveUrl).toMatch(/^https:\/\/bsky\.app\/profile\/brightsmile\.test\/post\/[2-7a-j][2-7a-z]{12}$/);
    expect(pds.calls.slice(before)).toEqual([
      'com.atproto.server.createSession',
      'com.atproto.repo.getRecord',
      'com.atproto.repo.uploadBlob',
      'com.atproto.repo.createRecord',
    ]);

    const record = await recordOf(rkeyOf(delivery.liveUrl!));
    const text = `${content}\n\n#dental`;
    expect(record.text).toBe(text);
    const link = 'https://brightsmile.example/offer';
    const byteStart = Buffer.byteLength(text.slice(0, text.indexOf(link)));
    expect(record.facets).toEqual([
      { index: { byteStart, byteEnd: byteStart + Buffer.byteLength(link) }, features: [{ $type: 'app.bsky.richtext.facet#link', uri: link }] },
      {
        index: { byteStart: Buffer.byteLength(text) - 7, byteEnd: Buffer.byteLength(text) },
        features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'dental' }],
      },
    ]);
    expect(record.embed.$type).toBe('app.bsky.embed.images');
    expect(record.embed.images).toHaveLength(1);
    const [image] = record.embed.images;
    expect(image.alt).toBe('Dr. Ana laughing with a patient in the chair');
    expect(image.image).toMatchObject({ $type: 'blob', mimeType: 'image/png', size: TINY_PNG.length });
    const blob = await pds.agent().com.atproto.sync.getBlob({ did: account.did, cid: image.image.ref.$link });
    expect(Buffer.from(blob.data).equals(TINY_PNG)).toBe(true);

    // A second post from the same connection reuses the session: no second login.
    const next = await scheduledPost(client, '2031-06-10', '10:00', { content: 'Open late on Thursdays.' }, 'bluesky');
    await tickAt(server, clock, '2031-06-10T10:00:00Z');
    expect((await deliveryAnswer(next)).status).toBe('published');
    expect(pds.calls.slice(before).filter((call) => call === 'com.atproto.server.createSession')).toHaveLength(1);
    expect(await postsOf()).toHaveLength(2);

    await lists();
    answers.push((await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId: connectionId } }))).body);
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(account.appPassword);
    const row = await server.database.db.selectFrom('connections').selectAll().where('id', '=', connectionId).executeTakeFirstOrThrow();
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain(account.appPassword);
    expect(row.credentials).not.toContain(account.handle);
  });

  it('counts graphemes: 300 goes out, 301 fails with the reason before contacting the PDS', async () => {
    const other = await pds.createAccount('counting');
    const { client } = await userWithBluesky({ handle: other.handle, appPassword: other.appPassword });
    // '👍🏽' is one grapheme of two code points; 291 of them, two newlines and '#dental' make 300.
    const fits = await scheduledPost(client, '2031-06-11', '09:00', { content: '👍🏽'.repeat(291) }, 'bluesky');
    await tickAt(server, clock, '2031-06-11T09:00:00Z');
    expect(await deliveryOf(client, fits)).toMatchObject({ status: 'published' });

    const before = pds.calls.length;
    const long = await scheduledPost(client, '2031-06-11', '10:00', { content: '👍🏽'.repeat(292) }, 'bluesky');
    await tickAt(server, clock, '2031-06-11T10:00:00Z');
    expect(await deliveryOf(client, long)).toMatchObject({
      status: 'failed',
      reason: 'The post is 301 characters long; Bluesky takes at most 300. Shorten it, then retry.',
    });
    expect(pds.calls.slice(before)).toEqual([]);
    expect(await postsOf(other.did)).toHaveLength(1);
  });

  it('sends the first four images in their order, leaves a video out, and says so in the log', async () => {
    const other = await pds.createAccount('gallery');
    const { client } = await userWithBluesky({ handle: other.handle, appPassword: other.appPassword });
    const postId = await scheduledPost(client, '2031-06-11', '12:00', { content: 'Our new waiting room.' }, 'bluesky');
    const sample = (label: string) => MEDIA_SAMPLES.find((candidate) => candidate.label === label)!;
    const files = ['JPG', 'MP4', 'PNG', 'GIF', 'WebP', 'JPG'].map(sample);
    for (const file of files) expect((await client.uploadMedia(postId, file.bytes, file.name, file.type)).status).toBe(201);
    const reads = watchMediaReads(server.services.mediaStore);
    await tickAt(server, clock, '2031-06-11T12:00:00Z').finally(reads.stop);
    const delivery = await deliveryOf(client, postId);
    expect(delivery).toMatchObject({ status: 'published' });
    // The video and the fifth image are never read.
    expect(reads.opened.map((name) => name.split('.').pop())).toEqual(['jpg', 'png', 'gif', 'webp']);
    expect(delivery.log.at(-1)!.detail).toBe(
      "Bluesky accepted it. A video was left out: posts to Bluesky carry images only. Only the first 4 images went out, Bluesky's most.",
    );
    const [record] = await postsOf(other.did);
    const images = (record!.value as { embed: { images: { image: { mimeType: string; size: number } }[] } }).embed.images;
    expect(images.map(({ image }) => [image.mimeType, image.size])).toEqual(
      ['JPG', 'PNG', 'GIF', 'WebP'].map((label) => [sample(label).type, sample(label).bytes.length]),
    );
  });

  it('fails a post with an image over 1 MB, in words, before reading any of its files', async () => {
    const { client } = await userWithBluesky();
    const postId = await scheduledPost(client, '2031-06-11', '13:00', { content: 'Our new chairs.' }, 'bluesky');
    for (const [name, bytes] of [
      ['small.png', TINY_PNG],
      ['large.png', Buffer.concat([TINY_PNG, Buffer.alloc(1_000_000)])],
    ] as const)
      expect((await client.uploadMedia(postId, bytes, name)).status).toBe(201);
    const reads = watchMediaReads(server.services.mediaStore);
    await tickAt(server, clock, '2031-06-11T13:00:00Z').finally(reads.stop);
    expect(await deliveryOf(client, postId)).toMatchObject({
      status: 'failed',
      reason: 'An image is larger than the 1 MB Bluesky takes. Use a smaller image, then retry.',
    });
    expect(reads.opened).toEqual([]);
  });

  it('fails a wrong app password permanently, in words', async () => {
    const { client } = await userWithBluesky({ appPassword: 'wxyz-wxyz-wxyz-wxyz' });
    const postId = await scheduledPost(client, '2031-06-12', '09:00', {}, 'bluesky');
    await tickAt(server, clock, '2031-06-12T09:00:00Z');
    const delivery = await deliveryOf(client, postId);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      reason:
        'Bluesky refused the app password of @brightsmile.test (401). Make a new app password (Bluesky Settings → Privacy and security → App passwords), add the connection again, then retry.',
    });
  });

  it('marks a post unknown when the answer is lost, and a retry finds the post under its record key instead of making a second', async () => {
    const other = await pds.createAccount('retrying');
    const { client } = await userWithBluesky({ handle: other.handle, appPassword: other.appPassword });
    const postId = await scheduledPost(client, '2031-06-13', '09:00', { content: 'Only once, please.' }, 'bluesky');
    pds.loseAnswerOnce('com.atproto.repo.createRecord');
    await tickAt(server, clock, '2031-06-13T09:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'unknown', reason: expect.stringContaining('Retry is safe') });
    expect(await postsOf(other.did)).toHaveLength(1);

    expect((await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }))).status).toBe(200);
    await tickAt(server, clock, '2031-06-13T09:05:00Z');
    const delivery = await read(client.api.posts[':postId'].delivery.$get({ param: { postId } }));
    expect(delivery.body).toMatchObject({ status: 'published', log: [{ outcome: 'unknown' }, { outcome: 'published' }] });
    const records = await postsOf(other.did);
    expect(records).toHaveLength(1);
    expect(records[0]!.uri).toBe(`at://${other.did}/app.bsky.feed.post/${rkeyOf(delivery.body.liveUrl!)}`);
    expect((records[0]!.value as { text: string }).text).toBe('Only once, please.\n\n#dental');
  });

  it("ends a post whose answer the PDS holds past the delivery's time limit as unknown, and a retry finds it under its record key", async () => {
    // A second instance, whose time limits run on the TestClock.
    const instance = await secondInstance(server, clock);
    try {
      const other = await pds.createAccount('held');
      const { client } = await userWithBluesky({ handle: other.handle, appPassword: other.appPassword });
      const postId = await scheduledPost(client, '2031-06-14', '09:00', { content: 'Held a while.' }, 'bluesky');
      const release = pds.holdAnswerOnce('com.atproto.repo.createRecord');
      clock.set('2031-06-14T09:00:00Z');
      const before = pds.calls.length;
      const sending = instance.services.publisher.deliverDue();
      await vi.waitFor(() => expect(pds.calls.slice(before)).toContain('com.atproto.repo.createRecord'));
      clock.set('2031-06-14T09:01:30Z');
      expect(await sending).toMatchObject({ unknown: 1 });
      expect(await deliveryOf(client, postId)).toMatchObject({ status: 'unknown', reason: expect.stringContaining('time limit') });
      release();

      clock.set('2031-06-14T09:05:00Z');
      expect((await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }))).status).toBe(200);
      await instance.services.publisher.deliverDue();
      expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', log: [{ outcome: 'unknown' }, { outcome: 'published' }] });
      expect(await postsOf(other.did)).toHaveLength(1);
    } finally {
      await instance.close();
    }
  });

  it('sends the app password to no other address than the service: a redirect elsewhere fails Send test and the delivery, in words', async () => {
    const front = await startRedirector(pds.url);
    try {
      const { client, connectionId } = await userWithBluesky({ serviceUrl: front.url });
      const before = pds.calls.length;
      const refusal = `Not sent: It redirected to another address (${new URL(pds.url).host}), and the connection's credentials go only to its own address. Change the connection's address in Settings → Connections.`;
      expect((await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId } }))).body).toEqual({ ok: false, message: refusal });
      const postId = await scheduledPost(client, '2031-06-14', '09:00', {}, 'bluesky');
      await tickAt(server, clock, '2031-06-14T09:00:00Z');
      expect(await deliveryOf(client, postId)).toMatchObject({ status: 'failed', reason: refusal });
      expect(front.redirected).toEqual(['POST /xrpc/com.atproto.server.createSession', 'POST /xrpc/com.atproto.server.createSession']);
      expect(pds.calls.slice(before)).toEqual([]);
    } finally {
      await front.close();
    }
  });

  it('refuses a private service address at connect time unless private addresses are allowed', async () => {
    const strict = await startTestServer();
    try {
      const client = await onboardedClient(strict.url);
      const refused = await read(
        client.api.connections.$post({
          json: {
            kind: 'bluesky',
            name: 'Local PDS',
            handle: account.handle,
            appPassword: account.appPassword,
            serviceUrl: pds.url.replace('http:', 'https:'),
          },
        }),
      );
      expect(refused.status).toBe(400);
      expect(errorOf(refused).fields).toEqual({ serviceUrl: expect.stringContaining('private or loopback') });
      expect(JSON.stringify(refused.body)).not.toContain(account.appPassword);
    } finally {
      await strict.close();
    }
  });
});
