import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth';
import type { AppEnv } from '../context';
import { AppError } from '../errors';

/** Every /api route outside /api/auth needs a signed-in user; the user id scopes every query. */
export function requireSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('unauthorized', 'Please sign in to continue.');
    c.set('user', { id: session.user.id, email: session.user.email, name: session.user.name });
    await next();
  };
}
