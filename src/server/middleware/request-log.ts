import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../platform/logger';

/** The review API's paths carry the link's token (a credential): logs show `:token` in its place. */
const REVIEW_TOKEN_PATH = /^\/api\/review\/[^/]+/;

/** A request's path as logs may show it. */
export const loggedPath = (path: string) => path.replace(REVIEW_TOKEN_PATH, '/api/review/:token');

/** One structured line per API request: method, path (no query string, it may hold ids; no review token), status, time. */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (!c.req.path.startsWith('/api/')) return;
    log.info({
      event: 'http.request',
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
