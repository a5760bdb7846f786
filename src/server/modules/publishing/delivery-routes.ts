import { deliveryListQuerySchema } from '@shared/schemas/publishing';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /deliveries: where the user's scheduled posts stand (all, or one month's), and those at risk. */
export function deliveryRoutes(deps: AppDeps) {
  const { services } = deps;
  return (
    protectedRoutes(deps)
      .get('/', validate('query', deliveryListQuerySchema), async (c) => c.json(await services.deliveries.list(c.var.user.id, c.req.valid('query').monthId)))
      // Scheduled posts whose connection will not send them: the dashboard's 'Needs attention'.
      .get('/at-risk', async (c) => c.json(await services.deliveries.atRisk(c.var.user.id)))
  );
}
