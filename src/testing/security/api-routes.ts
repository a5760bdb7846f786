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
