import { createHmac } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../platform/auth';
import type { AppEnv, SessionUser } from '../context';
import { AppError } from '../errors';
import { errorResponse } from './errors';
import { readCookie } from './read-cookie';

/**
 * How long a checked session is trusted without asking better-auth again. Checking costs about a
 * millisecond of CPU (cookie signature, two queries) on every API request; the cache is emptied
 * whenever anything under /api/auth changes state (sign-in and -out, password change, account
 * deletion: see forgetSessions), so it only spares repeated checks of a session that is unchanged.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  user: SessionUser;
  /** The session's own expiry (ms). */
  expiresAt: number;
  /** When this entry stops being trusted (ms). */
  until: number;
}

interface SessionCache {
  /** Keyed by the signed session cookie, only once it is known to be the one better-auth verified. */
  entries: Map<string, CachedSession>;
  /** Bumped by every forget: a check that started before it must not fill the cache. */
  epoch: number;
  /** better-auth's own cookie name (with `__Secure-` on https only) and signing secret. */
  cookie: Promise<{ name: string; secret: string }>;
}

const caches = new WeakMap<Auth, SessionCache>();

function cacheOf(auth: Auth): SessionCache {
  let cache = caches.get(auth);
  if (!cache) {
    const cookie = auth.$context.then((context) => ({ name: context.authCookies.sessionToken.name, secret: context.secret }));
    cache = { entries: new Map(), epoch: 0, cookie };
    caches.set(auth, cache);
  }
  return cache;
}

/** The cookie value better-auth sets for a session token: the token and its HMAC-SHA256, base64. */
function signedCookieValue(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

/** Forgets every cached session check; called around each request to /api/auth/*. */
export function forgetSessions(auth: Auth): void {
  const cache = cacheOf(auth);
  cache.entries.clear();
  cache.epoch += 1;
}

/**
 * Every /api route outside /api/auth needs a signed-in user; the user id scopes every query.
 * A renewed session cookie from better-auth (sent once a day of use) is passed on to the browser.
 */
export function requireSession(auth: Auth): MiddlewareHandler<AppEnv> {
  const cache = cacheOf(auth);
  let known: { name: string; secret: string } | undefined;
  void cache.cookie.then((cookie) => (known = cookie));
  return async (c, next) => {
    // A request to a path several resources share (/api/months, /api/posts) meets one check per
    // resource mounted there: the first decides.
    if (c.get('user')) return next();
    const cookie = known ?? (await cache.cookie);
    const value = readCookie(c.req.header('cookie') ?? '', cookie.name);
    const now = Date.now();
    const cached = value ? cache.entries.get(value) : undefined;
    if (cached && cached.until > now && cached.expiresAt > now) {
      c.set('user', cached.user);
      return next();
    }
    const epoch = cache.epoch;
    const { headers, response: session } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
    const setCookies = headers.getSetCookie();
    if (!session) {
      if (value) cache.entries.delete(value);
      const refused = errorResponse(c, new AppError('unauthorized', 'Please sign in to continue.'));
      for (const line of setCookies) refused.headers.append('set-cookie', line);
      return refused;
    }
    const user = { id: session.user.id, email: session.user.email, name: session.user.name };
    // Only the exact cookie better-auth verified may stand for this session: a planted cookie of
    // another name or a duplicate is never the signature of this session's token.
    const verified = value === signedCookieValue(session.session.token, cookie.secret);
    if (value && verified && epoch === cache.epoch) {
      if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!);
      cache.entries.set(value, { user, expiresAt: new Date(session.session.expiresAt).getTime(), until: now + SESSION_CACHE_MS });
    }
    c.set('user', user);
    await next();
    for (const line of setCookies) c.res.headers.append('set-cookie', line);
  };
}
