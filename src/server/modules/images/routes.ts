import { imageJobIdParamSchema, keepImageSchema, makeImageSchema } from '@shared/schemas/images';
import { monthIdParamSchema } from '@shared/schemas/month';
import { postIdParamSchema } from '@shared/schemas/post';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

const postImageParamSchema = postIdParamSchema.extend(imageJobIdParamSchema.shape);

/** Mounted at /posts: make an image for a post (202 with the job), and keep a made one on it. */
export function postImageRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .post('/:postId/images', validate('param', postIdParamSchema), validate('json', makeImageSchema), async (c) =>
      c.json({ job: await services.images.make(c.var.user.id, c.req.valid('param').postId, c.req.valid('json')) }, 202),
    )
    .post('/:postId/images/:imageJobId/keep', validate('param', postImageParamSchema), validate('json', keepImageSchema), async (c) => {
      const { postId, imageJobId } = c.req.valid('param');
      return c.json({ post: await services.images.keep(c.var.user.id, postId, imageJobId, c.req.valid('json').version) });
    });
}

/** Mounted at /image-jobs: one image job, polled while it is made. */
export function imageJobRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps).get('/:imageJobId', validate('param', imageJobIdParamSchema), async (c) =>
    c.json({ job: await services.images.get(c.var.user.id, c.req.valid('param').imageJobId) }),
  );
}

/** Mounted at /months: the images the month's latest generation asked for, as progress. */
export function monthImageRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps).get('/:id/images', validate('param', monthIdParamSchema), async (c) =>
    c.json(await services.images.batch(c.var.user.id, c.req.valid('param').id)),
  );
}

/** Mounted at /images: what the server offers (the image model or templates only) and the day's count. */
export function imageRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps).get('/capabilities', async (c) => c.json(await services.images.capabilities(c.var.user.id)));
}
