import { evergreenFillSchema } from '@shared/schemas/evergreen';
import { startGenerationSchema } from '@shared/schemas/generation';
import { monthIdParamSchema } from '@shared/schemas/month';
import { newPostSchema } from '@shared/schemas/post';
import { bulkActionSchema } from '@shared/schemas/post-actions';
import { approvalRuleSchema } from '@shared/schemas/review';
import { strategySchema } from '@shared/schemas/strategy';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

const attachment = (contentType: string, filename: string) => ({ 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${filename}"` });

/** Mounted at /months: one month, its strategy and approval rule, new posts, exports, and starting its generation. */
export function monthRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/:id', validate('param', monthIdParamSchema), async (c) => c.json(await services.months.get(c.var.user.id, c.req.valid('param').id)))
    .put('/:id/approval', validate('param', monthIdParamSchema), validate('json', approvalRuleSchema), async (c) =>
      c.json(await services.months.setApprovalRule(c.var.user.id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .put('/:id/strategy', validate('param', monthIdParamSchema), validate('json', strategySchema), async (c) =>
      c.json(await services.months.saveStrategy(c.var.user.id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/:id/posts', validate('param', monthIdParamSchema), validate('json', newPostSchema), async (c) =>
      c.json(await services.posts.create(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .post('/:id/evergreen-fill', validate('param', monthIdParamSchema), validate('json', evergreenFillSchema), async (c) =>
      c.json(await services.evergreen.fill(c.var.user.id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/:id/posts/bulk', validate('param', monthIdParamSchema), validate('json', bulkActionSchema), async (c) =>
      c.json(await services.bulk.apply(c.var.user.id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/:id/export.csv', validate('param', monthIdParamSchema), async (c) => {
      const file = await services.exports.csv(c.var.user.id, c.req.valid('param').id);
      return c.body(file.body, 200, attachment('text/csv; charset=utf-8', file.filename));
    })
    .get('/:id/export.ics', validate('param', monthIdParamSchema), async (c) => {
      const file = await services.exports.ics(c.var.user.id, c.req.valid('param').id);
      return c.body(file.body, 200, attachment('text/calendar; charset=utf-8', file.filename));
    })
    .post('/:id/generation', validate('param', monthIdParamSchema), validate('json', startGenerationSchema), async (c) =>
      c.json({ job: await services.generation.start(c.var.user.id, c.req.valid('param').id, c.req.valid('json')) }, 202),
    )
    .get('/:id/generation', validate('param', monthIdParamSchema), async (c) =>
      c.json({ job: await services.generation.latest(c.var.user.id, c.req.valid('param').id) }),
    );
}
