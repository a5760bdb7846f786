export interface ApiRoute {
  method: string;
  path: string;
}

/** Every concrete /api route of the app (auth's catch-all and middleware entries left out). */
export function listApiRoutes(app: { routes: { method: string; path: string }[] }): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.path.startsWith('/api/auth/') || route.path.endsWith('*')) continue;
    if (route.method === 'ALL') continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** Routes open to anyone by design, each reviewed: what the login page offers (no session exists yet there). */
export const OPEN_ROUTES = new Set(['GET /api/login-options']);

export const routeKey = (route: ApiRoute) => `${route.method} ${route.path}`;

/**
 * Routes open without a session by design, each reviewed: the review page's API (issue 29), for someone
 * without an account; the token in the path is the credential. route-rules.api.test.ts checks that
 * every /api/review/ route is listed here and answers a guessed token without a session with 404
 * review_link_invalid; review-links.api.test.ts sweeps them with a foreign, revoked, expired and guessed
 * token. The sweeps made for signed-in callers (tenant isolation, archived months, stale versions)
 * leave them to those two files.
 */
export const REVIEWER_ROUTES = new Set(['GET /api/review/:token', 'POST /api/review/:token/posts/:postId', 'POST /api/review/:token/approve-rest']);
export const isReviewerRoute = (route: ApiRoute) => REVIEWER_ROUTES.has(routeKey(route));
