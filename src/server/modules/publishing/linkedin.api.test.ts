import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { linkedinUser, useLinkedIn } from '@testing/linkedin/use-linkedin';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { deliveryOf, scheduledPost, signedInConnection, tickAt } from '@testing/publishing-helpers';
import { createTestClock } from '@testing/test-clock';
import { read, type TestClient } from '@testing/test-client';
import { littleText } from './channels/linkedin';

const clock = createTestClock('2026-11-26T08:00:00Z');
const { server, linkedin } = useLinkedIn(clock);
/** What signing in as a member grants, and what a Page connection's token holds with the Community Management API. */
const MEMBER = ['openid', 'profile', 'w_member_social'];
const PAGE = [...MEMBER, 'w_organization_social', 'r_organization_social', 'rw_organization_admin'];
const sample = (label: string) => MEDIA_SAMPLES.find((item) => item.label === label)!;
const png = (width: number) =>
  sharp({ create: { width, height: 400, channels: 3, background: '#0a66c2' } })
    .png()
    .toBuffer();

/** A user with a LinkedIn connection as signing in leaves it: the member (or the Page) and a token granted `scopes`. */
async function userWithLinkedIn(author: 'member' | 'page' = 'member') {
  const client = await linkedinUser(server());
  const urn = author === 'member' ? linkedin().personUrn : linkedin().organizationUrn;
  const connectionId = await signedInConnection(server(), client.userId, {
    kind: 'linkedin',
    name: author === 'member' ? linkedin().accounts.member.name : linkedin().accounts.organization.name,
    accountId: urn,
    credentials: { author: urn, accessToken: linkedin().grant(author === 'member' ? MEMBER : PAGE) },
    networks: ['linkedin'],
  });
  return { client, connectionId, urn };
}

async function linkedinPost(client: TestClient, time: string, content: string, files: { bytes: Buffer; name: string; type: string }[] = []) {
  return scheduledPost(client, '2026-12-10', time, { content, hashtags: [] }, 'linkedin', files);
}

const publishedWith = (text: string) => linkedin().published.filter((post) => post.commentary === littleText(text));
const link = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

