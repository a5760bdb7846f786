import { profileInputSchema } from '../../shared/schemas/profile';
import type { AppDeps } from '../context';
import { validate } from '../validation';
import { protectedRoutes } from './protected';

export function profileRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/', async (c) => c.json(await services.profile.get(c.var.user.id)))
    .put('/', validate('json', profileInputSchema), async (c) =>
      c.json(await services.profile.complete(c.var.user.id, c.req.valid('json'))),
    )
    .patch('/', validate('json', profileInputSchema), async (c) => c.json(await services.profile.update(c.var.user.id, c.req.valid('json'))))
    .post('/skip', async (c) => c.json(await services.profile.skip(c.var.user.id)));
}

export function meRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps).get('/', async (c) => {
    const user = c.var.user;
    return c.json({ user, profile: await services.profile.get(user.id) });
  });
}
