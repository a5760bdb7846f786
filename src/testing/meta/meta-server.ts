/**
 * A stand-in for Meta's publishing surface: Facebook Login, Pages, Instagram (with Facebook Login) and
 * Threads, each host on its own loopback port. Written from Meta's reference pages:
 * - https://developers.facebook.com/docs/graph-api/changelog and /docs/graph-api/guides/versioning (the
 *   versions; latest v26.0, GRAPH_API_VERSION). A call under an unlisted version, or with none, is refused
 *   with 400 code 100: the docs say an unversioned call takes the app's dashboard version and do not say
 *   what an unknown version answers, so the stand-in makes a client name a listed version.
 * - https://developers.facebook.com/documentation/facebook-login/guides/advanced/manual-flow and
 *   .../advanced/oidc-token (dialog, code exchange, PKCE); .../guides/access-tokens/get-long-lived;
 *   https://developers.facebook.com/docs/graph-api/reference/debug_token; .../reference/user/accounts
 * - https://developers.facebook.com/documentation/pages-api/posts; .../graph-api/reference/page/feed,
 *   .../page/photos, .../page/videos
 * - https://developers.facebook.com/docs/instagram-platform/content-publishing/; .../instagram-graph-api/
 *   reference/ig-container; .../reference/ig-user/content_publishing_limit; .../reference/error-codes/
 * - https://developers.facebook.com/documentation/threads/posts; .../threads/get-started;
 *   .../threads/get-started/get-access-tokens-and-permissions; /docs/threads/get-started/long-lived-tokens/;
 *   .../threads/overview (rate limits)
 * - https://developers.facebook.com/docs/graph-api/guides/error-handling (the error object; 190 with 463,
 *   460, 458; 10 and 200-299; 368; 4, 17, 32, 613; 100; 506) and
 *   https://developers.facebook.com/docs/graph-api/overview/rate-limiting/ (X-App-Usage and
 *   X-Business-Use-Case-Usage, JSON of call_count, total_time, total_cputime and, per business object,
 *   type and estimated_time_to_regain_access; throttled past 100: code 4, 80001 for a Page, 80002 for
 *   Instagram). Graph sends no Retry-After of its own; a fault a test injects may carry one.
 * It refuses what Meta refuses: a wrong client secret (code 1), a used, expired or re-pointed code
 * (100 / 36009, 36007, 36008), a PKCE verifier that does not match, an expired or revoked token (190), a
 * missing permission (10, 200), a user token where a Page token is needed (210), media it cannot fetch, an
 * Instagram image that is not JPEG or is outside 4:5..1.91:1, a container not FINISHED or published twice,
 * Threads text over 500 characters.
 * The Instagram API with Instagram Login (www.instagram.com, api.instagram.com, graph.instagram.com) is
 * played by instagram-login-routes.ts, written from
 * https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login,
 * .../instagram-platform/reference/oauth-authorize, .../reference/oauth-access-token, .../reference/access_token,
 * .../reference/refresh_access_token, .../reference/me and .../instagram-platform/content-publishing (its
 * header says what each gave). It refuses a wrong secret, a used, expired or re-pointed code, a missing
 * scope, a refresh of a short-lived or too young token, and an expired or revoked token (190).
 * Times come from `now` (tests pass their clock).
 */
import type http from 'node:http';
import { createFaultList, startLoopbackHosts } from '../stand-in/loopback-hosts';
import type { Call, Reply } from './call';
import type { Readiness } from './containers';
import type { ConsentChoice } from './dialog';
import type { ExchangeShape } from './instagram-login-routes';
import { GRAPH_API_VERSION, GraphError, THREADS_API_VERSION, refuse } from './graph-errors';
import { createMetaState, META_ACCOUNTS, type AppConfig, type MetaApp, type Usage } from './meta-state';
import { createRouter, splitVersion, type MetaHost } from './router';

/** The next request to a (version-less) path is answered so instead: an error, a hang-up after it was processed, or a delay. */
export type MetaFault = { path: string | RegExp; host?: MetaHost } & (
  | { error: { code: number; subcode?: number; status?: number; message?: string }; retryAfterSeconds?: number; headers?: Record<string, string> }
  | { hangUp: true }
  | { delayMs?: number; until?: Promise<unknown> }
);

export interface MetaServerOptions {
  now?: () => Date;
  /** The Valid OAuth Redirect URIs of both apps (more with `allowRedirectUri`). */
  redirectUris?: string[];
  /** Container readiness: IN_PROGRESS for this many status reads and this long on the clock (default 1 read, 0 ms). */
  containerReadiness?: Partial<Readiness>;
}

export interface ReceivedCall {
  host: MetaHost;
  method: string;
  path: string;
  params: Record<string, string>;
}

const HOSTS: MetaHost[] = ['facebook', 'graph', 'threads', 'threadsGraph', 'instagram', 'instagramApi', 'instagramGraph'];

