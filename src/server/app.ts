import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { CLIENT_IP_HEADER } from './platform/auth';
import { clientAddress } from './middleware/client-address';
import type { AppDeps, AppEnv } from './context';
import { assertReachable } from './platform/db/database';
import { AppError } from './errors';
import { jsonBodyLimit } from './middleware/body-limit';
import { compression } from './middleware/compression';
import { errorResponse, handleError } from './middleware/errors';
import { requestLog } from './middleware/request-log';
import { sameOrigin } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { forgetSessions } from './middleware/session';
import { serveWebApp } from './middleware/web-app';
import { analyticsRoutes } from './modules/analytics/routes';
import { connectionRoutes } from './modules/publishing/connection-routes';
import { oauthRoutes } from './modules/publishing/oauth/oauth-routes';
import { deliveryRoutes } from './modules/publishing/delivery-routes';
import { mediaLinkRoutes } from './modules/publishing/media-link-routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { voiceRoutes } from './modules/voice/routes';
import { generationJobRoutes } from './modules/generation/routes';
import { holidayRoutes } from './modules/months/holiday-routes';
import { loginOptionsRoutes } from './modules/account/login-options-routes';
import { meRoutes } from './modules/account/me-routes';
import { mediaRoutes } from './modules/media/routes';
import { imageJobRoutes, imageRoutes, monthImageRoutes, postImageRoutes } from './modules/images/routes';
import { libraryRoutes, postLibraryRoutes } from './modules/media/library-routes';
import { monthRoutes } from './modules/months/month-routes';
import { postRoutes } from './modules/posts/routes';
import { profileRoutes } from './modules/profile/routes';
import { settingsRoutes } from './modules/account/settings-routes';
import { workspaceRoutes } from './modules/months/workspace-routes';
import { notificationRoutes, notificationSettingsRoutes, unsubscribeRoutes } from './modules/notifications/routes';
import { postReviewRoutes, reviewLinkMonthRoutes, reviewLinkRoutes } from './modules/review/planner-routes';
import { reviewerRoutes, reviewHeaders, reviewMediaRoutes } from './modules/review/reviewer-routes';

/** The typed API, mounted at /api. The web client imports only this type. */
function apiRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .route('/login-options', loginOptionsRoutes(deps))
      .route('/me', meRoutes(deps))
      .route('/profile', profileRoutes(deps))
      .route('/workspace', workspaceRoutes(deps))
      .route('/months', monthRoutes(deps))
      .route('/months', reviewLinkMonthRoutes(deps))
      .route('/generation-jobs', generationJobRoutes(deps))
      .route('/holidays', holidayRoutes(deps))
      .route('/posts', postRoutes(deps))
      .route('/posts', postReviewRoutes(deps))
      .route('/posts', postImageRoutes(deps))
      .route('/months', monthImageRoutes(deps))
      .route('/image-jobs', imageJobRoutes(deps))
      .route('/images', imageRoutes(deps))
      .route('/posts', postLibraryRoutes(deps))
      .route('/media', mediaRoutes(deps))
      .route('/library', libraryRoutes(deps))
      .route('/analytics', analyticsRoutes(deps))
      .route('/feedback', feedbackRoutes(deps))
      .route('/voice', voiceRoutes(deps))
      .route('/settings', settingsRoutes(deps))
      .route('/settings', notificationSettingsRoutes(deps))
      .route('/notifications', notificationRoutes(deps))
      .route('/connections', oauthRoutes(deps))
      .route('/connections', connectionRoutes(deps))
      .route('/deliveries', deliveryRoutes(deps))
      .route('/review-links', reviewLinkRoutes(deps))
      // The review page's API: no session, the token in the path is the credential (reviewer-routes.ts).
      .route('/review', reviewerRoutes(deps))
  );
}

export type AppType = ReturnType<typeof apiRoutes>;

/**
 * `/health` for load balancers: 200 while this instance can reach the database, 503 when it cannot.
 * Open to anyone and says nothing else (no version, no address).
 */
export function healthRoute(deps: Pick<AppDeps, 'database'>) {
  return new Hono().get('/health', async (c) => {
    try {
      await assertReachable(deps.database.db);
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(handleError(deps.log));
  // Sessions ended on any other instance (sign-out, password change, account deletion) are forgotten
  // here too; this instance's own message is skipped, as it forgot them already (a late echo would
  // only empty the cache again).
  const instance = randomUUID();
  deps.services.notifier.listen('planner_sessions', (from) => {
    if (from !== instance) forgetSessions(deps.auth);
  });
  app.route('/', healthRoute(deps));
  app.use(requestLog(deps.log));
  app.use(reviewHeaders());
  app.use(securityHeaders());
  app.use('/api/*', sameOrigin(deps.config.trustedOrigins));
  // Uploads carry their own, larger limit on their route (ownBodyLimit).
  app.use('/api/*', jsonBodyLimit());
  app.use('/api/*', compression());

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
      // The other instances forget theirs within moments (LISTEN/NOTIFY on PostgreSQL).
      await deps.services.notifier
        .publish('planner_sessions', instance)
        .catch((error: unknown) => deps.log.warn({ event: 'sessions.notify-failed', err: error }));
    }
  });

  app.route('/api', apiRoutes(deps));
  app.route('/media-links', mediaLinkRoutes(deps));
  app.route('/review-media', reviewMediaRoutes(deps));
  app.route('/unsubscribe', unsubscribeRoutes(deps));
  app.all('/api/*', (c) => errorResponse(c, new AppError('not_found', `No API route for ${c.req.method} ${c.req.path}.`)));
  if (deps.webRoot) app.use('*', serveWebApp(deps.webRoot));
  app.notFound((c) => errorResponse(c, new AppError('not_found', 'Not found.')));
  return app;
}
