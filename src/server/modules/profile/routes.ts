import { profileInputSchema } from '@shared/schemas/profile';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /profile: onboarding (complete or skip) and editing the profile in Settings. */
export function profileRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/', async (c) => c.json(await services.profile.get(c.var.user.id)))
    .put('/', validate('json', profileInputSchema), async (c) => c.json(await services.profile.complete(c.var.user.id, c.req.valid('json'))))
    .patch('/', validate('json', profileInputSchema), async (c) => c.json(await services.profile.update(c.var.user.id, c.req.valid('json'))))
    .post('/skip', async (c) => c.json(await services.profile.skip(c.var.user.id)));
}
