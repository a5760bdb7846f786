import { beforeEach, describe, expect, it } from 'vitest';
import { createTestClock } from '@testing/test-clock';
import { errorOf, read } from '@testing/test-client';
import { scheduledPost, tickAt, userWithFacebookPage } from '@testing/publishing-helpers';
import { useMetaPublishing } from '@testing/use-publishing';

/** Settings → Your voice reads a connected Facebook Page's own posts (GET /{page-id}/posts) from the Meta stand-in. */
const clock = createTestClock('2031-05-20T08:00:00Z');
const { server, meta } = useMetaPublishing(clock);

beforeEach(() => {
  meta().published.splice(0);
  meta().received.splice(0);
});

describe('voice examples from a Facebook Page', () => {
  it('reads the Page’s posts with words, newest first, once each, through the Page token', async () => {
    const { client, connectionId, pageId } = await userWithFacebookPage(server(), meta());
    await scheduledPost(client, '2031-06-10', '09:00', { content: 'Open late on Thursdays.', hashtags: ['#dental'] });
    await scheduledPost(client, '2031-06-11', '09:00', { content: 'Meet Dr. Ana, our new hygienist 🦷', hashtags: [] });
    await tickAt(server(), clock, '2031-06-10T09:00:00Z');
    await tickAt(server(), clock, '2031-06-11T09:00:00Z');
    // A photo posted on Facebook without a caption has no words to learn from.
    meta().published.push({
      network: 'facebook',
      accountId: pageId,
      id: `${pageId}_9`,
      text: '',
      media: [],
      permalink: 'https://www.facebook.com/x',
      createdAt: clock.now(),
    });
    meta().received.splice(0);

    const first = await read(client.api.voice.read.$post({ json: { connectionId } }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.examples.map((example) => [example.text, example.source, example.network, example.publishedAt])).toEqual([
      ['Meet Dr. Ana, our new hygienist 🦷', 'facebook', 'facebook', '2031-06-11T09:00:00.000Z'],
      ['Open late on Thursdays.\n\n#dental', 'facebook', 'facebook', '2031-06-10T09:00:00.000Z'],
    ]);
    const [call] = meta().received.filter((received) => received.host === 'graph');
    expect(call).toMatchObject({ method: 'GET', path: expect.stringMatching(new RegExp(`^/v\\d+\\.\\d+/${pageId}/posts$`)) });

    expect((await read(client.api.voice.read.$post({ json: { connectionId } }))).body).toMatchObject({ added: 0, duplicates: 2 });
  });

  it('says the Page could not be read, and adds nothing, when its token lacks pages_read_engagement or was revoked', async () => {
    const { client, connectionId } = await userWithFacebookPage(server(), meta(), ['facebook'], ['pages_show_list', 'pages_manage_posts']);
    const refused = await read(client.api.voice.read.$post({ json: { connectionId } }));
    expect(refused.status).toBe(503);
    expect(errorOf(refused)).toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/^Could not read the posts of this Facebook account: Facebook answered with code 200\./),
    });

    const granted = await userWithFacebookPage(server(), meta());
    meta().revoke('facebook');
    const revoked = await read(granted.client.api.voice.read.$post({ json: { connectionId: granted.connectionId } }));
    expect(revoked.status).toBe(503);
    expect(errorOf(revoked).message).toContain('code 190');
    expect((await read(granted.client.api.voice.$get())).body.examples).toEqual([]);
  });
});
