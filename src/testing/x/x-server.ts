/**
 * A stand-in for X's publishing surface: x.com (the OAuth 2.0 consent page) and api.x.com (tokens, users,
 * posts, media upload), each on its own loopback port. Written from X's reference pages:
 * - https://docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code (PKCE, scopes, two-hour
 *   access tokens, refresh tokens with offline.access, confidential clients) and
 *   .../oauth-2-0/user-access-token (authorize URL, POST /2/oauth2/token with Basic auth, refresh,
 *   POST /2/oauth2/revoke);
 * - https://docs.x.com/x-api/users/get-my-user, .../x-api/posts/create-post, .../x-api/users/get-posts;
 * - https://docs.x.com/x-api/media/quickstart/media-upload-chunked and the media reference pages
 *   (initialize, append, finalize, status, simple upload);
 * - https://docs.x.com/x-api/fundamentals/response-codes-and-errors (the problem object) and
 *   https://docs.x.com/fundamentals/rate-limits (x-rate-limit-* headers, 429).
 * The authorization code's 30 s, the per-endpoint limits and the 429 body were checked against those
 * pages (docs.x.com, November 2026: the code's life is in the authorization-code guide's glossary, the
 * limits and the 429 body in x-api/fundamentals/rate-limits; the media endpoints count separately).
 * Where the docs are silent the stand-in chose, and says so beside the code: the token endpoint's
 * refusal words, the over-length and missing-scope wording, the duplicate window (any earlier post
 * with the same text), a refresh token's life (none: the scope table says offline.access stays
 * "until you revoke access").
 * Refusals: a wrong or missing client secret (401 unauthorized_client), a used, expired or re-pointed
 * code, a PKCE verifier that does not match, a used or revoked refresh token (400 invalid_request), an
 * expired or revoked access token (401), a missing scope (403), a duplicate (403), text over 280
 * weighted characters, media not uploaded, not processed or expired (400), past a rate limit (429).
 * Times come from `now`.
 */
import type http from 'node:http';
import { createFaultList, startLoopbackHosts } from '../stand-in/loopback-hosts';
import type { ConsentChoice } from './consent';
import { readCall, type XReply } from './x-call';
import { XRefusal } from './x-errors';
import { createRouter, type XHost } from './x-router';
import { createXState, X_USER } from './x-state';

/**
 * The next request to a path is answered so instead: an X error, a hang-up after it was processed, a delay
 * of the answer, or `holdRequest`: the request waits unprocessed until the promise settles (still on its
 * way to X), and one whose sender has gone by then is dropped, as if it never arrived.
 */
export type XFault = { path: string | RegExp; host?: XHost; method?: string } & (
  | { error: { status: number; body?: Record<string, unknown>; headers?: Record<string, string> } }
  | { hangUp: true }
  | { delayMs?: number; until?: Promise<unknown> }
  | { holdRequest: Promise<unknown>; onHeld?: () => void }
);

export interface XServerOptions {
  now?: () => Date;
  /** The App's Callback URIs. */
  redirectUris?: string[];
  /** STATUS reads a video spends in_progress before it succeeds (default 1). */
  videoPolls?: number;
}

export interface ReceivedCall {
  host: XHost;
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  json: unknown;
}

const HOSTS: XHost[] = ['x', 'api'];

export async function startXServer(options: XServerOptions = {}) {
  const { now = () => new Date(), redirectUris = [] } = options;
  const client = { id: 'Yk1DZ3JtUjZ4VnhOdEZ2OXpVbGM6MTpjaQ', secret: 'x-client-secret', redirectUris: [...redirectUris] };
  const state = createXState(now, client);
  const processing = { polls: options.videoPolls ?? 1, fail: false };
  const router = createRouter(state, processing);
  const faults = createFaultList<XFault, XHost>('api');
  const received: ReceivedCall[] = [];

  const handle = async (host: XHost, request: http.IncomingMessage, raw: Buffer): Promise<{ reply: XReply; fault?: XFault }> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const call = await readCall(request.method ?? 'GET', url, request.headers, raw);
    let fault = faults.take(host, call.path, call.method);
    if (fault && 'holdRequest' in fault) {
      fault.onHeld?.();
      await fault.holdRequest;
      // Its sender gave up (or died) while it was on its way: X never saw it.
      if (request.socket.destroyed) return { reply: { status: 499 }, fault: { path: call.path, hangUp: true } };
      fault = undefined;
    }
    received.push({ host, method: call.method, path: call.path, query: Object.fromEntries(call.query), form: call.form, json: call.json });
    if (fault && 'error' in fault) {
      const { status, body, headers = {} } = fault.error;
      return { reply: { status, json: body ?? { title: 'Internal Server Error', type: 'about:blank', status, detail: 'Internal Server Error' }, headers } };
    }
    try {
      return { reply: await router.route(host, call), ...(fault ? { fault } : {}) };
    } catch (error) {
      if (!(error instanceof XRefusal)) throw error;
      return { reply: { status: error.status, json: error.body, headers: error.headers }, ...(fault ? { fault } : {}) };
    }
  };

  const started = await startLoopbackHosts({
    hosts: HOSTS,
    style: { jsonType: 'application/json; charset=utf-8', withoutJson: '{}' },
    handle,
  });
  const { urls, close } = started;

  return {
    /** x.com (consent page at /i/oauth2/authorize) and api.x.com. */
    urls,
    client,
    user: X_USER,
    /** Every post created, in order. */
    published: state.published,
    received,
    /** Pressing Authorize (or Cancel) on the consent page a client sent the browser to: the redirect location. */
    approve: (authorizeUrl: string, choice: ConsentChoice = {}) => router.consent.approve(authorizeUrl, choice),
    allowRedirectUri: (uri: string) => void client.redirectUris.push(uri),
    /** Tokens as if the person had authorized, for tests that do not test the sign-in: an access token and, with offline.access, a refresh token. */
    grant: (scopes: string[]) => {
      const { access, refresh } = state.grantPair(scopes);
      return { accessToken: access.value, ...(refresh ? { refreshToken: refresh.value } : {}) };
    },
    /** The person removes the app from their connected apps: every token issued so far stops working. */
    revoke: () => state.revokeAll(),
    /** Whether a token still works at X: 'live', or why not ('used' for a refresh token once refreshed, 'revoked'), or 'unknown'. */
    grantStatus: (token: string): 'live' | 'used' | 'revoked' | 'unknown' => {
      const found = state.tokens.get(token);
      return found ? (found.spent ?? 'live') : 'unknown';
    },
    fault: (...next: XFault[]) => void faults.add(...next),
    setRateLimit: router.setRateLimit,
    /** How video processing ends: after `polls` STATUS reads, succeeded (or failed). */
    setVideoProcessing: (next: { polls?: number; fail?: boolean }) => void Object.assign(processing, next),
    close,
  };
}

export type XServer = Awaited<ReturnType<typeof startXServer>>;
