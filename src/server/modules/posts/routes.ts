import { scheduleSchema } from '@shared/schemas/schedule';
import {
  postIdParamSchema,
  postMediaParamSchema,
  postUpdateSchema,
  rewriteSchema,
  versionBodySchema,
  versionParamSchema,
  versionsQuerySchema,
} from '@shared/schemas/post';
import { evergreenMarkSchema } from '@shared/schemas/evergreen';
import { copyPostSchema, deletePostSchema, restorePostSchema } from '@shared/schemas/post-actions';
import type { AppDeps } from '../../context';
import { ownBodyLimit } from '../../middleware/body-limit';
import { tooLargeError, UPLOAD_BODY_LIMIT } from '../media/media-service';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /posts: one post, its versions, media and schedule. */
export function postRoutes(deps: AppDeps) {
  const { services } = deps;
  return (
    protectedRoutes(deps)
      .get('/:postId', validate('param', postIdParamSchema), async (c) => c.json(await services.posts.get(c.var.user.id, c.req.valid('param').postId)))
      // Deleting can be undone for a short while (POST /:postId/restore).
      .delete('/:postId', validate('param', postIdParamSchema), validate('json', deletePostSchema), async (c) =>
        c.json(await services.removal.remove(c.var.user.id, c.req.valid('param').postId, c.req.valid('json').version)),
      )
      .post('/:postId/restore', validate('param', postIdParamSchema), validate('json', restorePostSchema), async (c) =>
        c.json(await services.removal.restore(c.var.user.id, c.req.valid('param').postId)),
      )
      .post('/:postId/copy', validate('param', postIdParamSchema), validate('json', copyPostSchema), async (c) =>
        c.json(await services.copies.copy(c.var.user.id, c.req.valid('param').postId, c.req.valid('json')), 201),
      )
      // A flag only, allowed on archived months too (evergreen-service.ts says why).
      .put('/:postId/evergreen', validate('param', postIdParamSchema), validate('json', evergreenMarkSchema), async (c) =>
        c.json(await services.evergreen.mark(c.var.user.id, c.req.valid('param').postId, c.req.valid('json'))),
      )
      .patch('/:postId', validate('param', postIdParamSchema), validate('json', postUpdateSchema), async (c) =>
        c.json(await services.posts.update(c.var.user.id, c.req.valid('param').postId, c.req.valid('json'))),
      )
      .post('/:postId/rewrite', validate('param', postIdParamSchema), validate('json', rewriteSchema), async (c) =>
        c.json(await services.posts.rewrite(c.var.user.id, c.req.valid('param').postId, c.req.valid('json'))),
      )
      .get('/:postId/versions', validate('param', postIdParamSchema), validate('query', versionsQuerySchema), async (c) =>
        c.json(await services.posts.versions(c.var.user.id, c.req.valid('param').postId, c.req.valid('query'))),
      )
      .post('/:postId/versions/:versionId/restore', validate('param', versionParamSchema), validate('json', versionBodySchema), async (c) => {
        const { postId, versionId } = c.req.valid('param');
        return c.json(await services.posts.restore(c.var.user.id, postId, versionId, c.req.valid('json').version));
      })
      // The body is streamed to disk by the media service; a declared length past the limit is refused
      // before reading it (a body without one is counted while it streams).
      .post('/:postId/media', validate('param', postIdParamSchema), ownBodyLimit(UPLOAD_BODY_LIMIT, tooLargeError), async (c) =>
        c.json(await services.media.upload(c.var.user.id, c.req.valid('param').postId, c.req.raw.body, c.req.header('content-type')), 201),
      )
      .put('/:postId/schedule', validate('param', postIdParamSchema), validate('json', scheduleSchema), async (c) =>
        c.json(await services.schedule.schedule(c.var.user.id, c.req.valid('param').postId, c.req.valid('json'))),
      )
      .delete('/:postId/schedule', validate('param', postIdParamSchema), async (c) =>
        c.json(await services.schedule.unschedule(c.var.user.id, c.req.valid('param').postId)),
      )
      .get('/:postId/delivery', validate('param', postIdParamSchema), async (c) =>
        c.json(await services.deliveries.get(c.var.user.id, c.req.valid('param').postId)),
      )
      .post('/:postId/delivery/retry', validate('param', postIdParamSchema), async (c) =>
        c.json(await services.deliveries.retry(c.var.user.id, c.req.valid('param').postId)),
      )
      .post('/:postId/delivery/confirm', validate('param', postIdParamSchema), async (c) =>
        c.json(await services.deliveries.confirm(c.var.user.id, c.req.valid('param').postId)),
      )
      .delete('/:postId/media/:fileId', validate('param', postMediaParamSchema), async (c) => {
        const { postId, fileId } = c.req.valid('param');
        return c.json(await services.media.remove(c.var.user.id, postId, fileId));
      })
  );
}