/** Query and body parameters (form or JSON; JSON values that are not strings are kept as JSON text). */
function paramsOf(url: URL, body: string, contentType: string): Record<string, string> {
  const params = Object.fromEntries(url.searchParams);
  if (contentType.startsWith('application/x-www-form-urlencoded')) Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
  else if (contentType.startsWith('application/json') && body) {
    for (const [key, value] of Object.entries(JSON.parse(body) as Record<string, unknown>))
      params[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return params;
}

export async function startMetaServer(options: MetaServerOptions = {}) {
  const { now = () => new Date(), redirectUris = [] } = options;
  const apps: Record<MetaApp, AppConfig> = {
    facebook: { id: '1234567890123456', secret: 'facebook-app-secret', redirectUris: [...redirectUris] },
    threads: { id: '9876543210987654', secret: 'threads-app-secret', redirectUris: [...redirectUris] },
    // Instagram Login has its own Instagram app ID and secret (business-login: "Business login settings").
    instagram: { id: '990602627938098', secret: 'instagram-app-secret', redirectUris: [...redirectUris] },
  };
  const state = createMetaState(now, apps);
  const router = createRouter(state, { polls: 1, ms: 0, ...options.containerReadiness });
  const faults = createFaultList<MetaFault, MetaHost>();
  const received: ReceivedCall[] = [];

  /** Usage headers, and the throttling refusal once a usage reaches 100 %. */
  const usageHeaders = (path: string): { headers: Record<string, string>; throttled?: GraphError } => {
    const usage = state.getUsage();
    const headers: Record<string, string> = {};
    let throttled: GraphError | undefined;
    const full = (entry: { call_count: number; total_time: number; total_cputime: number }) =>
      Math.max(entry.call_count, entry.total_time, entry.total_cputime) >= 100;
    if (usage.app) {
      headers['x-app-usage'] = JSON.stringify(usage.app);
      if (full(usage.app)) throttled = refuse.coded(4);
    }
    const objectId = path.split('/')[1] ?? '';
    const business = usage.business?.[objectId];
    if (business) {
      headers['x-business-use-case-usage'] = JSON.stringify({ [objectId]: [business] });
      throttled ??= full(business) ? refuse.coded(business.type === 'pages' ? 80001 : 80002) : undefined;
    }
    return { headers, ...(throttled ? { throttled } : {}) };
  };

  const handle = async (host: MetaHost, request: http.IncomingMessage, body: string): Promise<{ reply: Reply; fault?: MetaFault }> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const call: Call = {
      method: request.method ?? 'GET',
      path: url.pathname,
      params: paramsOf(url, body, String(request.headers['content-type'] ?? '')),
      headers: request.headers,
    };
    const bare = splitVersion(url.pathname).rest;
    received.push({ host, method: call.method, path: url.pathname, params: call.params });
    const fault = faults.take(host, bare);
    const usage = host === 'graph' ? usageHeaders(bare) : { headers: {} };
    try {
      if (fault && 'error' in fault) {
        const { code, subcode, status = 400, message } = fault.error;
        const error = message
          ? new GraphError(status, code, message, subcode === undefined ? {} : { subcode })
          : refuse.coded(code, status, subcode === undefined ? {} : { subcode });
        const retry: Record<string, string> = fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
        return { reply: { status: error.status, json: error.body(), headers: { ...usage.headers, ...retry, ...fault.headers } } };
      }
      if (usage.throttled) throw usage.throttled;
      const reply = await router.route(host, call);
      return { reply: { ...reply, headers: { ...usage.headers, ...reply.headers } }, ...(fault ? { fault } : {}) };
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      return { reply: { status: error.status, json: error.body(), headers: { ...usage.headers, ...error.details.headers } }, ...(fault ? { fault } : {}) };
    }
  };

  const { urls, close } = await startLoopbackHosts({
    hosts: HOSTS,
    style: { jsonType: 'application/json; charset=UTF-8', withoutJson: 'empty' },
    handle: (host, request, body) => handle(host, request, body.toString('utf8')),
  });
  const dialogOf = (url: string): MetaApp => {
    const { origin } = new URL(url);
    return origin === urls.threads ? 'threads' : origin === urls.instagram ? 'instagram' : 'facebook';
  };

  return {
    /** www.facebook.com, graph.facebook.com, threads.net, graph.threads.net, www.instagram.com, api.instagram.com, graph.instagram.com. */
    urls,
    version: GRAPH_API_VERSION,
    threadsVersion: THREADS_API_VERSION,
    apps,
    accounts: META_ACCOUNTS,
    /** Everything published, in order; `postsOf` narrows it to one Page, Instagram account or Threads profile. */
    published: state.published,
    postsOf: (accountId: string) => state.published.filter((item) => item.accountId === accountId),
    received,
    /** Clicking Allow (or Cancel, `deny`) on the consent screen a client sent the browser to: answers the redirect location. */
    approve: (authorizeUrl: string, choice: ConsentChoice = {}) => router.dialogs.approve(authorizeUrl, dialogOf(authorizeUrl), choice),
    allowRedirectUri: (uri: string) => Object.values(apps).forEach((app) => app.redirectUris.push(uri)),
    /** A token as if the person had gone through the dialog, for tests that do not test the login. */
    grant: (app: MetaApp, scopes: string[], { longLived = true } = {}) =>
      state.issue(app, { kind: 'user', scopes, longLived, expiresAt: now().getTime() + (longLived ? 5_183_944 : 3600) * 1000 }).value,
    /** The person takes the app's access away (458) or changes their password (460): every token issued so far stops working. */
    revoke: (app: MetaApp, subcode: 458 | 460 = 458) => void state.revoke(app, subcode),
    fault: (...next: MetaFault[]) => faults.add(...next),
    setUsage: (usage: Usage) => void state.setUsage(usage),
    setContainerReadiness: (readiness: Partial<Readiness>) => void router.containers.setReadiness(readiness),
    /** Instagram Login's code exchange answers as the business-login guide shows (wrapped in `data`, the default) or as the oauth-access-token reference does. */
    setInstagramExchangeShape: (shape: ExchangeShape) => router.instagramLogin.setExchangeShape(shape),
    close,
  };
}

export type MetaServer = Awaited<ReturnType<typeof startMetaServer>>;
