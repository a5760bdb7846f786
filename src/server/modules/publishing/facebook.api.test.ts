import { beforeEach, describe, expect, it } from 'vitest';
import { TINY_PNG } from '@testing/fixtures';
import { SAMPLE_MP4, jpegOfSize } from '@testing/meta/media-host';
import { createTestClock } from '@testing/test-clock';
import { read } from '@testing/test-client';
import { deliveryOf, scheduledPost, tickAt, userWithFacebookPage } from '@testing/publishing-helpers';
import { useMetaPublishing } from '@testing/use-publishing';

const clock = createTestClock('2031-05-20T08:00:00Z');
const { server, meta } = useMetaPublishing(clock);
const page = () => meta().accounts.page.id;
/** The calls that reached the stand-in's Graph host, as `METHOD /path` without the version. */
const graphCalls = () =>
  meta()
    .received.filter((call) => call.host === 'graph')
    .map((call) => `${call.method} ${call.path.replace(/^\/v\d+\.\d+/, '')}`);

beforeEach(() => {
  // Each test starts with a Page that has posted nothing and been asked nothing.
  meta().published.splice(0);
  meta().received.splice(0);
  meta().setUsage({});
});

describe('Facebook Page', () => {
  it('says which Page Send test reached, and publishes a text post with its permalink as the live link', async () => {
    const { client, connectionId } = await userWithFacebookPage(server(), meta());
    expect((await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId } }))).body).toEqual({
      ok: true,
      message: 'Connected as Bright Smile Dental.',
    });
    const postId = await scheduledPost(client, '2031-06-10', '09:00', { content: 'Open late on Thursdays.', hashtags: ['#dental'] });
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    const [post] = meta().postsOf(page());
    expect(meta().postsOf(page())).toHaveLength(1);
    expect(post).toMatchObject({ text: 'Open late on Thursdays.\n\n#dental', media: [] });
    expect(post!.link).toBeUndefined();
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: post!.permalink });
  });

  it('shares the first https link of the text as the post’s link', async () => {
    const { client } = await userWithFacebookPage(server(), meta());
    const content = 'Our flossing guide is up: https://brightsmile.example/guide. And https://brightsmile.example/other';
    const postId = await scheduledPost(client, '2031-06-10', '09:00', { content, hashtags: [] });
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    expect(meta().postsOf(page())).toEqual([expect.objectContaining({ text: content, link: 'https://brightsmile.example/guide' })]);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: meta().postsOf(page())[0]!.permalink });
  });

  it('publishes one photo that Facebook fetches from its signed link, captioned with the text', async () => {
    const { client } = await userWithFacebookPage(server(), meta());
    const postId = await scheduledPost(client, '2031-06-10', '09:00', { content: 'Our new waiting room.', hashtags: [] });
    expect((await client.uploadMedia(postId, jpegOfSize(1200, 1000), 'room.jpg', 'image/jpeg')).status).toBe(201);
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    const [post] = meta().postsOf(page());
    expect(meta().postsOf(page())).toHaveLength(1);
    expect(post).toMatchObject({ text: 'Our new waiting room.', media: [{ kind: 'image', url: expect.stringContaining(`${server().url}/media-links/`) }] });
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: post!.permalink });
  });

  it('publishes several photos in one post, and a retry reuses the photos already uploaded', async () => {
    const { client } = await userWithFacebookPage(server(), meta());
    const postId = await scheduledPost(client, '2031-06-10', '09:00', { content: 'Before and after.', hashtags: [] });
    expect((await client.uploadMedia(postId, jpegOfSize(1200, 1000), 'before.jpg', 'image/jpeg')).status).toBe(201);
    expect((await client.uploadMedia(postId, TINY_PNG, 'after.png')).status).toBe(201);
    meta().fault({ path: `/${page()}/feed`, error: { code: 2, status: 500 } });
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled', reason: expect.stringContaining('temporary problem') });
    expect(meta().postsOf(page())).toHaveLength(0);

    await tickAt(server(), clock, '2031-06-10T09:01:00Z');
    const [post] = meta().postsOf(page());
    expect(meta().postsOf(page())).toHaveLength(1);
    expect(post).toMatchObject({ text: 'Before and after.', media: [{ kind: 'image' }, { kind: 'image' }] });
    expect(graphCalls().filter((call) => call === `POST /${page()}/photos`)).toHaveLength(2);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: post!.permalink });
  });

  it('publishes a video that Facebook fetches from its signed link, linking the video’s page', async () => {
    const { client } = await userWithFacebookPage(server(), meta());
    const postId = await scheduledPost(client, '2031-06-10', '09:00', { content: 'A tour of the clinic.', hashtags: [] });
    expect((await client.uploadMedia(postId, SAMPLE_MP4, 'tour.mp4', 'video/mp4')).status).toBe(201);
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    const [post] = meta().postsOf(page());
    expect(meta().postsOf(page())).toHaveLength(1);
    expect(post).toMatchObject({ text: 'A tour of the clinic.', media: [{ kind: 'video' }] });
    expect(post!.permalink).toMatch(/^https:\/\/www\.facebook\.com\/\d+\/videos\/\d+\/$/);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: post!.permalink });
  });

  it('reads the Page back after a lost answer and records the post published, posting it once', async () => {
    const { client } = await userWithFacebookPage(server(), meta());
    const postId = await scheduledPost(client, '2031-06-10', '10:00', { content: 'Closed on Monday for training.', hashtags: [] });
    meta().fault({ path: `/${page()}/feed`, hangUp: true });
    await tickAt(server(), clock, '2031-06-10T10:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled', reason: expect.stringContaining('looks for it on the Page') });
    expect(meta().postsOf(page())).toHaveLength(1);

    await tickAt(server(), clock, '2031-06-10T10:01:00Z');
    const [post] = meta().postsOf(page());
    expect(meta().postsOf(page())).toHaveLength(1);
    expect(graphCalls()).toContain(`GET /${page()}/published_posts`);
    expect(graphCalls().filter((call) => call === `POST /${page()}/feed`)).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: post!.permalink });
  });

  it('sends again when the read-back does not find the post, and says what to do when the Page cannot be read', async () => {
    const { client } = await userWithFacebookPage(server(), meta());
    const postId = await scheduledPost(client, '2031-06-10', '10:00', { content: 'Parking is free again.', hashtags: [] });
    meta().fault({ path: `/${page()}/feed`, error: { code: 2, status: 500 } });
    await tickAt(server(), clock, '2031-06-10T10:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled' });
    await tickAt(server(), clock, '2031-06-10T10:01:00Z');
    expect(graphCalls().filter((call) => call === `GET /${page()}/published_posts`)).toHaveLength(1);
    expect(meta().postsOf(page())).toEqual([expect.objectContaining({ text: 'Parking is free again.' })]);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });

    const unreadable = await scheduledPost(client, '2031-06-11', '10:00', { content: 'New X-ray machine.', hashtags: [] });
    meta().fault({ path: `/${page()}/feed`, hangUp: true }, { path: `/${page()}/published_posts`, error: { code: 100 } });
    await tickAt(server(), clock, '2031-06-11T10:00:00Z');
    await tickAt(server(), clock, '2031-06-11T10:01:00Z');
    expect(await deliveryOf(client, unreadable)).toMatchObject({
      status: 'unknown',
      reason: expect.stringContaining("Facebook did not show the Page's posts. Look at the Page: confirm the post if it is there, or retry."),
    });
  });

  it('fails the post with the reason when the token was revoked, marks the connection disconnected, and sends nothing more through it', async () => {
    const { client, connectionId } = await userWithFacebookPage(server(), meta());
    const first = await scheduledPost(client, '2031-06-10', '09:00', { content: 'Flu shots this week.', hashtags: [] });
    const second = await scheduledPost(client, '2031-06-11', '09:00', { content: 'Flu shots next week.', hashtags: [] });
    meta().revoke('facebook', 458);
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    const reason = 'Facebook no longer accepts this connection: the app’s access was removed from the account. Reconnect it in Settings → Connections.';
    expect(await deliveryOf(client, first)).toMatchObject({ status: 'failed', reason });
    const connections = await read(client.api.connections.$get());
    expect(connections.body.find((connection) => connection.id === connectionId)?.health).toMatchObject({ state: 'disconnected', reason });

    const calls = meta().received.length;
    await tickAt(server(), clock, '2031-06-11T09:00:00Z');
    expect(await deliveryOf(client, second)).toMatchObject({ status: 'failed', reason: expect.stringContaining('is disconnected') });
    expect(meta().received).toHaveLength(calls);
    expect(meta().postsOf(page())).toHaveLength(0);
  });

  it('rests the Page for the time Facebook names when it throttles, calls nothing meanwhile, then publishes', async () => {
    const { client } = await userWithFacebookPage(server(), meta());
    const first = await scheduledPost(client, '2031-06-10', '10:00', { content: 'Teeth whitening offer.', hashtags: [] });
    const second = await scheduledPost(client, '2031-06-10', '10:05', { content: 'Kids brush free on Saturday.', hashtags: [] });
    const usage = { [page()]: [{ type: 'pages', call_count: 100, total_time: 20, total_cputime: 10, estimated_time_to_regain_access: 10 }] };
    meta().fault({ path: `/${page()}/feed`, error: { code: 80001 }, headers: { 'x-business-use-case-usage': JSON.stringify(usage) } });
    await tickAt(server(), clock, '2031-06-10T10:00:00Z');
    expect(await deliveryOf(client, first)).toMatchObject({ status: 'scheduled', nextAttemptAt: '2031-06-10T10:10:00.000Z' });

    const calls = meta().received.length;
    await tickAt(server(), clock, '2031-06-10T10:05:00Z');
    expect(await deliveryOf(client, second)).toMatchObject({ status: 'scheduled', nextAttemptAt: '2031-06-10T10:10:00.000Z' });
    expect(meta().received).toHaveLength(calls);

    await tickAt(server(), clock, '2031-06-10T10:10:00Z');
    expect(await deliveryOf(client, first)).toMatchObject({ status: 'published' });
    expect(await deliveryOf(client, second)).toMatchObject({ status: 'published' });
    expect(
      meta()
        .postsOf(page())
        .map((post) => post.text)
        .sort(),
    ).toEqual(['Kids brush free on Saturday.', 'Teeth whitening offer.']);
  });
});
