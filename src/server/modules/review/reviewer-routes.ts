import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { approveRestSchema, reviewDecisionSchema, reviewPostParamSchema, reviewTokenParamSchema } from '@shared/schemas/review';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../errors';
import { clientAddress } from '../../middleware/client-address';
import { validate } from '../../validation';
import { sendFile } from '../media/routes';

/** Paths a review link opens: the page, its API and its media. Nothing under them may be indexed or leak its address. */
const REVIEW_PATHS = ['/review/', '/api/review/', '/review-media/'];

/**
 * `Referrer-Policy: no-referrer` (the token is in the page's address: a link followed from the page must
 * not carry it) and `X-Robots-Tag: noindex, nofollow` on every answer under the review paths, errors
 * included. Registered before the security headers so it has the last word on the referrer policy.
 */
export function reviewHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!REVIEW_PATHS.some((prefix) => c.req.path.startsWith(prefix))) return;
    c.res.headers.set('Referrer-Policy', 'no-referrer');
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  };
}

/**
 * Mounted at /api/review: the review page's API, without a session (the token in the path is the
 * credential) but behind the same-origin check of every /api write. Each client address has its own
 * budget of requests, counted before the token is looked up (guessing costs it); each link another.
 */
export function reviewerRoutes(deps: AppDeps) {
  const { services, config } = deps;
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      const address = clientAddress(getConnInfo(c).remote.address, c.req.header('x-forwarded-for'), config.trustProxy) ?? 'unknown';
      if (!services.review.takeAddress(address)) throw new AppError('rate_limited', 'Too many requests from your network. Wait a minute, then try again.');
      await next();
      c.res.headers.set('Cache-Control', 'no-store');
    })
    .get('/:token', validate('param', reviewTokenParamSchema), async (c) => c.json(await services.review.page(c.req.valid('param').token)))
    .post('/:token/posts/:postId', validate('param', reviewPostParamSchema), validate('json', reviewDecisionSchema), async (c) => {
      const { token, postId } = c.req.valid('param');
      return c.json(await services.review.decide(token, postId, c.req.valid('json')));
    })
    .post('/:token/approve-rest', validate('param', reviewTokenParamSchema), validate('json', approveRestSchema), async (c) =>
      c.json(await services.review.approveRest(c.req.valid('param').token, c.req.valid('json'))),
    );
}

const mediaParamSchema = z.object({ linkId: z.string().min(1).max(100), fileId: z.string().min(1).max(100) });
const mediaQuerySchema = z.object({ expires: z.string().max(20), signature: z.string().max(100) });

/** Mounted at /review-media (outside /api: no session, like /media-links): the files on a review page (review-media.ts). */
export function reviewMediaRoutes(deps: AppDeps) {
  const { services } = deps;
  return new Hono<AppEnv>().get('/:linkId/:fileId', validate('param', mediaParamSchema), validate('query', mediaQuerySchema), async (c) => {
    const { linkId, fileId } = c.req.valid('param');
    const { expires, signature } = c.req.valid('query');
    // The signature first: a forged address costs no database read.
    if (!services.reviewMedia.verify(linkId, fileId, expires, signature)) throw new AppError('not_found', 'This media link has expired or is not valid.');
    const answer = await sendFile(c, await services.review.mediaFile(linkId, fileId));
    // Kept by no cache: once the link is revoked the file is not shown again.
    answer.headers.set('Cache-Control', 'private, no-store');
    return answer;
  });
}
