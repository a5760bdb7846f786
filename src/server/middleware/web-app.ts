import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

/**
 * Serves the built web app: hashed assets cached for a year, every other path gets index.html
 * (the client router decides what to show, including redirects by sign-in state).
 */
export function serveWebApp(webRoot: string): MiddlewareHandler {
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const assets = serveStatic({
    root: webRoot,
    precompressed: true,
    onFound: (filePath, c) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (c.req.path !== '/' && c.req.path !== '/index.html') {
      const found = await assets(c, async () => undefined);
      if (found) return found;
      if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  };
}
