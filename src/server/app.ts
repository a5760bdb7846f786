import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CLIENT_IP_HEADER } from './auth';
import { clientAddress } from './client-address';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './errors';
import { errorResponse, handleError } from './middleware/errors';
import { requestLog } from './middleware/request-log';
import { sameOrigin } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { forgetSessions } from './middleware/session';
import { serveWebApp } from './middleware/web-app';
import { generationJobRoutes, holidayRoutes } from './routes/generation';
import { analyticsRoutes, feedbackRoutes, settingsRoutes } from './routes/insights';
import { monthRoutes, workspaceRoutes } from './routes/months';
import { mediaRoutes } from './routes/media';
import { postRoutes } from './routes/posts';
import { meRoutes, profileRoutes } from './routes/profile';

/** JSON bodies are small; media uploads get their own, larger limit on their route. */
export const JSON_BODY_LIMIT = 256 * 1024;
const UPLOAD_PATH = /^\/api\/posts\/[^/]+\/media$/;
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The typed API, mounted at /api. The web client imports only this type. */
function apiRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/me', meRoutes(deps))
    .route('/profile', profileRoutes(deps))
    .route('/workspace', workspaceRoutes(deps))
    .route('/months', monthRoutes(deps))
    .route('/generation-jobs', generationJobRoutes(deps))
    .route('/holidays', holidayRoutes(deps))
    .route('/posts', postRoutes(deps))
    .route('/media', mediaRoutes(deps))
    .route('/analytics', analyticsRoutes(deps))
    .route('/feedback', feedbackRoutes(deps))
    .route('/settings', settingsRoutes(deps));
}

export type AppType = ReturnType<typeof apiRoutes>;

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(handleError(deps.log));
  app.use(requestLog(deps.log));
  app.use(securityHeaders());
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError('payload_too_large', `Request body is too large (the limit is ${JSON_BODY_LIMIT / 1024} KB).`);
    },
  });
  app.use('/api/*', sameOrigin(deps.config.trustedOrigins));
  // Uploads carry their own, larger limit on their route. Requests without a body skip the check:
  // merely asking for the body makes the Node adapter build a full Request, a tenth of a millisecond.
  app.use('/api/*', (c, next) =>
    BODYLESS_METHODS.has(c.req.method) || (c.req.method === 'POST' && UPLOAD_PATH.test(c.req.path)) ? next() : jsonBodyLimit(c, next),
  );

  // better-auth reads the client address from one header that only this middleware sets: the
  // socket address, or what trusted proxies (TRUST_PROXY) put in X-Forwarded-For. Anything here may
  // start or end sessions, so the session checks cached by requireSession are forgotten before and
  // after it.
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    const client = clientAddress(getConnInfo(c).remote.address, c.req.header('x-forwarded-for'), deps.config.trustProxy);
    headers.set(CLIENT_IP_HEADER, client ?? 'unknown');
    forgetSessions(deps.auth);
    try {
      return await deps.auth.handler(new Request(c.req.raw, { headers }));
    } finally {
      forgetSessions(deps.auth);
    }
  });

  app.route('/api', apiRoutes(deps));
  app.all('/api/*', (c) => errorResponse(c, new AppError('not_found', `No API route for ${c.req.method} ${c.req.path}.`)));
  if (deps.webRoot) app.use('*', serveWebApp(deps.webRoot));
  app.notFound((c) => errorResponse(c, new AppError('not_found', 'Not found.')));
  return app;
}

