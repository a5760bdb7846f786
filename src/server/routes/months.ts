import { monthIdParamSchema, timeZoneSchema, type Overview } from '../../shared/schemas/month';
import { newPostSchema } from '../../shared/schemas/post';
import { strategySchema } from '../../shared/schemas/strategy';
import type { AppDeps } from '../context';
import { validate } from '../validation';
import { monthGenerationRoutes } from './generation';
import { protectedRoutes } from './protected';

export function workspaceRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/', async (c) => c.json(await services.months.workspace(c.var.user.id)))
    .get('/overview', async (c) => c.json((await services.months.overview(c.var.user.id)) satisfies Overview))
    .put('/time-zone', validate('json', timeZoneSchema), async (c) =>
      c.json({ timeZone: await services.months.setTimeZone(c.var.user.id, c.req.valid('json').timeZone) }),
    );
}

export function monthRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/:id', validate('param', monthIdParamSchema), async (c) => c.json(await services.months.get(c.var.user.id, c.req.valid('param').id)))
    .put('/:id/strategy', validate('param', monthIdParamSchema), validate('json', strategySchema), async (c) =>
      c.json(await services.months.saveStrategy(c.var.user.id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/:id/posts', validate('param', monthIdParamSchema), validate('json', newPostSchema), async (c) =>
      c.json(await services.posts.create(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .get('/:id/export.csv', validate('param', monthIdParamSchema), async (c) => {
      const file = await services.exports.csv(c.var.user.id, c.req.valid('param').id);
      return c.body(file.body, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.filename}"` });
    })
    .get('/:id/export.ics', validate('param', monthIdParamSchema), async (c) => {
      const file = await services.exports.ics(c.var.user.id, c.req.valid('param').id);
      return c.body(file.body, 200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.filename}"` });
    })
    .route('/', monthGenerationRoutes(deps));
}
