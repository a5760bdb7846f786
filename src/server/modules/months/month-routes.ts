import { evergreenFillSchema } from '@shared/schemas/evergreen';
import { startGenerationSchema } from '@shared/schemas/generation';
import { monthIdParamSchema, type MonthDetail } from '@shared/schemas/month';
import { newPostSchema } from '@shared/schemas/post';
import { bulkActionSchema } from '@shared/schemas/post-actions';
import { importRequestSchema, IMPORT_LIMITS } from '@shared/schemas/import';
import { approvalRuleSchema } from '@shared/schemas/review';
import { strategySchema } from '@shared/schemas/strategy';
import type { AppDeps } from '../../context';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../errors';
import { ownBodyLimit } from '../../middleware/body-limit';
import { validate } from '../../validation';
import { jsonText } from '../../json-text';
import { protectedRoutes } from '../../middleware/protected-routes';

const importTooLarge = () => new AppError('payload_too_large', `The file is too large: keep it under ${IMPORT_LIMITS.bytes / 1_000_000} MB.`);
/** A CSV file travels as text in JSON: its own limit (the file, escaped), counted as it streams too. */
const importBody = [
  ownBodyLimit(IMPORT_LIMITS.bytes * 2, importTooLarge),
  bodyLimit({
    maxSize: IMPORT_LIMITS.bytes * 2,
    onError: () => {
      throw importTooLarge();
    },
  }),
] as const;

const attachment = (contentType: string, filename: string) => ({ 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${filename}"` });

/** Mounted at /months: one month, its strategy and approval rule, new posts, exports, and starting its generation. */
export function monthRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/:id', validate('param', monthIdParamSchema), async (c) =>
      jsonText<MonthDetail>(c, await services.months.read(c.var.user.id, c.req.valid('param').id)),
    )
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
    .post('/:id/import/preview', validate('param', monthIdParamSchema), ...importBody, validate('json', importRequestSchema), async (c) =>
      c.json(await services.imports.preview(c.var.user.id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/:id/import', validate('param', monthIdParamSchema), ...importBody, validate('json', importRequestSchema), async (c) =>
      c.json(await services.imports.import(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 201),
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
