/**
 * A stand-in for Google Business Profile publishing: Google's OAuth 2.0 for web server applications and the
 * Business Profile APIs, each host on its own loopback port. Written from Google's reference pages:
 * - https://developers.google.com/identity/protocols/oauth2/web-server (authorization at
 *   accounts.google.com/o/oauth2/v2/auth with response_type=code, scope, state, access_type=offline,
 *   prompt=consent, code_challenge / code_challenge_method; the code exchange and refresh at
 *   oauth2.googleapis.com/token, expires_in 3599; revocation at oauth2.googleapis.com/revoke; the
 *   authorization errors shown instead of a redirect; invalid_grant); RFC 6749 section 5.2 and RFC 7636.
 * - https://developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts/list,
 *   .../businessinformation/rest/v1/accounts.locations/list (readMask required),
 *   .../rest/v4/accounts.locations.localPosts (LocalPost, CallToAction, ActionType, LocalPostEvent,
 *   LocalPostOffer, MediaItem; create, list, get) and https://developers.google.com/my-business/content/posts-data.
 * - the google.rpc package reference (Status, Code and its HTTP mapping, BadRequest) and
 *   google/api/error_reason.proto (ErrorInfo reasons): see google-errors.ts.
 * It refuses what Google refuses: a wrong client or secret, a redirect URI the client does not list, a used,
 * expired or re-pointed code, a PKCE verifier that does not match, a revoked refresh token, a token without
 * business.manage (403), a missing, expired or revoked token (401), a locations read without readMask, a
 * summary over 1,500 characters, a CALL button with a url, an EVENT or OFFER without its event, media it
 * cannot fetch. Where the docs are silent the file that plays the route says what was chosen.
 * Times come from `now` (tests pass their clock).
 */
import type http from 'node:http';
import { createFaultList, startLoopbackHosts } from '../stand-in/loopback-hosts';
import { createBusinessRoutes, SERVICE, type ApiHost } from './business-routes';
import type { Call, Reply } from './call';
import { createConsent, type ConsentChoice } from './consent';
import { apiRefusal, GoogleApiError, OAuthError, type RpcStatus } from './google-errors';
import { BUSINESS_SCOPE, createGoogleState, GOOGLE_ACCOUNTS, type GoogleClient } from './google-state';
import { createTokenRoutes } from './token-routes';

export type GoogleHost = 'accounts' | 'oauth2' | ApiHost;
const HOSTS: GoogleHost[] = ['accounts', 'oauth2', 'accountManagement', 'businessInformation', 'myBusiness'];

/** The next request to a path is answered so instead: an API error, an OAuth error, a hang-up after the work was done, or a delay. */
export type GoogleFault = { path: string | RegExp; host?: GoogleHost } & (
  | { status: RpcStatus; message?: string; retryAfterSeconds?: number }
  | { oauthError: string; description?: string; httpStatus?: number }
  | { hangUp: true }
  | { delayMs?: number; until?: Promise<unknown> }
);

export interface GoogleServerOptions {
  now?: () => Date;
  /** The client's Authorized redirect URIs (more with `allowRedirectUri`). */
  redirectUris?: string[];
}

export interface ReceivedCall {
  host: GoogleHost;
  method: string;
  path: string;
  params: Record<string, string>;
  json: unknown;
}

const LOCAL_POSTS = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/localPosts(?:\/([^/]+))?$/;
const LOCATIONS = /^\/v1\/accounts\/([^/]+)\/locations$/;

