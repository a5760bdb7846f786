import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../platform/logger';

/** One structured line per API request: method, path (no query string, it may hold ids), status, time. */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (!c.req.path.startsWith('/api/')) return;
    log.info({
      event: 'http.request',
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