describe('LinkedIn', () => {
  it('checks the connection with Send test', async () => {
    const { client, connectionId } = await userWithLinkedIn();
    const tested = await read(client.api.connections[':connectionId'].test.$post({ param: { connectionId } }));
    expect(tested.body).toEqual({ ok: true, message: `Connected as ${linkedin().accounts.member.name}.` });
  });

  it('publishes a text post in the little format, its hashtags kept, and links it', async () => {
    const { client, urn } = await userWithLinkedIn();
    const text = 'Open late (till 8) on Thursdays: *no* appointment needed! #dental #smile_care';
    const postId = await linkedinPost(client, '09:00', text);
    await tickAt(server(), clock, '2026-12-10T09:00:00Z');
    const [post] = publishedWith(text);
    expect(post).toMatchObject({ author: urn, commentary: 'Open late \\(till 8\\) on Thursdays: \\*no\\* appointment needed! #dental #smile_care', media: [] });
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: link(post!.id) });
    const call = linkedin().received.find((entry) => entry.path === '/rest/posts' && entry.method === 'POST')!;
    expect(call.headers).toMatchObject({ 'linkedin-version': '202610', 'x-restli-protocol-version': '2.0.0' });
  });

  it('shares a text post’s first link as an article', async () => {
    const { client } = await userWithLinkedIn();
    const text = 'Our new opening hours: https://brightsmile.example/hours. See you soon.';
    await linkedinPost(client, '09:30', text);
    await tickAt(server(), clock, '2026-12-10T09:30:00Z');
    expect(publishedWith(text)).toEqual([expect.objectContaining({ article: 'https://brightsmile.example/hours', media: [] })]);
  });

  it('publishes one image, and several as a multi-image post, uploaded through the Images API', async () => {
    const { client } = await userWithLinkedIn();
    await linkedinPost(client, '10:00', 'The new waiting room.', [{ bytes: await png(600), name: 'room.png', type: 'image/png' }]);
    const files = [
      { bytes: await png(600), name: 'a.png', type: 'image/png' },
      { bytes: await png(700), name: 'b.png', type: 'image/png' },
      { bytes: sample('WebP').bytes, name: 'c.webp', type: 'image/webp' },
    ];
    const many = await linkedinPost(client, '10:30', 'Three views.', files);
    await tickAt(server(), clock, '2026-12-10T10:00:00Z');
    await tickAt(server(), clock, '2026-12-10T10:30:00Z');
    expect(publishedWith('The new waiting room.').map((post) => post.media.map((media) => media.kind))).toEqual([['image']]);
    expect(publishedWith('Three views.').map((post) => post.media.map((media) => media.kind))).toEqual([['image', 'image', 'image']]);
    expect(await deliveryOf(client, many)).toMatchObject({ status: 'published' });
  });

  it('publishes a video through the Videos API: initialized, its parts uploaded, finalized', async () => {
    const { client } = await userWithLinkedIn();
    const { bytes, name, type } = sample('MP4');
    const postId = await linkedinPost(client, '11:00', 'A minute in the clinic.', [{ bytes, name, type }]);
    await tickAt(server(), clock, '2026-12-10T11:00:00Z');
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published' });
    expect(publishedWith('A minute in the clinic.').map((post) => post.media.map((media) => media.kind))).toEqual([['video']]);
    expect(linkedin().received.filter((entry) => entry.params.action === 'finalizeUpload')).toHaveLength(1);
  });

  it('refuses, when it is scheduled, a video that is not an MP4', async () => {
    const { client } = await userWithLinkedIn();
    const created = await scheduledPost(client, '2026-12-11', '09:00', { content: 'Clip', hashtags: [] }, 'facebook');
    const webm = sample('WebM');
    expect((await client.uploadMedia(created, webm.bytes, webm.name, webm.type)).status).toBe(201);
    const refused = await read(client.api.posts[':postId'].schedule.$put({ param: { postId: created }, json: { platform: 'linkedin', time: '09:00' } }));
    expect(refused.body).toMatchObject({ error: { message: expect.stringContaining('The video is not an MP4, the kind LinkedIn publishes.') } });
  });

  it('after a lost answer, sends the same post again and takes LinkedIn’s duplicate refusal as the one post', async () => {
    const { client } = await userWithLinkedIn();
    const postId = await linkedinPost(client, '12:00', 'Answer lost, member.');
    linkedin().fault({ path: '/rest/posts', hangUp: true });
    await tickAt(server(), clock, '2026-12-10T12:00:00Z');
    const retrying = await deliveryOf(client, postId);
    expect(retrying).toMatchObject({ status: 'scheduled', reason: expect.stringContaining('no answer came') });
    await tickAt(server(), clock, retrying.nextAttemptAt);
    const published = publishedWith('Answer lost, member.');
    expect(published).toHaveLength(1);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: link(published[0]!.id) });
  });

  it('after a lost answer, finds a Page’s post among its posts and records it once', async () => {
    const { client, urn } = await userWithLinkedIn('page');
    const image = [{ bytes: await png(500), name: 'sign.png', type: 'image/png' }];
    const postId = await linkedinPost(client, '12:30', 'Answer lost, Page.', image);
    linkedin().fault({ path: '/rest/posts', hangUp: true });
    await tickAt(server(), clock, '2026-12-10T12:30:00Z');
    const before = linkedin().received.filter((entry) => entry.path === '/rest/posts' && entry.method === 'POST').length;
    await tickAt(server(), clock, (await deliveryOf(client, postId)).nextAttemptAt);
    const published = publishedWith('Answer lost, Page.');
    expect(published).toEqual([expect.objectContaining({ author: urn })]);
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'published', liveUrl: link(published[0]!.id) });
    // Found by reading the Page's posts: nothing was sent again, and the image was uploaded once.
    expect(linkedin().received.filter((entry) => entry.path === '/rest/posts' && entry.method === 'POST').length).toBe(before);
    expect(linkedin().received.filter((entry) => entry.params.action === 'initializeUpload' && JSON.stringify(entry.json).includes(urn))).toHaveLength(1);
  });
});

