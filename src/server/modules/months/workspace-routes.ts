import { timeZoneSchema } from '@shared/schemas/month';
import { planMonthSchema } from '@shared/schemas/post-actions';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /workspace: the user's months, the dashboard and their time zone. */
export function workspaceRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/', async (c) => c.json(await services.months.workspace(c.var.user.id)))
    .get('/overview', async (c) => c.json(await services.months.overview(c.var.user.id)))
    .post('/months', validate('json', planMonthSchema), async (c) => c.json(await services.months.plan(c.var.user.id, c.req.valid('json').id), 201))
    .put('/time-zone', validate('json', timeZoneSchema), async (c) =>
      c.json({ timeZone: await services.months.setTimeZone(c.var.user.id, c.req.valid('json').timeZone) }),
    );
}
