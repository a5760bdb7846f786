import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { createTestClock } from '@testing/test-clock';
import { read, type TestClient } from '@testing/test-client';
import { deliveryOf, deliveryRow, metaPageToken, scheduledPost, secondInstance, tickAt, userWithConnection } from '@testing/publishing-helpers';
import { useMetaPublishing } from '@testing/use-publishing';
import { addPost } from '@testing/month-posts';
import { instagramChannel } from './channels/instagram';
import { DEFAULT_OUTBOUND } from './outbound';

const clock = createTestClock('2031-05-20T08:00:00Z');
const SCOPES = ['pages_show_list', 'pages_read_engagement', 'instagram_basic', 'instagram_content_publish'];
const sample = (label: string) => MEDIA_SAMPLES.find((item) => item.label === label)!.bytes;
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
const { server, meta } = useMetaPublishing(clock);
const ig = () => meta().accounts.instagram.id;

async function userWithInstagram() {
  const accessToken = await metaPageToken(meta(), SCOPES);
  return userWithConnection(server(), {
    kind: 'instagram',
    name: '@brightsmile',
    accountId: ig(),
    credentials: { igUserId: ig(), accessToken, api: 'facebook' },
    networks: ['instagram'],
  });
}

/** An Instagram post with its files uploaded, scheduled on `date` at `time`; its media description is each upload's alt text. */
async function instagramPost(
  client: TestClient,
  date: string,
  time: string,
  content: string,
  files: { bytes: Buffer; name: string; type: string }[],
  mediaPrompt = '',
) {
  return scheduledPost(client, date, time, { content, hashtags: ['#smile'], mediaPrompt }, 'instagram', files);
}

/** What the stand-in published with this caption, and the containers it was asked to make for the account. */
const postsWith = (caption: string) =>
  meta()
    .postsOf(ig())
    .filter((item) => item.text === caption);
const containersMade = () => meta().received.filter((call) => call.method === 'POST' && call.path === `/${meta().version}/${ig()}/media`);

