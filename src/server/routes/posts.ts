
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { scheduleSchema } from '../../shared/schemas/schedule';
import { MEDIA_MAX_BYTES, postIdParamSchema, postUpdateSchema, rewriteSchema, versionBodySchema, versionParamSchema } from '../../shared/schemas/post';
import type { AppDeps } from "../context";
import { AppError } from '../errors';
import { validate } from '../validation';
import { protectedRoutes } from './protected';

/** An upload is one file; a little room above 10 MB for the multipart envelope. */
export const UPLOAD_BODY_LIMIT = MEDIA_MAX_BYTES + 64 * 1024;
const fileIdSchema = z.string().max(64);
const mediaParamSchema = z.object({ postId: z.uuid('Post ids are UUIDs.'), fileId: fileIdSchema });

export function postRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/:postId', validate('param', postIdParamSchema), async (c) => c.json(await services.posts.get(c.var.user.id, c.req.valid('param').postId)))
    .patch('/:postId', validate('param', postIdParamSchema), validate('json', postUpdateSchema), async (c) =>
      c.json(await services.posts.update(c.var.user.id, c.req.valid('param').postId, c.req.valid('json'))),
    )
    .post('/:postId/rewrite', validate('param', postIdParamSchema), validate('json', rewriteSchema), async (c) =>
      c.json(await services.posts.rewrite(c.var.user.id, c.req.valid('param').postId, c.req.valid('json'))),
    )
    .get('/:postId/versions', validate('param', postIdParamSchema), async (c) =>
      c.json({ versions: await services.posts.versions(c.var.user.id, c.req.valid('param').postId) }),
    )
    .post('/:postId/versions/:versionId/restore', validate('param', versionParamSchema), validate('json', versionBodySchema), async (c) => {
      const { postId, versionId } = c.req.valid('param');
      return c.json(await services.posts.restore(c.var.user.id, postId, versionId, c.req.valid('json').version));
    })
    .post(
      '/:postId/media',
      bodyLimit({
        maxSize: UPLOAD_BODY_LIMIT,
        onError: () => {
          throw new AppError('payload_too_large', 'Maximum file size: 10MB.');
        },
      }),
      validate('param', postIdParamSchema),
      async (c) => {
        if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
          throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in a field named "file".');
        }
        const body = await c.req.parseBody();
        const file = body.file;
        if (!(file instanceof File)) throw new AppError('bad_request', 'Send the file in a field named "file".');
        return c.json(await services.media.upload(c.var.user.id, c.req.valid('param').postId, file), 201);
      },
    )
    .put('/:postId/schedule', validate('param', postIdParamSchema), validate('json', scheduleSchema), async (c) =>
      c.json(await services.schedule.schedule(c.var.user.id, c.req.valid('param').postId, c.req.valid('json'))),
    )
    .delete('/:postId/schedule', validate('param', postIdParamSchema), async (c) =>
      c.json(await services.schedule.unschedule(c.var.user.id, c.req.valid('param').postId)),
    )
    .delete('/:postId/media/:fileId', validate('param', mediaParamSchema), async (c) => {
      const { postId, fileId } = c.req.valid('param');
      return c.json(await services.media.remove(c.var.user.id, postId, fileId));
    });
}

/** Mounted at /media: a user's uploaded files, private to them. */
export function mediaRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps).get('/:fileId', validate('param', z.object({ fileId: fileIdSchema })), async (c) => {
    const file = await services.media.read(c.var.user.id, c.req.valid('param').fileId);
    c.header('Content-Type', file.mime);
    c.header('Content-Length', String(file.size));
    c.header('Cache-Control', 'private, max-age=3600');
    c.header('Content-Disposition', 'inline');
    return c.body(new Uint8Array(file.bytes));
  });
}

