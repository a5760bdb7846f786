import { grantPickSchema, oauthCallbackQuerySchema, oauthGrantParamSchema, oauthProviderParamSchema, oauthStartSchema } from '@shared/schemas/publishing';
import type { AppDeps } from '../../../context';
import { protectedRoutes } from '../../../middleware/protected-routes';
import { validate } from '../../../validation';

/**
 * Mounted at /connections beside the connection routes: connecting accounts by signing in.
 * GET /providers · POST /oauth/start · GET /oauth/callback/:provider (the browser, back from the
 * provider: a 302 to /settings or /onboarding with `?connect=<grantId>` or `?connect_error=<code>`) ·
 * GET and POST /oauth/grants/:grantId (the accounts found; the ones picked).
 */
export function oauthRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/providers', (c) => c.json(services.oauth.options()))
    .post('/oauth/start', validate('json', oauthStartSchema), async (c) => c.json(await services.oauth.start(c.var.user.id, c.req.valid('json'))))
    .get('/oauth/callback/:provider', validate('param', oauthProviderParamSchema), validate('query', oauthCallbackQuerySchema), async (c) =>
      c.redirect(await services.oauth.callback(c.var.user.id, c.req.valid('param').provider, new URL(c.req.url)), 302),
    )
    .get('/oauth/grants/:grantId', validate('param', oauthGrantParamSchema), async (c) =>
      c.json(await services.oauth.grant(c.var.user.id, c.req.valid('param').grantId)),
    )
    .post('/oauth/grants/:grantId', validate('param', oauthGrantParamSchema), validate('json', grantPickSchema), async (c) =>
      c.json(await services.oauth.pick(c.var.user.id, c.req.valid('param').grantId, c.req.valid('json'))),
    );
}
