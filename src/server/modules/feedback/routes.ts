import { feedbackSchema } from '@shared/schemas/feedback';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /feedback: the feedback form. */
export function feedbackRoutes(deps: AppDeps) {
  return protectedRoutes(deps).post('/', validate('json', feedbackSchema), async (c) =>
    c.json(await deps.services.feedback.send(c.var.user.id, c.req.valid('json')), 201),
  );
}
