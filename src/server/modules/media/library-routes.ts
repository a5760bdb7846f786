import { altTextSchema, attachLibraryFileSchema, deleteLibraryFileQuerySchema, libraryQuerySchema } from '@shared/schemas/media-library';
import { mediaFileParamSchema, postIdParamSchema } from '@shared/schemas/post';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/**
 * Mounted at /library: the user's media library. GET lists kept files newest first (`q` searches alt
 * text, `before` pages on); PATCH /:fileId sets a file's alt text; DELETE /:fileId deletes it, asking
 * first (409 media_in_use, details.usedBy) while posts show it unless `?confirm=true`.
 */
export function libraryRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/', validate('query', libraryQuerySchema), async (c) => c.json(await services.library.list(c.var.user.id, c.req.valid('query'))))
    .patch('/:fileId', validate('param', mediaFileParamSchema), validate('json', altTextSchema), async (c) =>
      c.json(await services.library.setAltText(c.var.user.id, c.req.valid('param').fileId, c.req.valid('json').altText)),
    )
    .delete('/:fileId', validate('param', mediaFileParamSchema), validate('query', deleteLibraryFileQuerySchema), async (c) => {
      await services.library.remove(c.var.user.id, c.req.valid('param').fileId, c.req.valid('query').confirm === 'true');
      return c.body(null, 204);
    });
}

/** Mounted at /posts: POST /:postId/library {fileId, version} puts a library file on the post -> { post }. */
export function postLibraryRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps).post('/:postId/library', validate('param', postIdParamSchema), validate('json', attachLibraryFileSchema), async (c) =>
    c.json(await services.library.attach(c.var.user.id, c.req.valid('param').postId, c.req.valid('json'))),
  );
}
