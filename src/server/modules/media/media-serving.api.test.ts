import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, dayOfMonth, monthId, nextMonth } from '@shared/domain/months';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { onboardedClient, type TestClient, read } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

const target = nextMonth(currentMonth(new Date(), 'UTC'));
const mp4 = MEDIA_SAMPLES.find((sample) => sample.extension === 'mp4')!;
// A video of a useful size: the sample's header followed by 200 000 bytes of "frames".
const video = Buffer.concat([mp4.bytes, randomBytes(200_000)]);
const size = video.length;

describe('serving media in byte ranges (video players, Safari and iOS)', () => {
  let server: TestServer;
  let owner: TestClient;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await onboardedClient(server.url);
    await read(owner.api.workspace.$get());
    const post = (
      await read(
        owner.api.months[':id'].posts.$post({
          param: { id: monthId(target) },
          json: {
            mode: 'manual',
            date: dayOfMonth(target, 9),
            platform: 'instagram',
            type: 'video',
            content: 'A tour of the clinic.',
          },
        }),
      )
    ).body;
    url = (await owner.uploadMedia(post.id, video, 'tour.mp4', 'video/mp4')).body.media[0]!.url;
  });
  afterAll(async () => server.close());

  const get = (headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${server.url}${url}`, { method, headers: { cookie: owner.cookieHeader(), ...headers } });
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it('serves the whole file with Accept-Ranges when no range is asked for', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-length')).toBe(String(size));
    expect((await bytesOf(response)).equals(video)).toBe(true);
  });

  it.each([
    ['the first two bytes (Safari’s probe)', 'bytes=0-1', 0, 1],
    ['a middle range', 'bytes=1000-1999', 1000, 1999],
    ['an open range to the end', 'bytes=150000-', 150_000, size - 1],
    ['the last 500 bytes (suffix range)', 'bytes=-500', size - 500, size - 1],
    ['a range past the end, cut at the end', 'bytes=199000-999999999', 199_000, size - 1],
    ['a suffix longer than the file: all of it', `bytes=-${size + 10}`, 0, size - 1],
  ])('answers %s with 206, Content-Range and exactly those bytes', async (_label, range, start, end) => {
    const response = await get({ range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect((await bytesOf(response)).equals(video.subarray(start, end + 1))).toBe(true);
  });

  it.each([`bytes=${size}-`, `bytes=${size + 100}-${size + 200}`, 'bytes=-0'])(
    'answers the unsatisfiable %s with 416, the file size and the one error shape',
    async (range) => {
      const response = await get({ range });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(await response.json()).toEqual({
        error: { code: 'range_not_satisfiable', message: `The file has ${size} bytes; the requested range is outside it.` },
      });
    },
  );

  it.each(['bytes=0-1,5-6', 'bytes=x-y', 'items=0-1', 'bytes=500-100'])('serves the whole file for a range it does not take (%s)', async (range) => {
    const response = await get({ range });
    expect(response.status).toBe(200);
    expect((await bytesOf(response)).equals(video)).toBe(true);
  });

  it('answers HEAD with the headers of GET and no body, with and without a range', async () => {
    const whole = await get({}, 'HEAD');
    expect(whole.status).toBe(200);
    expect(Object.fromEntries(['accept-ranges', 'content-length', 'content-type'].map((name) => [name, whole.headers.get(name)]))).toEqual({
      'accept-ranges': 'bytes',
      'content-length': String(size),
      'content-type': 'video/mp4',
    });
    expect((await bytesOf(whole)).length).toBe(0);
    const part = await get({ range: 'bytes=10-19' }, 'HEAD');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
    expect(part.headers.get('content-length')).toBe('10');
    expect((await bytesOf(part)).length).toBe(0);
  });

  it('gives another user no range of the file either', async () => {
    const stranger = await onboardedClient(server.url);
    const response = await fetch(`${server.url}${url}`, { headers: { cookie: stranger.cookieHeader(), range: 'bytes=0-1' } });
    expect(response.status).toBe(404);
  });
});
