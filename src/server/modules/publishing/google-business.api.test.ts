import net from 'node:net';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CALLS_TO_ACTION, type CallToAction } from '@shared/domain/options';
import type { PostEvent } from '@shared/schemas/post';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { addPost } from '@testing/month-posts';
import { deliveryOf, googleProviderEnv, scheduledPost, signedInConnection, tickAt, userWithConnection } from '@testing/publishing-helpers';
import { createTestClock } from '@testing/test-clock';
import { errorOf, read, TestClient } from '@testing/test-client';
import { startTestServer } from '@testing/test-server';
import { useGooglePublishing } from '@testing/use-publishing';
import { googleBusinessChannel } from './channels/google-business';
import { DEFAULT_OUTBOUND } from './outbound';

const clock = createTestClock('2031-05-20T08:00:00Z');
const { server, google } = useGooglePublishing(clock);
const location = () => google().accounts.locations[0]!;
const postsPath = () => `/v4/${google().accounts.account.name}/${location().name}/localPosts`;
const png = (width: number, height: number, background = '#1a73e8') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** The stand-in's first location as signing in leaves its connection; its access token already past its hour unless `fresh`. */
function locationConnection({ websiteUri = location().websiteUri as string | null, fresh = false } = {}) {
  const granted = google().grant();
  const expiresAt = fresh ? granted.expiresAt : new Date(clock.now().getTime() - 1000);
  return {
    kind: 'googlebusiness' as const,
    name: location().title,
    accountId: location().name,
    credentials: {
      refreshToken: granted.refreshToken,
      accessToken: granted.accessToken,
      accessTokenExpiresAt: expiresAt.toISOString(),
      account: google().accounts.account.name,
      location: location().name,
      websiteUri,
    },
    networks: ['googlebusiness' as const],
  };
}

const userWithLocation = (options: Parameters<typeof locationConnection>[0] = {}) => userWithConnection(server(), locationConnection(options));

const gbpPost = (client: TestClient, date: string, time: string, content: string, uploads: { bytes: Buffer; name: string; type: string }[] = []) =>
  scheduledPost(client, date, time, { content, hashtags: [] }, 'googlebusiness', uploads);

const publishedWith = (summary: string) => google().published.filter((post) => post.summary === summary);
const createCalls = () => google().received.filter((call) => call.method === 'POST' && call.path === postsPath());
const refreshCalls = () => google().received.filter((call) => call.host === 'oauth2' && call.params.grant_type === 'refresh_token');

async function setCallsToAction(client: TestClient, selectedCTAs: CallToAction[], monthId = '2031-6') {
  const saved = await read(client.api.months[':id'].strategy.$put({ param: { id: monthId }, json: { ...DEFAULT_STRATEGY, selectedCTAs } }));
  expect(saved.status).toBe(200);
}

