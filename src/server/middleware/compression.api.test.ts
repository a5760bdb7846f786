import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync, inflateSync } from 'node:zlib';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { onboardedClient, read } from '@testing/test-client';
import { startTestServer, type TestServer } from '@testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** A GET over plain node:http, which (unlike fetch) neither asks for nor undoes compression by itself. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

// The event streams stay uncompressed: generation-stream.api.test.ts reads keep-alive comments one by
// one through fetch, which asks for gzip, and a compressed stream would hold them back.
describe('compressed API answers', () => {
  it('sends a month gzip-compressed to a client that accepts it, and plain to one that does not', async () => {
    const client = await onboardedClient(server.url);
    const target = nextMonthTarget();
    await read(client.api.workspace.$get());
    for (let day = 1; day <= 8; day++)
      await addPost(client, { date: target.day(day), content: `A post about our opening hours and the new menu, number ${day}.` }, target);
    const url = `${server.url}/api/months/${target.targetId}`;

    const gzipped = await rawGet(url, { cookie: client.cookieHeader(), 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    const month = JSON.parse(gunzipSync(gzipped.body).toString('utf8')) as { posts: unknown[] };
    expect(month.posts).toHaveLength(8);

    const plain = await rawGet(url, { cookie: client.cookieHeader() });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(month);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);

    // A client that refuses gzip but takes deflate still gets its answer compressed, in deflate.
    const deflated = await rawGet(url, { cookie: client.cookieHeader(), 'accept-encoding': 'gzip;q=0, deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(inflateSync(deflated.body).toString('utf8'))).toEqual(month);
  });

  it('sends answers under 1 KB plain even to a client that accepts gzip, saying it varies by encoding', async () => {
    const client = await onboardedClient(server.url);
    const small = await rawGet(`${server.url}/api/workspace`, { cookie: client.cookieHeader(), 'accept-encoding': 'gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/accept-encoding/i);
    expect(small.headers['content-length']).toBe(String(small.body.length));
    expect(JSON.parse(small.body.toString('utf8'))).toMatchObject({ active: expect.any(Array) });
  });
});
