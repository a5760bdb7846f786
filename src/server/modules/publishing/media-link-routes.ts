import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../errors';
import { validate } from '../../validation';
import { sendFile } from '../media/routes';

const paramSchema = z.object({ userId: z.string().min(1).max(100), fileId: z.string().min(1).max(100) });
const querySchema = z.object({ expires: z.string().max(20), signature: z.string().max(100) });

/**
 * Mounted at /media-links (outside /api: no session): a post's media for the receiver of a delivery,
 * through a link that names its file, expires, and is signed (publishing/media-links.ts).
 */
export function mediaLinkRoutes(deps: AppDeps) {
  const { services } = deps;
  return new Hono<AppEnv>().get('/:userId/:fileId', validate('param', paramSchema), validate('query', querySchema), async (c) => {
    const { userId, fileId } = c.req.valid('param');
    const { expires, signature } = c.req.valid('query');
    if (!services.mediaLinks.verify(userId, fileId, expires, signature)) throw new AppError('not_found', 'This media link has expired or is not valid.');
    return sendFile(c, await services.media.locate(userId, fileId));
  });
}