describe('Google Business Profile', () => {
  it('checks the connection with Send test, renewing its access token first', async () => {
    const { client, connectionId } = await userWithLocation();
    const before = refreshCalls().length;
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId } }));
    expect(tested.body).toEqual({ ok: true, message: 'Connected: Google Business Profile can post to Bright Smile Dental.' });
    expect(refreshCalls().length - before).toBe(1);
  });

  it('publishes a text post as a standard update in the profile’s language, linked to Google Search', async () => {
    const { client } = await userWithLocation();
    const text = 'New evening hours from Monday: open until 8 pm.';
    const postId = await gbpPost(client, '2031-06-10', '09:00', text);
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    const [post] = publishedWith(text);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: post!.searchUrl });
    expect(createCalls().at(-1)!.json).toEqual({ languageCode: 'en', summary: text, topicType: 'STANDARD' });
  });

  it('publishes a post with a link in its text as it is', async () => {
    const { client } = await userWithLocation();
    const text = 'Read our guide to whiter teeth: https://brightsmile.example/guide';
    const postId = await gbpPost(client, '2031-06-10', '09:30', text);
    await tickAt(server(), clock, '2031-06-10T09:30:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    expect(publishedWith(text)).toHaveLength(1);
  });

  it('publishes the first photo, which Google fetches from a signed link; a WebP becomes a JPEG', async () => {
    const { client } = await userWithLocation();
    const webp = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ffcc00' } })
      .webp()
      .toBuffer();
    const uploads = [
      { bytes: webp, name: 'front.webp', type: 'image/webp' },
      { bytes: await png(800, 600), name: 'second.png', type: 'image/png' },
    ];
    const postId = await gbpPost(client, '2031-06-10', '10:00', 'Our new front desk.', uploads);
    await tickAt(server(), clock, '2031-06-10T10:00:00Z');
    const [post] = publishedWith('Our new front desk.');
    expect(await deliveryOf(client, postId)).toMatchObject({
      status: 'published',
      liveUrl: post!.searchUrl,
      log: [expect.objectContaining({ outcome: 'published', detail: expect.stringContaining('Only its first photo went out') })],
    });
    expect(post!.media).toEqual([expect.objectContaining({ mediaFormat: 'PHOTO', sourceUrl: expect.stringContaining(server().url) })]);
    const fetched = Buffer.from(await (await fetch(post!.media![0]!.sourceUrl)).arrayBuffer());
    expect(await sharp(fetched).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
  });

  it('fails in words when Google cannot fetch the photo from the server’s address', async () => {
    // A server whose PUBLIC_URL is a port nobody listens on: its signed links cannot be fetched.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const unreachable = await startTestServer(
      { PUBLISH_ALLOW_PRIVATE_URLS: 'true', PUBLIC_URL: `http://127.0.0.1:${closed}`, ...googleProviderEnv(google()) },
      {},
      { now: clock.now },
    );
    try {
      // The browser's page is at PUBLIC_URL; its requests reach the server at its own address.
      const client = new TestClient(unreachable.config.publicUrl).at(unreachable.url);
      const { userId } = await client.signUp();
      expect((await read(client.api.profile.skip.$post())).status).toBe(200);
      await read(client.api.workspace.$get());
      await signedInConnection(unreachable, userId, locationConnection());
      const postId = await gbpPost(client, '2031-06-10', '10:30', 'A photo nobody can fetch.', [
        { bytes: await png(800, 600), name: 'a.png', type: 'image/png' },
      ]);
      await tickAt(unreachable, clock, '2031-06-10T10:30:00Z');
      expect(await deliveryOf(client, postId)).toMatchObject({
        status: 'failed',
        reason: expect.stringMatching(/^Google could not take the post's photo \(The media could not be fetched from http:\/\/127\.0\.0\.1:\d+\/.*PUBLIC_URL/),
      });
      expect(publishedWith('A photo nobody can fetch.')).toHaveLength(0);
    } finally {
      await unreachable.close();
    }
  });

  it('gives the post the button of the month’s first call to action Google has one for', async () => {
    const { client } = await userWithLocation();
    const site = location().websiteUri;
    const expected: Record<CallToAction, object | undefined> = {
      'Visit Website': { actionType: 'LEARN_MORE', url: site },
      'Schedule Appointment': { actionType: 'BOOK', url: site },
      'Contact Us': { actionType: 'CALL' },
      'Learn More': { actionType: 'LEARN_MORE', url: site },
      'Follow/Subscribe': undefined,
      'Shop Now': { actionType: 'SHOP', url: site },
    };
    const cases: [CallToAction[], object | undefined][] = [
      ...CALLS_TO_ACTION.map((cta): [CallToAction[], object | undefined] => [[cta], expected[cta]]),
      [['Follow/Subscribe', 'Contact Us', 'Shop Now'], { actionType: 'CALL' }],
      [[], undefined],
    ];
    for (const [index, [ctas, button]] of cases.entries()) {
      await setCallsToAction(client, ctas);
      const text = `Button case ${index}: ${ctas.join(', ') || 'none'}.`;
      const time = `11:${String(index * 5).padStart(2, '0')}`;
      const postId = await gbpPost(client, '2031-06-11', time, text);
      await tickAt(server(), clock, `2031-06-11T${time}:00Z`);
      expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
      const [post] = publishedWith(text);
      expect({ ctas, button: post!.callToAction }).toEqual({ ctas, button });
    }
  });

  it('publishes an event as EVENT with its button and an offer as OFFER with its code, link and terms (no button), leaving hashtags out', async () => {
    const { client } = await userWithLocation();
    await setCallsToAction(client, ['Schedule Appointment']);
    const announce = async (content: string, time: string, event: object) => {
      const target = { targetId: '2031-6', day: () => '2031-06-12' };
      const created = await addPost(client, { date: '2031-06-12', platform: 'googlebusiness', content, hashtags: ['#smile'] }, target);
      const patched = await read(
        client.api.posts[':postId'].$patch({ param: { postId: created.id }, json: { version: created.version, event: event as PostEvent } }),
      );
      expect(patched.status).toBe(200);
      const scheduled = await read(client.api.posts[':postId'].schedule.$put({ param: { postId: created.id }, json: { platform: 'googlebusiness', time } }));
      expect(scheduled.status).toBe(200);
      await tickAt(server(), clock, `2031-06-12T${time}:00Z`);
      expect(await deliveryOf(client, created.id)).toMatchObject({ status: 'published' });
      return createCalls().at(-1)!.json;
    };
    const schedule = { startDate: { year: 2031, month: 6, day: 20 }, endDate: { year: 2031, month: 6, day: 21 } };
    expect(
      await announce('Open day with free check-ups.', '10:00', { kind: 'event', title: 'Open day', startDate: '2031-06-20', endDate: '2031-06-21' }),
    ).toEqual({
      languageCode: 'en',
      summary: 'Open day with free check-ups.',
      topicType: 'EVENT',
      event: { title: 'Open day', schedule },
      callToAction: { actionType: 'BOOK', url: location().websiteUri },
    });
    const offer = {
      kind: 'offer',
      title: '10% off whitening',
      startDate: '2031-06-20',
      endDate: '2031-06-21',
      couponCode: 'SMILE10',
      redeemUrl: 'https://brightsmile.example/offer',
      terms: 'New patients only.',
    };
    expect(await announce('Whitening for less this week.', '10:05', offer)).toEqual({
      languageCode: 'en',
      summary: 'Whitening for less this week.',
      topicType: 'OFFER',
      event: { title: '10% off whitening', schedule },
      offer: { couponCode: 'SMILE10', redeemOnlineUrl: 'https://brightsmile.example/offer', termsConditions: 'New patients only.' },
    });
  });

  it('links a button to the company’s website when the location has none, and passes over link buttons when neither has one', async () => {
    const { client } = await userWithLocation({ websiteUri: null });
    await setCallsToAction(client, ['Schedule Appointment', 'Contact Us']);
    const first = await gbpPost(client, '2031-06-12', '09:00', 'Book with us.');
    await tickAt(server(), clock, '2031-06-12T09:00:00Z');
    expect(await deliveryOf(client, first)).toMatchObject({ status: 'published' });
    expect(publishedWith('Book with us.')[0]!.callToAction).toEqual({ actionType: 'BOOK', url: 'https://brightsmile.example/' });

    const profile = (await read(client.api.profile.$get())).body;
    const { postLanguage: _language, completedOnboarding: _done, updatedAt: _at, timeZone: _zone, ...fields } = profile;
    expect((await read(client.api.profile.$patch({ json: { ...fields, website: '' } }))).status).toBe(200);
    const second = await gbpPost(client, '2031-06-12', '10:00', 'Call us.');
    await tickAt(server(), clock, '2031-06-12T10:00:00Z');
    expect(await deliveryOf(client, second)).toMatchObject({ status: 'published' });
    expect(publishedWith('Call us.')[0]!.callToAction).toEqual({ actionType: 'CALL' });
  });

  it('renews the access token when it has run out, and uses the kept one while it is good', async () => {
    const stale = await userWithLocation();
    const before = refreshCalls().length;
    const postId = await gbpPost(stale.client, '2031-06-13', '09:00', 'Sent with a renewed token.');
    await tickAt(server(), clock, '2031-06-13T09:00:00Z');
    expect(await deliveryOf(stale.client, postId)).toMatchObject({ status: 'published' });
    expect(refreshCalls().length - before).toBe(1);

    // Signed in half an hour before the post's time: its hour-long access token is still good then.
    clock.set('2031-06-13T09:30:00Z');
    const fresh = await userWithLocation({ fresh: true });
    const soon = await gbpPost(fresh.client, '2031-06-13', '10:00', 'Sent with the kept token.');
    await tickAt(server(), clock, '2031-06-13T10:00:00Z');
    expect(await deliveryOf(fresh.client, soon)).toMatchObject({ status: 'published' });
    expect(refreshCalls().length - before).toBe(1);
  });

  it('after the answer to a post is lost, reads the location’s posts back and records it published once', async () => {
    const { client } = await userWithLocation();
    const made = createCalls().length;
    const text = 'Answer lost on the way back.';
    const postId = await gbpPost(client, '2031-06-14', '09:00', text);
    google().fault({ host: 'myBusiness', path: postsPath(), hangUp: true });
    await tickAt(server(), clock, '2031-06-14T09:00:00Z');
    const waiting = await deliveryOf(client, postId);
    expect(waiting).toMatchObject({ status: 'scheduled', reason: expect.stringContaining('the next attempt first looks for it on the listing') });
    await tickAt(server(), clock, waiting.nextAttemptAt);
    const published = publishedWith(text);
    expect(published).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: published[0]!.searchUrl });
    expect(createCalls().length - made).toBe(1);
  });
});