describe('Instagram', () => {
  it('checks the connection with Send test', async () => {
    const { client, connectionId } = await userWithInstagram();
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId } }));
    expect(tested.body).toEqual({ ok: true, message: 'Connected as @brightsmile.' });
  });

  it('publishes a tall PNG as a JPEG padded to 4:5 with its alt text, and links the live post', async () => {
    const { client } = await userWithInstagram();
    const postId = await instagramPost(
      client,
      '2031-06-10',
      '09:00',
      'Our new waiting room.',
      [{ bytes: await pngOf(720, 1280), name: 'room.png', type: 'image/png' }],
      'A bright waiting room with plants',
    );
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    const delivery = await deliveryOf(client, postId);
    const [post] = postsWith('Our new waiting room.\n\n#smile');
    expect(delivery).toMatchObject({ status: 'published', liveUrl: post!.permalink });
    expect(postsWith('Our new waiting room.\n\n#smile')).toHaveLength(1);
    // What Instagram fetched: a JPEG of 4:5, 1024 x 1280 (the 720 x 1280 image with white bands beside it).
    const fetched = Buffer.from(await (await fetch(post!.media[0]!.url)).arrayBuffer());
    expect(await sharp(fetched).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 1280 });
    // The upload's alt text (its media description) goes with the converted image.
    expect(post!.media[0]!.alt).toBe('A bright waiting room with plants');
  });

  it('publishes two images and a video as a carousel with the caption on the carousel', async () => {
    const { client } = await userWithInstagram();
    const files = [
      { bytes: await pngOf(1080, 1080), name: 'before.png', type: 'image/png' },
      { bytes: await pngOf(1080, 1350), name: 'after.png', type: 'image/png' },
      { bytes: sample('MP4'), name: 'clip.mp4', type: 'video/mp4' },
    ];
    const postId = await instagramPost(client, '2031-06-10', '10:00', 'Before and after.', files);
    // Alt text of the first image only, written in the media library.
    const media = (await read(client.api.posts[':postId'].$get({ param: { postId } }))).body.media as { url: string }[];
    expect((await client.patch(`/api/library/${media[0]!.url.split('/').pop()!}`, { altText: 'A chipped front tooth' })).status).toBe(200);
    await tickAt(server(), clock, '2031-06-10T10:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\//) });
    const published = postsWith('Before and after.\n\n#smile');
    expect(published).toHaveLength(1);
    expect(published[0]!.media.map((item) => item.kind)).toEqual(['image', 'image', 'video']);
    // Each image carries its own alt text from the media library (none sent for an empty one, nor for a video).
    expect(published[0]!.media.map((item) => item.alt)).toEqual(['A chipped front tooth', undefined, undefined]);
  });

  it('publishes a video as a Reel', async () => {
    const { client } = await userWithInstagram();
    const made = containersMade().length;
    const postId = await instagramPost(client, '2031-06-10', '11:00', 'A minute in the clinic.', [
      { bytes: sample('MP4'), name: 'clip.mp4', type: 'video/mp4' },
    ]);
    await tickAt(server(), clock, '2031-06-10T11:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: postsWith('A minute in the clinic.\n\n#smile')[0]!.permalink });
    expect(containersMade().slice(made)).toEqual([expect.objectContaining({ params: expect.objectContaining({ media_type: 'REELS' }) })]);
  });

  it('waits for a container slow to be ready, then publishes it on a later attempt without making another', async () => {
    const { client } = await userWithInstagram();
    meta().setContainerReadiness({ ms: 50_000 });
    const made = containersMade().length;
    const postId = await instagramPost(client, '2031-06-10', '12:00', 'Slow to process.', [
      { bytes: await pngOf(1080, 1080), name: 'a.png', type: 'image/png' },
    ]);
    await tickAt(server(), clock, '2031-06-10T12:00:00Z');
    const waiting = await deliveryOf(client, postId);
    expect(waiting).toMatchObject({ status: 'scheduled', reason: expect.stringContaining('still processing') });
    expect(postsWith('Slow to process.\n\n#smile')).toHaveLength(0);
    // Read back meanwhile, the kept container says nothing was published: sending is safe.
    const readBack = async () =>
      instagramChannel({ policy: { ...DEFAULT_OUTBOUND, allowPrivate: true }, providers: server().config.publishing.providers, publicUrl: server().url })
        .readBack!(
        { igUserId: ig(), accessToken: await metaPageToken(meta(), SCOPES), api: 'facebook' },
        await deliveryRow(server(), postId),
        { text: 'Slow to process.\n\n#smile' },
        { claimedAt: clock.now(), now: clock.now, signal: new AbortController().signal },
      );
    expect(await readBack()).toBeUndefined();
    await tickAt(server(), clock, waiting.nextAttemptAt);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    expect(postsWith('Slow to process.\n\n#smile')).toHaveLength(1);
    expect(containersMade().length - made).toBe(1);
    expect(await readBack()).toMatchObject({ result: 'published', liveUrl: postsWith('Slow to process.\n\n#smile')[0]!.permalink });
  });

  it('after the publish answer is lost, asks the container and records the post published once', async () => {
    const { client } = await userWithInstagram();
    const made = containersMade().length;
    const postId = await instagramPost(client, '2031-06-10', '13:00', 'Answer lost.', [{ bytes: await pngOf(1080, 1080), name: 'a.png', type: 'image/png' }]);
    meta().fault({ path: `/${ig()}/media_publish`, hangUp: true });
    await tickAt(server(), clock, '2031-06-10T13:00:00Z');
    const [post] = postsWith('Answer lost.\n\n#smile');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: post!.permalink });
    expect(postsWith('Answer lost.\n\n#smile')).toHaveLength(1);
    expect(containersMade().length - made).toBe(1);
  });

  it('when the publish answer is held past the time limit, the next attempt finds it published and makes no second container', async () => {
    const instance = await secondInstance(server(), clock);
    try {
      const { client } = await userWithInstagram();
      const made = containersMade().length;
      const postId = await instagramPost(client, '2031-06-10', '14:00', 'Held answer.', [{ bytes: await pngOf(1080, 1080), name: 'a.png', type: 'image/png' }]);
      let release!: () => void;
      meta().fault({ path: `/${ig()}/media_publish`, until: new Promise<void>((resolve) => (release = resolve)) });
      clock.set('2031-06-10T14:00:00Z');
      const sending = instance.services.publisher.deliverDue();
      await vi.waitFor(() => expect(postsWith('Held answer.\n\n#smile')).toHaveLength(1));
      // The attempt's time limit passes on the clock while Instagram holds its answer.
      clock.set('2031-06-10T14:01:31Z');
      expect(await sending).toMatchObject({ retrying: 1 });
      release();
      const retrying = await deliveryOf(client, postId);
      expect(retrying.reason).toContain('answer was lost');
      await tickAt(server(), clock, retrying.nextAttemptAt);
      expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: postsWith('Held answer.\n\n#smile')[0]!.permalink });
      expect(postsWith('Held answer.\n\n#smile')).toHaveLength(1);
      expect(containersMade().length - made).toBe(1);
    } finally {
      await instance.close();
    }
  });

  it('a retry after a temporary refusal publishes the container it kept', async () => {
    const { client } = await userWithInstagram();
    const made = containersMade().length;
    const postId = await instagramPost(client, '2031-06-10', '15:00', 'Kept container.', [
      { bytes: await pngOf(1080, 1080), name: 'a.png', type: 'image/png' },
    ]);
    meta().fault({ path: `/${ig()}/media_publish`, error: { code: 2, status: 503 } });
    await tickAt(server(), clock, '2031-06-10T15:00:00Z');
    const retrying = await deliveryOf(client, postId);
    expect(retrying).toMatchObject({ status: 'scheduled', reason: expect.stringContaining('temporary problem') });
    await tickAt(server(), clock, retrying.nextAttemptAt);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    expect(postsWith('Kept container.\n\n#smile')).toHaveLength(1);
    expect(containersMade().length - made).toBe(1);
  });
});

