import { gunzipSync, inflateSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compression } from './compression';

// As serve() does: the adapter's light Response takes the place of the global one.
getRequestListener(() => new Response(null));

/**
 * Whether the adapter can write this answer straight from its text or bytes (its
 * `isImmediateCacheableResponse`): a light Response holding `[status, body, headers]`, the body a
 * string or bytes, not a stream it must read back.
 */
function writtenAsIs(res: Response): boolean {
  const key = Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const cache: unknown = key && (res as unknown as Record<symbol, unknown>)[key];
  return Array.isArray(cache) && (typeof cache[1] === 'string' || cache[1] instanceof Uint8Array);
}

const big = { posts: Array.from({ length: 200 }, (_, index) => ({ id: `post-${index}`, content: 'A post about our opening hours.' })) };
const app = new Hono()
  .use(compression())
  .get('/big', (c) => c.json(big))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/csv', (c) => c.body('a,b\n'.repeat(1000), 200, { 'Content-Type': 'text/csv' }));

describe('compression', () => {
  it('leaves JSON to a client that does not ask for compression as its text, saying it varies by encoding', async () => {
    const res = await app.request('/big');
    expect(writtenAsIs(res)).toBe(true);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.json()).toEqual(big);
  });

  it('gzips JSON into bytes the adapter writes as they are', async () => {
    const res = await app.request('/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(writtenAsIs(res)).toBe(true);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(big);
  });

  it('sends JSON under 1 KB plain, as its text, to a client that takes gzip', async () => {
    const res = await app.request('/small', { headers: { 'accept-encoding': 'gzip' } });
    expect(writtenAsIs(res)).toBe(true);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('still compresses JSON in deflate for a client that refuses gzip, and other text', async () => {
    const deflated = await app.request('/big', { headers: { 'accept-encoding': 'gzip;q=0, deflate' } });
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString('utf8'))).toEqual(big);
    const csv = await app.request('/csv', { headers: { 'accept-encoding': 'gzip' } });
    expect(csv.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await csv.arrayBuffer())).toString('utf8')).toBe('a,b\n'.repeat(1000));
  });
});