describe('Google Business Profile refusals in words', () => {
  const failedWith = async (fault: Parameters<ReturnType<typeof google>['fault']>[0] | undefined, time: string) => {
    const { client, connectionId } = await userWithLocation();
    const postId = await gbpPost(client, '2031-06-15', time, `Refused at ${time}.`);
    if (fault) google().fault(fault);
    await tickAt(server(), clock, `2031-06-15T${time}:00Z`);
    const connection = (await read(client.api.connections.$get())).body.find((item) => item.id === connectionId)!;
    return { delivery: await deliveryOf(client, postId), health: connection.health.state };
  };
  const onPosts = (status: 'INVALID_ARGUMENT' | 'PERMISSION_DENIED' | 'NOT_FOUND' | 'UNAVAILABLE' | 'UNAUTHENTICATED') => ({
    host: 'myBusiness' as const,
    path: postsPath(),
    status,
  });

  it('a revoked refresh token disconnects the connection', async () => {
    const { delivery, health } = await failedWith(
      { host: 'oauth2', path: '/token', oauthError: 'invalid_grant', description: 'Token has been expired or revoked.' },
      '08:00',
    );
    expect(delivery).toMatchObject({
      status: 'failed',
      reason: 'Google no longer accepts this connection: its sign-in was revoked or has expired. Reconnect it in Settings → Connections.',
    });
    expect(health).toBe('disconnected');
  });

  it('401 disconnects; 403, 404 and 400 fail with what to do; 503 is retried', async () => {
    const unauthenticated = await failedWith(onPosts('UNAUTHENTICATED'), '09:00');
    expect(unauthenticated).toEqual({
      delivery: expect.objectContaining({ status: 'failed', reason: expect.stringContaining('its sign-in expired or was revoked. Reconnect it') }),
      health: 'disconnected',
    });
    const denied = await failedWith(onPosts('PERMISSION_DENIED'), '09:10');
    expect(denied).toEqual({
      delivery: expect.objectContaining({ status: 'failed', reason: expect.stringContaining('may no longer manage it') }),
      health: 'healthy',
    });
    const missing = await failedWith(onPosts('NOT_FOUND'), '09:20');
    expect(missing.delivery).toMatchObject({ status: 'failed', reason: expect.stringContaining('Google could not find this location') });
    const invalid = await failedWith(onPosts('INVALID_ARGUMENT'), '09:30');
    expect(invalid.delivery).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('Google refused the post as not valid (INVALID_ARGUMENT). Google said:'),
    });
    const unavailable = await failedWith(onPosts('UNAVAILABLE'), '09:40');
    expect(unavailable.delivery).toMatchObject({ status: 'scheduled', reason: 'Google had a temporary problem (UNAVAILABLE).' });
  });

  it('RESOURCE_EXHAUSTED waits for Retry-After, then sends', async () => {
    const { client } = await userWithLocation();
    // Earlier in the day than the posts left retrying above, so only this one is due.
    const postId = await gbpPost(client, '2031-06-15', '07:00', 'Quota reached.');
    google().fault({ host: 'myBusiness', path: postsPath(), status: 'RESOURCE_EXHAUSTED', retryAfterSeconds: 120 });
    await tickAt(server(), clock, '2031-06-15T07:00:00Z');
    const waiting = await deliveryOf(client, postId);
    expect(waiting).toMatchObject({ status: 'scheduled', reason: expect.stringContaining('Google asked us to slow down (RESOURCE_EXHAUSTED)') });
    expect(Date.parse(waiting.nextAttemptAt) - Date.parse('2031-06-15T07:00:00Z')).toBeGreaterThanOrEqual(120_000);
    await tickAt(server(), clock, waiting.nextAttemptAt);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    expect(publishedWith('Quota reached.')).toHaveLength(1);
  });
});

