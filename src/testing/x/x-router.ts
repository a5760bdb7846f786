import { createConsent } from './consent';
import { createMediaRoutes } from './media-routes';
import { createPostRoutes } from './post-routes';
import { createTokenRoutes } from './token-routes';
import { bearer, type XCall, type XReply } from './x-call';
import { problem, rateLimited } from './x-errors';
import type { XState } from './x-state';

/** The hosts: x.com (the consent page) and api.x.com (tokens and the v2 API). */
export type XHost = 'x' | 'api';

/**
 * Rate limits per endpoint and user in 15-minute windows, as docs.x.com/x-api/fundamentals/rate-limits
 * lists them for user tokens (every answer carries x-rate-limit-limit, x-rate-limit-remaining and
 * x-rate-limit-reset in epoch seconds; past the limit, 429 with `{"errors":[{"code":88,"message":"Rate
 * limit exceeded"}]}`, the page's example). A test sets what it needs with `setRateLimit`.
 */
const WINDOW_MS = 15 * 60_000;
export const DEFAULT_LIMITS: Record<string, number> = {
  'GET /2/users/me': 75,
  'POST /2/tweets': 100,
  'GET /2/users/:id/tweets': 900,
  'POST /2/media/upload': 500,
  'GET /2/media/upload': 1000,
  'POST /2/media/upload/initialize': 1875,
  'POST /2/media/upload/:id/append': 1875,
  'POST /2/media/upload/:id/finalize': 1875,
};

interface Route {
  method: string;
  pattern: RegExp;
  /** The rate-limit family it counts against. */
  family: string;
  /** The scopes the endpoint's reference page names. */
  scopes: string[];
  run: (call: XCall, match: RegExpExecArray) => XReply | Promise<XReply>;
}

export function createRouter(state: XState, processing: { polls: number; fail: boolean }) {
  const consent = createConsent(state);
  const tokens = createTokenRoutes(state);
  const posts = createPostRoutes(state);
  const media = createMediaRoutes(state, processing);
  const windows = new Map<string, { limit: number; remaining: number; reset: number }>();

  const routes: Route[] = [
    { method: 'GET', pattern: /^\/2\/users\/me$/, family: 'GET /2/users/me', scopes: ['tweet.read', 'users.read'], run: () => posts.me() },
    {
      method: 'POST',
      pattern: /^\/2\/tweets$/,
      family: 'POST /2/tweets',
      scopes: ['tweet.read', 'tweet.write', 'users.read'],
      run: (call) => posts.create(call),
    },
    {
      method: 'GET',
      pattern: /^\/2\/users\/(\d{1,19})\/tweets$/,
      family: 'GET /2/users/:id/tweets',
      scopes: ['tweet.read', 'users.read'],
      run: (call, m) => posts.timeline(call, m[1]!),
    },
    {
      method: 'POST',
      pattern: /^\/2\/media\/upload\/initialize$/,
      family: 'POST /2/media/upload/initialize',
      scopes: ['media.write'],
      run: (call) => media.initialize(call),
    },
    {
      method: 'POST',
      pattern: /^\/2\/media\/upload\/(\d{1,19})\/append$/,
      family: 'POST /2/media/upload/:id/append',
      scopes: ['media.write'],
      run: (call, m) => media.append(call, m[1]!),
    },
    {
      method: 'POST',
      pattern: /^\/2\/media\/upload\/(\d{1,19})\/finalize$/,
      family: 'POST /2/media/upload/:id/finalize',
      scopes: ['media.write'],
      run: (_call, m) => media.finalize(m[1]!),
    },
    { method: 'GET', pattern: /^\/2\/media\/upload$/, family: 'GET /2/media/upload', scopes: ['media.write'], run: (call) => media.status(call) },
    { method: 'POST', pattern: /^\/2\/media\/upload$/, family: 'POST /2/media/upload', scopes: ['media.write'], run: (call) => media.simple(call) },
  ];

  /** The window of a family, opened anew once its reset has passed. */
  const windowOf = (family: string) => {
    const nowMs = state.now().getTime();
    let current = windows.get(family);
    if (!current || current.reset * 1000 <= nowMs) {
      const limit = current?.limit ?? DEFAULT_LIMITS[family] ?? 300;
      current = { limit, remaining: limit, reset: Math.ceil((nowMs + WINDOW_MS) / 1000) };
      windows.set(family, current);
    }
    return current;
  };

  const api = async (call: XCall): Promise<XReply> => {
    if (call.path === '/2/oauth2/token') return tokens.token(call);
    if (call.path === '/2/oauth2/revoke') return tokens.revoke(call);
    for (const route of routes) {
      const match = route.pattern.exec(call.path);
      if (!match || route.method !== call.method) continue;
      const token = state.tokens.get(bearer(call) ?? '');
      if (!token || token.kind !== 'access' || token.spent || (token.expiresAt !== null && token.expiresAt <= state.now().getTime())) throw problem(401);
      const window = windowOf(route.family);
      const headers = {
        'x-rate-limit-limit': String(window.limit),
        'x-rate-limit-remaining': String(Math.max(0, window.remaining - 1)),
        'x-rate-limit-reset': String(window.reset),
      };
      if (window.remaining <= 0) throw rateLimited({ ...headers, 'x-rate-limit-remaining': '0' });
      window.remaining -= 1;
      const missing = route.scopes.filter((scope) => !token.scopes.includes(scope));
      if (missing.length > 0) throw problem(403, `Missing scope: ${missing.join(', ')}.`, headers);
      const reply = await route.run(call, match);
      return { ...reply, headers: { ...headers, ...reply.headers } };
    }
    return { status: 404, json: { title: 'Not Found', type: 'about:blank', status: 404, detail: 'Not Found' } };
  };

  const route = async (host: XHost, call: XCall): Promise<XReply> => {
    if (host === 'api') return api(call);
    if (call.path === '/i/oauth2/authorize' && call.method === 'GET') return consent.page(call);
    if (call.path === '/i/oauth2/authorize/submit' && call.method === 'POST') return consent.submit(call);
    return { status: 404, html: '<!doctype html><title>Page not found / X</title>' };
  };

  return {
    route,
    consent,
    /** Sets a family's window: its limit and how many calls remain in it (the reset stays). */
    setRateLimit(family: string, { limit, remaining }: { limit?: number; remaining: number }) {
      const current = windowOf(family);
      windows.set(family, { ...current, limit: limit ?? current.limit, remaining });
    },
  };
}
