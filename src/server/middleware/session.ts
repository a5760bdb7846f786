import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth';
import type { AppEnv, SessionUser } from '../context';
import { AppError } from '../errors';

/**
 * How long a checked session is trusted without asking better-auth again. Checking costs about a
 * millisecond of CPU (cookie signature, two queries) on every API request; the cache is emptied
 * whenever anything under /api/auth changes state (sign-in and -out, password change, account
 * deletion: see forgetSessions), so it only spares repeated checks of a session that is unchanged.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

/** better-auth's session cookie, with the __Secure- prefix it gets on https. Its value is signed. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

interface CachedSession {
  user: SessionUser;
  /** The session's own expiry (ms). */
  expiresAt: number;
  /** When this entry stops being trusted (ms). */
  until: number;
}

interface SessionCache {
  entries: Map<string, CachedSession>;
  /** Bumped by every forget: a check that started before it must not fill the cache. */
  epoch: number;
}

const caches = new WeakMap<Auth, SessionCache>();

function cacheOf(auth: Auth): SessionCache {
  let cache = caches.get(auth);
  if (!cache) {
    cache = { entries: new Map(), epoch: 0 };
    caches.set(auth, cache);
  }
  return cache;
}

/** Forgets every cached session check; called around each request to /api/auth/*. */
export function forgetSessions(auth: Auth): void {
  const cache = cacheOf(auth);
  cache.entries.clear();
  cache.epoch += 1;
}

/** Every /api route outside /api/auth needs a signed-in user; the user id scopes every query. */
export function requireSession(auth: Auth): MiddlewareHandler<AppEnv> {
  const cache = cacheOf(auth);
  return async (c, next) => {
    const token = SESSION_COOKIE.exec(c.req.header('cookie') ?? '')?.[1];
    const now = Date.now();
    const cached = token ? cache.entries.get(token) : undefined;
    if (cached && cached.until > now && cached.expiresAt > now) {
      c.set('user', cached.user);
      return next();
    }
    const epoch = cache.epoch;
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) {
      if (token) cache.entries.delete(token);
      throw new AppError('unauthorized', 'Please sign in to continue.');
    }
    const user = { id: session.user.id, email: session.user.email, name: session.user.name };
    if (token && epoch === cache.epoch) {
      if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!);
      cache.entries.set(token, { user, expiresAt: new Date(session.session.expiresAt).getTime(), until: now + SESSION_CACHE_MS });
    }
    c.set('user', user);
    await next();
  };
}