describe('Google Business Profile checks before scheduling', () => {
  it('takes 1,500 characters and refuses one more, and refuses a post with only a video', async () => {
    const { client } = await userWithLocation();
    await gbpPost(client, '2031-06-16', '09:00', 'a'.repeat(1500));
    const long = await addPost(
      client,
      { date: '2031-06-16', platform: 'googlebusiness', content: 'a'.repeat(1501), hashtags: [] },
      { targetId: '2031-6', day: () => '2031-06-16' },
    );
    const refused = await read(client.api.posts[':postId'].schedule.$put({ param: { postId: long.id }, json: { platform: 'googlebusiness', time: '10:00' } }));
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      code: 'network_refuses_post',
      message: 'The text is longer than the 1,500 characters Google Business Profile takes. Shorten it by 1 character.',
    });
    const video = MEDIA_SAMPLES.find((sample) => sample.label === 'MP4')!;
    const clip = await addPost(
      client,
      { date: '2031-06-16', platform: 'googlebusiness', content: 'A clip.', hashtags: [] },
      { targetId: '2031-6', day: () => '2031-06-16' },
    );
    expect((await client.uploadMedia(clip.id, video.bytes, video.name, video.type)).status).toBe(201);
    const noVideo = await read(client.api.posts[':postId'].schedule.$put({ param: { postId: clip.id }, json: { platform: 'googlebusiness', time: '11:00' } }));
    expect(errorOf(noVideo).message).toBe(
      'Google Business Profile posts take a photo, not a video. Replace the video with a photo, or plan this post for another network.',
    );
  });

  it('refuses a photo when the server’s address is not public https, but not a text post', async () => {
    const channel = googleBusinessChannel({
      policy: { ...DEFAULT_OUTBOUND, allowPrivate: false },
      providers: server().config.publishing.providers,
      publicUrl: 'http://127.0.0.1:8080',
    });
    const file = {
      name: 'x',
      alt: '',
      mime: 'image/png',
      size: 1000,
      send: () => Promise.reject(new Error('unused')),
      withBytes: () => Promise.reject(new Error('unused')),
    };
    const check = (files: (typeof file)[]) =>
      channel.check!(
        undefined as never,
        {
          post: { content: 'Look' } as never,
          text: 'Look',
          uploads: files.map(() => ({ type: 'image' as const, name: 'x' })),
          files: () => Promise.resolve(files),
        },
        clock.now,
      );
    expect(await check([file])).toMatch(
      /^Google Business Profile fetches the post's images and videos from this server, but its address \(http:\/\/127\.0\.0\.1:8080\) does not start with https:\/\//,
    );
    expect(await check([])).toBeUndefined();
  });
});
