import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const gzipAsync = promisify(gzip);
/** As hono's compress: smaller answers are not worth compressing. */
const THRESHOLD = 1024;

/** Whether the client takes gzip: named with a q above 0, or through `*` (as hono's compress decides). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name === 'gzip') return q > 0;
    if (name === '*') wildcard = q;
  }
  return wildcard > 0;
}

/**
 * Gzips JSON answers with node:zlib, on libuv's thread pool, before hono's `compress` (mounted
 * outside this one) would: its CompressionStream costs about 0.3 ms of main-thread CPU for a month's
 * 26 KB, zlib about a fifth of that and off the event loop. Anything else (event streams, files,
 * clients without gzip) is left to `compress` as before; it skips what this encoded, and answers under
 * 1 KB, which go plain.
 */
export function jsonGzip(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (!/^application\/json\b/i.test(type) || !res.body || c.req.method === 'HEAD' || res.status === 206) return;
    if (res.headers.has('Content-Encoding') || /no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;
    const body = Buffer.from(await res.arrayBuffer());
    // Read once, the answer goes on from its bytes; a small one stays plain, its length said so
    // that compress skips it too (it compresses any answer of unknown length).
    // Headers are set after the swap: Hono copies the previous answer's onto the new one.
    const small = body.length < THRESHOLD;
    c.res = new Response(small ? body : await gzipAsync(body), res);
    const vary = c.res.headers.get('Vary');
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ''))
      c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (small) {
      c.res.headers.set('Content-Length', String(body.length));
      return;
    }
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', 'gzip');
  };
}
