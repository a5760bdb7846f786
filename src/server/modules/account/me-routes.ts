import type { AppDeps } from '../../context';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /me: the signed-in user and their profile. */
export function meRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps).get('/', async (c) => c.json({ user: c.var.user, profile: await services.profile.get(c.var.user.id) }));
}