export async function startGoogleServer(options: GoogleServerOptions = {}) {
  const { now = () => new Date(), redirectUris = [] } = options;
  const client: GoogleClient = {
    id: '123456789012-benchplanner.apps.googleusercontent.com',
    secret: 'GOCSPX-google-client-secret',
    redirectUris: [...redirectUris],
  };
  const state = createGoogleState(now, client);
  const consent = createConsent(state);
  const tokens = createTokenRoutes(state);
  const business = createBusinessRoutes(state);
  const faults = createFaultList<GoogleFault, GoogleHost>();
  const received: ReceivedCall[] = [];

  const route = async (host: GoogleHost, call: Call): Promise<Reply> => {
    const { path, method } = call;
    if (host === 'accounts' && path === '/o/oauth2/v2/auth' && method === 'GET') return consent.page(call);
    if (host === 'accounts' && path === '/o/oauth2/v2/auth/submit' && method === 'POST') return consent.submit(call);
    if (host === 'oauth2' && path === '/token') return tokens.token(call);
    if (host === 'oauth2' && path === '/revoke') return tokens.revoke(call);
    if (host === 'accountManagement' && path === '/v1/accounts' && method === 'GET') return business.accounts(call);
    const locations = LOCATIONS.exec(path);
    if (host === 'businessInformation' && locations && method === 'GET') return business.locations(call, locations[1]!);
    const posts = LOCAL_POSTS.exec(path);
    if (host === 'myBusiness' && posts) return business.localPosts(call, posts[1]!, posts[2]!, posts[3]);
    throw apiRefusal.notFound();
  };

  const replyOf = (error: unknown): Reply => {
    if (error instanceof GoogleApiError) return { status: error.httpStatus, json: error.body(), headers: error.headers };
    if (error instanceof OAuthError) return { status: error.httpStatus, json: error.body() };
    throw error;
  };

  const faultReply = (host: GoogleHost, fault: GoogleFault): Reply | undefined => {
    if ('oauthError' in fault) return replyOf(new OAuthError(fault.oauthError, fault.description ?? 'Bad Request', fault.httpStatus ?? 400));
    if (!('status' in fault)) return undefined;
    const service = host === 'oauth2' || host === 'accounts' ? 'oauth2.googleapis.com' : SERVICE[host];
    const error =
      fault.status === 'RESOURCE_EXHAUSTED' && !fault.message
        ? apiRefusal.quota(service, 'fault')
        : new GoogleApiError(fault.status, fault.message ?? `Injected ${fault.status}.`);
    const reply = replyOf(error);
    return fault.retryAfterSeconds === undefined ? reply : { ...reply, headers: { ...reply.headers, 'retry-after': String(fault.retryAfterSeconds) } };
  };

  const handle = async (host: GoogleHost, request: http.IncomingMessage, body: string): Promise<{ reply: Reply; fault?: GoogleFault }> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const contentType = String(request.headers['content-type'] ?? '');
    const params = Object.fromEntries(url.searchParams);
    let json: unknown;
    if (contentType.startsWith('application/x-www-form-urlencoded')) Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
    const call: Call = { method: request.method ?? 'GET', path: url.pathname, params, json: undefined, headers: request.headers };
    received.push({ host, method: call.method, path: call.path, params, json: undefined });
    const fault = faults.take(host, url.pathname);
    const injected = fault && faultReply(host, fault);
    if (injected) return { reply: injected };
    try {
      if (contentType.startsWith('application/json') && body) {
        try {
          json = JSON.parse(body);
        } catch {
          throw apiRefusal.invalid('', 'Invalid JSON payload received.');
        }
        call.json = json;
        received[received.length - 1]!.json = json;
      }
      return { reply: await route(host, call), ...(fault ? { fault } : {}) };
    } catch (error) {
      return { reply: replyOf(error), ...(fault ? { fault } : {}) };
    }
  };

  const started = await startLoopbackHosts({
    hosts: HOSTS,
    style: { jsonType: 'application/json; charset=UTF-8', withoutJson: '{}' },
    handle: (host, request, body) => handle(host, request, body.toString('utf8')),
  });
  const { urls, close } = started;

  return {
    /** accounts.google.com, oauth2.googleapis.com, mybusinessaccountmanagement / mybusinessbusinessinformation / mybusiness.googleapis.com. */
    urls,
    client,
    scope: BUSINESS_SCOPE,
    accounts: GOOGLE_ACCOUNTS,
    /** Every local post created, in order, with its `location` (accounts/{a}/locations/{l}). */
    published: business.published,
    received,
    /** Clicking Allow (or Cancel, `deny`) on the consent page a client sent the browser to: the redirect location. */
    approve: (authorizeUrl: string, choice: ConsentChoice = {}) => consent.approve(authorizeUrl, choice),
    allowRedirectUri: (uri: string) => void client.redirectUris.push(uri),
    /** Tokens as if the person had consented, for tests that do not test the sign-in. */
    grant: (scopes: string[] = [BUSINESS_SCOPE], { offline = true } = {}) => {
      const { access, refresh } = state.issue(scopes, offline);
      return { accessToken: access.value, refreshToken: refresh, expiresAt: new Date(access.expiresAt) };
    },
    /** The person removes the app from their Google Account: every token so far stops working. */
    revoke: () => state.revokeAll(),
    fault: (...next: GoogleFault[]) => void faults.add(...next),
    close,
  };
}

export type GoogleServer = Awaited<ReturnType<typeof startGoogleServer>>;
