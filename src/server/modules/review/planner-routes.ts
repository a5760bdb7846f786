import { monthIdParamSchema } from '@shared/schemas/month';
import { postIdParamSchema } from '@shared/schemas/post';
import { reviewLinkCreateSchema, reviewLinkParamSchema } from '@shared/schemas/review';
import type { AppDeps } from '../../context';
import { protectedRoutes } from '../../middleware/protected-routes';
import { validate } from '../../validation';

/**
 * Where a new link points: PUBLIC_URL, or, when it was not set (a local install answering on several
 * local addresses), the trusted origin the planner's browser is on.
 */
function linkOrigin(deps: AppDeps, origin: string | undefined): string {
  const { publicUrl, trustedOrigins } = deps.config;
  return origin && trustedOrigins.includes(origin) && origin !== new URL(publicUrl).origin ? origin : publicUrl;
}

/** Mounted at /months: a month's review links, listed and shared. */
export function reviewLinkMonthRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/:id/review-links', validate('param', monthIdParamSchema), async (c) =>
      c.json(await services.reviewLinks.list(c.var.user.id, c.req.valid('param').id)),
    )
    .post('/:id/review-links', validate('param', monthIdParamSchema), validate('json', reviewLinkCreateSchema), async (c) =>
      c.json(await services.reviewLinks.create(c.var.user.id, c.req.valid('param').id, c.req.valid('json'), linkOrigin(deps, c.req.header('origin'))), 201),
    );
}

/** Mounted at /review-links: revoking a link. */
export function reviewLinkRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps).delete('/:linkId', validate('param', reviewLinkParamSchema), async (c) =>
    c.json(await services.reviewLinks.revoke(c.var.user.id, c.req.valid('param').linkId)),
  );
}

/** Mounted at /posts: a post's reviews, for its history in the editor. */
export function postReviewRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps).get('/:postId/reviews', validate('param', postIdParamSchema), async (c) =>
    c.json(await services.reviewLinks.history(c.var.user.id, c.req.valid('param').postId)),
  );
}
