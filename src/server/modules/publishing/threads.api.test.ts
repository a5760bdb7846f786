import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { createTestClock } from '@testing/test-clock';
import { read, type TestClient } from '@testing/test-client';
import { deliveryOf, scheduledPost, tickAt, userWithConnection } from '@testing/publishing-helpers';
import { useMetaPublishing } from '@testing/use-publishing';
import { threadsChannel } from './channels/threads';
import { DEFAULT_OUTBOUND } from './outbound';

const clock = createTestClock('2031-05-20T08:00:00Z');
const SCOPES = ['threads_basic', 'threads_content_publish'];
const sample = (label: string) => MEDIA_SAMPLES.find((item) => item.label === label)!;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a4fbf' } })
    .png()
    .toBuffer();
const { server, meta } = useMetaPublishing(clock);
const profile = () => meta().accounts.threads.id;

function userWithThreads() {
  return userWithConnection(server(), {
    kind: 'threads',
    name: '@brightsmile',
    accountId: profile(),
    credentials: { threadsUserId: profile(), accessToken: meta().grant('threads', SCOPES) },
    networks: ['threads'],
  });
}

async function threadsPost(client: TestClient, date: string, time: string, content: string, files: { bytes: Buffer; name: string; type: string }[] = []) {
  const postId = await scheduledPost(client, date, time, { content, hashtags: [] }, 'threads');
  for (const file of files) expect((await client.uploadMedia(postId, file.bytes, file.name, file.type)).status).toBe(201);
  return postId;
}

const postsWith = (text: string) =>
  meta()
    .postsOf(profile())
    .filter((item) => item.text === text);
const containersMade = () => meta().received.filter((call) => call.method === 'POST' && call.path === `/${meta().threadsVersion}/${profile()}/threads`);

describe('Threads', () => {
  it('checks the connection with Send test', async () => {
    const { client, connectionId } = await userWithThreads();
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId } }));
    expect(tested.body).toEqual({ ok: true, message: 'Connected as @brightsmile.' });
  });

  it('publishes a text post and links it', async () => {
    const { client } = await userWithThreads();
    const made = containersMade().length;
    const postId = await threadsPost(client, '2031-06-10', '09:00', 'What makes you smile today?');
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    const published = postsWith('What makes you smile today?');
    expect(published).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: published[0]!.permalink });
    expect(containersMade().slice(made)).toEqual([expect.objectContaining({ params: expect.objectContaining({ media_type: 'TEXT' }) })]);
  });

  it('publishes an image, converting a WebP to the JPEG Threads takes', async () => {
    const { client } = await userWithThreads();
    const webp = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffcc00' } })
      .webp()
      .toBuffer();
    const postId = await threadsPost(client, '2031-06-10', '10:00', 'Our new sign.', [{ bytes: webp, name: 'sign.webp', type: 'image/webp' }]);
    await tickAt(server(), clock, '2031-06-10T10:00:00Z');
    const [post] = postsWith('Our new sign.');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: post!.permalink });
    const fetched = Buffer.from(await (await fetch(post!.media[0]!.url)).arrayBuffer());
    expect(await sharp(fetched).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
  });

  it('publishes a video', async () => {
    const { client } = await userWithThreads();
    const { bytes, name, type } = sample('MP4');
    const postId = await threadsPost(client, '2031-06-10', '11:00', 'A minute in the clinic.', [{ bytes, name, type }]);
    await tickAt(server(), clock, '2031-06-10T11:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    expect(postsWith('A minute in the clinic.').map((item) => item.media.map((media) => media.kind))).toEqual([['video']]);
  });

  it('publishes images and a video as a carousel', async () => {
    const { client } = await userWithThreads();
    const { bytes, name, type } = sample('MP4');
    const files = [
      { bytes: await png(800, 800), name: 'a.png', type: 'image/png' },
      { bytes: await png(800, 1000), name: 'b.png', type: 'image/png' },
      { bytes, name, type },
    ];
    const postId = await threadsPost(client, '2031-06-10', '12:00', 'Three looks.', files);
    await tickAt(server(), clock, '2031-06-10T12:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({
      status: 'published',
      liveUrl: expect.stringContaining('https://www.threads.com/@brightsmile/post/'),
    });
    expect(postsWith('Three looks.').map((item) => item.media.map((media) => media.kind))).toEqual([['image', 'image', 'video']]);
  });

  it('waits for a container slow to be ready, then publishes it on a later attempt without making another', async () => {
    const { client } = await userWithThreads();
    meta().setContainerReadiness({ ms: 50_000 });
    const made = containersMade().length;
    const postId = await threadsPost(client, '2031-06-10', '13:00', 'Slow to process.');
    await tickAt(server(), clock, '2031-06-10T13:00:00Z');
    const waiting = await deliveryOf(client, postId);
    expect(waiting).toMatchObject({ status: 'scheduled', reason: expect.stringContaining('still processing') });
    expect(postsWith('Slow to process.')).toHaveLength(0);
    await tickAt(server(), clock, waiting.nextAttemptAt);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    expect(postsWith('Slow to process.')).toHaveLength(1);
    expect(containersMade().length - made).toBe(1);
  });

  it('after the publish answer is lost, asks the container and records the post published once', async () => {
    const { client } = await userWithThreads();
    const made = containersMade().length;
    const postId = await threadsPost(client, '2031-06-10', '14:00', 'Answer lost.', [{ bytes: await png(800, 800), name: 'a.png', type: 'image/png' }]);
    meta().fault({ path: `/${profile()}/threads_publish`, hangUp: true });
    await tickAt(server(), clock, '2031-06-10T14:00:00Z');
    const published = postsWith('Answer lost.');
    expect(published).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: published[0]!.permalink });
    expect(containersMade().length - made).toBe(1);
  });

  it('a retry after a temporary refusal publishes the container it kept', async () => {
    const { client } = await userWithThreads();
    const made = containersMade().length;
    const postId = await threadsPost(client, '2031-06-10', '15:00', 'Kept container.');
    meta().fault({ path: `/${profile()}/threads_publish`, error: { code: 2, status: 503 } });
    await tickAt(server(), clock, '2031-06-10T15:00:00Z');
    const retrying = await deliveryOf(client, postId);
    expect(retrying.status).toBe('scheduled');
    await tickAt(server(), clock, retrying.nextAttemptAt);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    expect(postsWith('Kept container.')).toHaveLength(1);
    expect(containersMade().length - made).toBe(1);
  });

  it('makes a new container for a post changed after a failed attempt, and never publishes the old one', async () => {
    const { client } = await userWithThreads();
    const made = containersMade().length;
    const postId = await threadsPost(client, '2031-06-10', '16:00', 'First words.');
    meta().fault({ path: `/${profile()}/threads_publish`, error: { code: 100, message: 'Invalid parameter' } });
    await tickAt(server(), clock, '2031-06-10T16:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'failed', reason: expect.stringContaining('Threads refused the post (code 100)') });
    const { version } = (await read(client.api.posts[':postId'].$get({ param: { postId } }))).body;
    expect((await read(client.api.posts[':postId'].$patch({ param: { postId }, json: { version, content: 'Better words.' } }))).status).toBe(200);
    expect((await read(client.api.posts[':postId'].delivery.retry.$post({ param: { postId } }))).status).toBe(200);
    await tickAt(server(), clock, '2031-06-10T16:05:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: postsWith('Better words.')[0]!.permalink });
    expect(postsWith('First words.')).toHaveLength(0);
    expect(containersMade().length - made).toBe(2);
  });
});

