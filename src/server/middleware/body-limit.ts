import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { AppError } from '../errors';

/** JSON bodies are small; a route that takes a larger body declares its own limit with `ownBodyLimit`. */
export const JSON_BODY_LIMIT = 256 * 1024;
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The middlewares made by `ownBodyLimit`: a request whose route holds one skips the JSON limit. */
const ownLimits = new WeakSet<MiddlewareHandler>();

/**
 * For a route that reads its body itself (an upload streamed to disk, which enforces `maxBytes` while
 * reading): a declared length past `maxBytes` is refused before reading, and the JSON limit stays off.
 */
export function ownBodyLimit(maxBytes: number, tooLarge: () => AppError): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (c, next) => {
    if (Number(c.req.header('content-length') ?? 0) > maxBytes) throw tooLarge();
    await next();
  };
  ownLimits.add(middleware);
  return middleware;
}

/** JSON_BODY_LIMIT on every request, except those routed to a handler with its own limit. */
export function jsonBodyLimit(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError('payload_too_large', `Request body is too large (the limit is ${JSON_BODY_LIMIT / 1024} KB).`);
    },
  });
  // Requests without a body skip the check: merely asking for the body makes the Node adapter build a
  // full Request, a tenth of a millisecond.
  return (c, next) => (BODYLESS_METHODS.has(c.req.method) || matchedRoutes(c).some((route) => ownLimits.has(route.handler)) ? next() : limit(c, next));
}