describe('LinkedIn refusals in words', () => {
  it('an expired sign-in (401) fails the post and disconnects the connection', async () => {
    const { client, connectionId } = await userWithLinkedIn();
    const postId = await linkedinPost(client, '13:00', 'Expired.');
    linkedin().fault({
      path: '/rest/posts',
      error: { status: 401, code: 'EXPIRED_ACCESS_TOKEN', serviceErrorCode: 65602, message: 'The token used in the request has expired' },
    });
    await tickAt(server(), clock, '2026-12-10T13:00:00Z');
    const reason = 'LinkedIn no longer accepts this connection: its sign-in expired (LinkedIn sign-ins last 60 days). Reconnect it in Settings → Connections.';
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'failed', reason });
    const connection = (await read(client.api.connections.$get())).body.find((entry) => entry.id === connectionId)!;
    expect(connection.health).toMatchObject({ state: 'disconnected', reason });
  });

  it('a missing permission (403) fails the post saying what to do', async () => {
    const { client } = await userWithLinkedIn();
    const postId = await linkedinPost(client, '13:30', 'Not allowed.');
    linkedin().fault({
      path: '/rest/posts',
      error: { status: 403, code: 'ACCESS_DENIED', serviceErrorCode: 100, message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE' },
    });
    await tickAt(server(), clock, '2026-12-10T13:30:00Z');
    expect((await deliveryOf(client, postId)).reason).toBe(
      'LinkedIn refused: the connection lacks a permission it needs to publish (ACCESS_DENIED). For a Page, the person who connected it must still be one of its admins. Reconnect it in Settings → Connections.',
    );
  });

  it('a duplicate (422) of a post already on the account fails with what to change', async () => {
    const { client } = await userWithLinkedIn();
    const first = await linkedinPost(client, '14:00', 'Same words twice.');
    await tickAt(server(), clock, '2026-12-10T14:00:00Z');
    expect((await deliveryOf(client, first)).status).toBe('published');
    const second = await scheduledPost(client, '2026-12-11', '14:00', { content: 'Same words twice.', hashtags: [] }, 'linkedin');
    await tickAt(server(), clock, '2026-12-11T14:00:00Z');
    expect(await deliveryOf(client, second)).toMatchObject({
      status: 'failed',
      reason: 'LinkedIn refused it as a duplicate of a post already on the account. Change the text, then retry.',
    });
    expect(publishedWith('Same words twice.')).toHaveLength(1);
  });

  it('a daily limit (429) waits for midnight UTC in one step, without calling LinkedIn till then, and then posts once', async () => {
    const { client } = await userWithLinkedIn();
    const postId = await linkedinPost(client, '15:00', 'Throttled.');
    const other = await linkedinPost(client, '16:00', 'While resting.');
    linkedin().fault({ path: '/rest/posts', error: { status: 429 } });
    await tickAt(server(), clock, '2026-12-10T15:00:00Z');
    const limited = 'LinkedIn says this account reached its daily limit of requests; it will be sent when the limit resets (midnight UTC).';
    // Any attempt before the reset would be refused again: the next one is at midnight, not within the hour.
    expect(await deliveryOf(client, postId)).toMatchObject({ status: 'scheduled', nextAttemptAt: '2026-12-11T00:00:00.000Z', reason: limited });
    const sent = linkedin().received.length;
    await tickAt(server(), clock, '2026-12-10T16:00:00Z');
    expect(linkedin().received.length).toBe(sent);
    expect(await deliveryOf(client, other)).toMatchObject({
      status: 'scheduled',
      nextAttemptAt: '2026-12-11T00:00:00.000Z',
      reason: expect.stringContaining('asked us to slow down for this account'),
    });
    await tickAt(server(), clock, '2026-12-11T00:00:00Z');
    for (const id of [postId, other]) expect(await deliveryOf(client, id)).toMatchObject({ status: 'published' });
    expect(publishedWith('Throttled.')).toHaveLength(1);
    expect(publishedWith('While resting.')).toHaveLength(1);
  });
});
