import type { AppDeps } from '../../context';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /analytics: the content mix across the user's months. */
export function analyticsRoutes(deps: AppDeps) {
  return protectedRoutes(deps).get('/', async (c) => c.json(await deps.services.analytics.get(c.var.user.id)));
}
