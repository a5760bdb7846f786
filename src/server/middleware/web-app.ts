import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { monthId, parseMonthId } from '@shared/domain/months';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; anything bigger than the limit is served as it is. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
const COMPRESS_MAX_BYTES = 10 * 1024 * 1024;

interface Compressed {
  type: string;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

const own = (buffer: Buffer): Uint8Array<ArrayBuffer> =>
  new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? listFiles(full) : entry.isFile() ? [full] : [];
  });
}

/**
 * Compresses the built app's text files once, in the background (zlib's thread pool), into memory:
 * the JavaScript is about four times smaller, which is most of a first visit on a slow connection.
 * Until a file is ready it is served uncompressed.
 */
function precompress(webRoot: string, into: Map<string, Compressed>): void {
  let files: string[];
  try {
    files = listFiles(webRoot).filter((file) => COMPRESSIBLE.test(file) && statSync(file).size <= COMPRESS_MAX_BYTES);
  } catch {
    return;
  }
  for (const file of files) {
    const bytes = readFileSync(file);
    const urlPath = `/${path.relative(webRoot, file).split(path.sep).join('/')}`;
    // Brotli at quality 9: within a few per cent of 11 at a tenth of the time.
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    };
    void Promise.all([brotli(bytes, { params }), gzipAsync(bytes, { level: 9 })])
      .then(([br, gz]) => into.set(urlPath, { type: getMimeType(file) ?? 'application/octet-stream', br: own(br), gzip: own(gz) }))
      .catch(() => undefined);
  }
}

/** 'br', 'gzip' or undefined, from Accept-Encoding (a q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*') ?? 0;
  const weight = (name: string) => accepted.get(name) ?? wildcard;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/** A page's lazy chunks and their CSS, or its own document, as the build lists them (scripts/route-preloads.ts writes the file). */
interface RoutePreload {
  path: string;
  prefix?: boolean;
  document?: string;
  scripts: string[];
  styles: string[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The HTML for each page: its own document where it has one (the login page), otherwise index.html with
 * the route's chunks as `<link rel="modulepreload">` (and their CSS), so the browser fetches them beside
 * the entry rather than after the entry has run and asked for them. Without the build's list (an older
 * build, a test folder) every page gets the plain index.html.
 */
function pageHtml(webRoot: string, indexHtml: string): (urlPath: string) => string {
  const file = path.join(webRoot, '.vite/route-preloads.json');
  const routes = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]) : [];
  const pages = routes.map((route) => {
    if (route.document) return { route, html: readFileSync(path.join(webRoot, route.document), 'utf8') };
    const links = [
      ...route.styles.map((style) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(style)}">`),
      ...route.scripts.map((script) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(script)}">`),
    ];
    return { route, html: indexHtml.replace('</head>', `${links.join('\n    ')}\n  </head>`) };
  });
  return (urlPath) => {
    const page = pages.find(({ route }) => (route.prefix ? urlPath.startsWith(route.path) : urlPath === route.path));
    if (page?.route.document) return page.html;
    const reads = appReads(urlPath).map((read) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(read)}">`);
    return (page?.html ?? indexHtml).replace('</head>', `${reads.join('\n    ')}\n  </head>`);
  };
}

/**
 * The API reads the app's router starts before it renders a page (its loaders, src/web/app/router.tsx),
 * preloaded from the HTML so they download beside the scripts instead of after them. The URLs are the
 * ones the app's client asks for, byte for byte, or the browser would fetch twice (a browser test checks).
 */
function appReads(urlPath: string): string[] {
  // The review page is for someone without an account: it reads only its own API, never the planner's.
  if (urlPath.startsWith('/review/')) return [];
  const reads = ['/api/me'];
  const month = /^\/month\/([^/]+)$/.exec(urlPath);
  const ref = month ? parseMonthId(month[1]!) : null;
  if (ref) reads.push(`/api/months/${monthId(ref)}`, `/api/deliveries?monthId=${monthId(ref)}`);
  return reads;
}

/**
 * Serves the built web app: hashed assets cached for a year; every other path gets the login document
 * (/login) or index.html (the client router decides what to show, including redirects by sign-in
 * state) with the modulepreload links of the page's route and preloads of its first reads. Text files
 * are sent brotli- or gzip-compressed when the browser accepts it.
 */
export function serveWebApp(webRoot: string): MiddlewareHandler {
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const htmlFor = pageHtml(webRoot, indexHtml);
  const compressed = new Map<string, Compressed>();
  precompress(webRoot, compressed);
  const isAsset = (urlPath: string) => urlPath.startsWith('/assets/');
  // serveStatic builds its answer before its onFound hook runs, so the cache header is set on the answer.
  const assets = serveStatic({ root: webRoot, precompressed: true });
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (c.req.path !== '/' && c.req.path !== '/index.html') {
      const ready = compressed.get(c.req.path);
      const encoding = ready && !c.req.header('range') ? pickEncoding(c.req.header('accept-encoding')) : undefined;
      if (ready && encoding) {
        const body = encoding === 'br' ? ready.br : ready.gzip;
        c.header('Content-Type', ready.type);
        c.header('Content-Encoding', encoding);
        c.header('Vary', 'Accept-Encoding');
        if (isAsset(c.req.path)) c.header('Cache-Control', 'public, max-age=31536000, immutable');
        return c.body(body);
      }
      const found = await assets(c, async () => undefined);
      if (found) {
        if (isAsset(c.req.path)) found.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
        return found;
      }
      if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(htmlFor(c.req.path));
  };
}
