import { connectionCreateSchema, connectionIdParamSchema, connectionUpdateSchema } from '@shared/schemas/publishing';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /connections: where posts are published (never a secret or a full address in an answer but the signing secret, once). */
export function connectionRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/', async (c) => c.json(await services.connections.list(c.var.user.id)))
    .post('/', validate('json', connectionCreateSchema), async (c) => c.json(await services.connections.create(c.var.user.id, c.req.valid('json')), 201))
    .patch('/:connectionId', validate('param', connectionIdParamSchema), validate('json', connectionUpdateSchema), async (c) =>
      c.json(await services.connections.update(c.var.user.id, c.req.valid('param').connectionId, c.req.valid('json'))),
    )
    .delete('/:connectionId', validate('param', connectionIdParamSchema), async (c) =>
      c.json(await services.connections.remove(c.var.user.id, c.req.valid('param').connectionId)),
    )
    .post('/:connectionId/test', validate('param', connectionIdParamSchema), async (c) =>
      c.json(await services.connections.test(c.var.user.id, c.req.valid('param').connectionId)),
    );
}