describe('Instagram checks before scheduling', () => {
  const channel = (publicUrl = server().url, allowPrivate = true) =>
    instagramChannel({ policy: { ...DEFAULT_OUTBOUND, allowPrivate }, providers: server().config.publishing.providers, publicUrl });
  const credentials = async () => ({ igUserId: ig(), accessToken: await metaPageToken(meta(), SCOPES), api: 'facebook' as const });
  const file = (mime: string, size = 1000) => ({
    name: 'x',
    alt: '',
    mime,
    size,
    send: () => Promise.reject(new Error('unused')),
    withBytes: () => Promise.reject(new Error('unused')),
  });
  const content = (text: string, files: ReturnType<typeof file>[], dueAt?: string) => ({
    post: undefined as never,
    text,
    uploads: files.map(() => ({ type: 'image' as const, name: 'x' })),
    files: () => Promise.resolve(files),
    ...(dueAt ? { dueAt } : {}),
  });
  const check = async (text: string, files: ReturnType<typeof file>[], options: { publicUrl?: string; allowPrivate?: boolean; dueAt?: string } = {}) =>
    channel(options.publicUrl, options.allowPrivate).check!(await credentials(), content(text, files, options.dueAt), clock.now);

  it('takes a post Instagram would publish', async () => {
    expect(await check('Smile! #dental #care', [file('image/png'), file('video/mp4')])).toBeUndefined();
  });

  it('refuses to schedule a post Instagram would refuse, saying what to change, and schedules it once that is done', async () => {
    const { client } = await userWithInstagram();
    const target = { targetId: '2031-5', day: () => '2031-05-22' };
    const post = await addPost(client, { date: '2031-05-22', platform: 'instagram', content: 'New whitening kits', hashtags: ['#smile'] }, target);
    const schedule = () => read(client.api.posts[':postId'].schedule.$put({ param: { postId: post.id }, json: { platform: 'instagram', time: '10:00' } }));
    const refused = await schedule();
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: { code: 'network_refuses_post', message: expect.stringMatching(/^Instagram .*image or a video/) } });
    expect((await read(client.api.posts[':postId'].delivery.$get({ param: { postId: post.id } }))).status).toBe(404);
    expect((await client.uploadMedia(post.id, sample('JPG'), 'kit.jpg', 'image/jpeg')).status).toBe(201);
    expect((await schedule()).status).toBe(200);
  });

  it('refuses in words a post without media, with too many hashtags, too long, with too many files, or a video Instagram does not take', async () => {
    expect(await check('Text only', [])).toBe('Instagram posts need an image or a video. Add one, or plan this post for another network.');
    expect(await check('#a #b #c #d #e #f', [file('image/jpeg')])).toBe('Instagram takes at most 5 hashtags in a post, and this one has 6. Remove 1.');
    expect(await check('a'.repeat(2203), [file('image/jpeg')])).toBe(
      'The text with its hashtags is longer than the 2,200 characters Instagram takes. Shorten it by 3 characters.',
    );
    expect(
      await check(
        'Many',
        Array.from({ length: 11 }, () => file('image/jpeg')),
      ),
    ).toBe('Instagram takes at most 10 images and videos in a post, and this one has 11. Remove 1.');
    expect(await check('Clip', [file('video/webm')])).toBe('The video is not an MP4 or MOV video, the kinds Instagram publishes. Replace it with an MP4.');
    expect(await check('Clips', [file('image/png'), file('video/mp4', 101 * 1024 * 1024)])).toBe(
      'The 2nd file is larger than the 100 MB Instagram takes. Replace it with a smaller one.',
    );
  });

  it('refuses when the server’s address is not public https, unless private addresses are allowed', async () => {
    for (const publicUrl of ['http://planner.example.com', 'https://127.0.0.1:8080', 'https://planner.internal', 'https://10.1.2.3'])
      expect(await check('Smile', [file('image/jpeg')], { publicUrl, allowPrivate: false })).toMatch(
        /^Instagram fetches the post's images and videos from this server, but its address .* Ask the server’s administrator to set PUBLIC_URL/,
      );
    expect(await check('Smile', [file('image/jpeg')], { publicUrl: 'http://127.0.0.1:8080', allowPrivate: true })).toBeUndefined();
  });

  it('refuses a post due within a day when the account has used up its posts of the last 24 hours', async () => {
    const earlier = Array.from({ length: 100 }, (_, index) => ({
      network: 'instagram' as const,
      accountId: ig(),
      id: `earlier-${index}`,
      text: 'Earlier',
      media: [],
      permalink: 'https://www.instagram.com/p/earlier/',
      createdAt: new Date(clock.now().getTime() - 3600_000),
    }));
    meta().published.push(...earlier);
    try {
      expect(await check('Smile', [file('image/jpeg')], { dueAt: '2031-05-20T12:00:00.000Z' })).toBe(
        'This Instagram account has published its 100 posts allowed through apps in the last 24 hours. Schedule this post for later, once a day has passed since the earliest of them.',
      );
      // Due in three days: today's count says nothing about then.
      expect(await check('Smile', [file('image/jpeg')], { dueAt: '2031-05-23T12:00:00.000Z' })).toBeUndefined();
    } finally {
      meta().published.splice(meta().published.length - earlier.length, earlier.length);
    }
  });
});
