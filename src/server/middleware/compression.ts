import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const gzipAsync = promisify(gzip);
/** As hono's compress: smaller answers are not worth compressing. */
const THRESHOLD = 1024;
const JSON_TYPE = /^application\/json\b/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether the client takes gzip: named with a q above 0, or through `*` (as hono's compress decides). */
function acceptsGzip(header: string): boolean {
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
 * The text of an answer made from a string (`c.json`, `c.body`), read without building its web
 * Response. @hono/node-server answers with a light Response that keeps `[status, body, headers]` under
 * a symbol named `cache` and writes a string body straight to the socket; asking for `body` (or
 * `bodyUsed`, or setting `c.res`) turns it into a real Response whose stream the adapter must then
 * read back, about a tenth of a millisecond per answer. Anything else reads as undefined.
 */
function stringBody(res: Response): string | undefined {
  const key = Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const cache: unknown = key && (res as unknown as Record<symbol, unknown>)[key];
  return Array.isArray(cache) && typeof cache[1] === 'string' ? cache[1] : undefined;
}

/** Swaps the answer for one with these bytes and the same status and headers, keeping it light. */
function replaceBody(c: Context, bytes: Uint8Array<ArrayBuffer>, res: Response): void {
  const next = new Response(bytes, res);
  // Setting c.res over an answer rebuilds the new one from its body stream (hono's Context); from
  // undefined it is taken as it is.
  c.res = undefined;
  c.res = next;
}

/**
 * Compression of /api answers. JSON is gzipped with node:zlib on libuv's thread pool (hono's
 * `compress` pipes it through a CompressionStream: about 0.3 ms of main-thread CPU for a month's 26 KB,
 * zlib a fifth of that and off the event loop); under 1 KB it goes plain. Either way the answer stays
 * a light Response (see stringBody) and says it varies by Accept-Encoding. Everything else (event
 * streams, files, JSON to a client that takes only deflate) goes through hono's `compress` as before.
 */
export function compression(): MiddlewareHandler {
  const others = compress();
  const settled = () => Promise.resolve();
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return others(c, settled);
    if (c.req.method === 'HEAD' || res.status === 206 || res.status === 204 || res.status === 304) return;
    if (res.headers.has('Content-Encoding') || /no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const accepted = c.req.header('Accept-Encoding');
    if (accepted && !acceptsGzip(accepted)) return others(c, settled);
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !VARIES_BY_ENCODING.test(vary ?? '')) res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (!accepted) return;
    const text = stringBody(res);
    if (text !== undefined && Buffer.byteLength(text) < THRESHOLD) return;
    const body = text !== undefined ? Buffer.from(text) : Buffer.from(await res.arrayBuffer());
    if (body.length < THRESHOLD) {
      // Read once, it goes on from its bytes, with its length.
      replaceBody(c, body, res);
      c.res.headers.set('Content-Length', String(body.length));
      return;
    }
    replaceBody(c, await gzipAsync(body), res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', 'gzip');
  };
}