describe('Threads checks before scheduling', () => {
  const file = (mime: string) => ({
    name: 'x',
    alt: '',
    mime,
    size: 1000,
    send: () => Promise.reject(new Error('unused')),
    withBytes: () => Promise.reject(new Error('unused')),
  });
  const check = (text: string, files: ReturnType<typeof file>[], publicUrl = server().url, allowPrivate = true) =>
    threadsChannel({ policy: { ...DEFAULT_OUTBOUND, allowPrivate }, providers: server().config.publishing.providers, publicUrl }).check!(
      { threadsUserId: profile(), accessToken: 'unused' },
      { post: undefined as never, text, uploads: files.map(() => ({ type: 'image' as const, name: 'x' })), files: () => Promise.resolve(files) },
      clock.now,
    );

  it('takes text of 500 characters as Threads counts them, and refuses one more (an emoji counts as its bytes)', async () => {
    expect(await check('a'.repeat(496) + '😀', [])).toBeUndefined();
    expect(await check('a'.repeat(497) + '😀', [])).toBe(
      'The text with its hashtags is longer than the 500 characters Threads takes (each emoji counts as several). Shorten it by 1 character.',
    );
  });

  it('refuses more than 20 files and a video Threads does not take', async () => {
    expect(
      await check(
        'Many',
        Array.from({ length: 21 }, () => file('image/png')),
      ),
    ).toBe('Threads takes at most 20 images and videos in a post, and this one has 21. Remove 1.');
    expect(await check('Clip', [file('video/webm')])).toBe('The video is not an MP4 or MOV video, the kinds Threads publishes. Replace it with an MP4.');
  });

  it('refuses media when the server’s address is not public https, but not a text post', async () => {
    expect(await check('Look', [file('image/png')], 'http://127.0.0.1:8080', false)).toMatch(
      /^Threads fetches the post's images and videos from this server, but its address \(http:\/\/127\.0\.0\.1:8080\) does not start with https:\/\//,
    );
    expect(await check('Just words', [], 'http://127.0.0.1:8080', false)).toBeUndefined();
  });
});
