import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests sent by another site. Browsers send Origin (and Sec-Fetch-Site)
 * on every cross-origin POST/PUT/PATCH/DELETE; requests without them (curl, scripts) carry no
 * ambient cookies from a victim's browser and are let through to the session check.
 */
export function sameOrigin(trustedOrigins: string[]): MiddlewareHandler {
  const allowed = new Set(trustedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const foreignOrigin = origin !== undefined && origin !== 'null' && !allowed.has(origin);
    if (foreignOrigin || origin === 'null' || site === 'cross-site') {
      throw new AppError('forbidden', 'Cross-origin requests are not allowed.');
    }
    return next();
  };
}
