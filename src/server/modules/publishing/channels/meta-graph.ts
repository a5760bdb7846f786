import { sendOutbound, type OutboundPolicy } from '../outbound';
import { jsonBody, retryAfterMs, unanswered, type AttemptOutcome } from '../outcome';

/**
 * Calls to Meta's Graph APIs (graph.facebook.com for Pages and Instagram, graph.instagram.com for
 * Instagram Login, graph.threads.net for Threads), and their refusals in words. Written from
 * developers.facebook.com/docs/graph-api/guides/error-handling (the error object and its codes) and
 * /docs/graph-api/overview/rate-limiting (X-App-Usage, X-Business-Use-Case-Usage).
 *
 * The hosts are the operator's settings (<PROVIDER>_API_URL), not a user's input, so they may be
 * private (a staging stand-in); tokens go in the Authorization header, never in a URL that could be logged.
 */

/** The Graph API version every call names (the latest the changelog lists). */
export const GRAPH_API_VERSION = 'v26.0';
/** The Threads API's one version. */
export const THREADS_API_VERSION = 'v1.0';

export interface GraphApi {
  /** e.g. https://graph.facebook.com (no version). */
  baseUrl: string;
  /** e.g. v26.0; empty for paths without one. */
  version: string;
  /** The network as the user knows it, in sentences: "Facebook", "Instagram", "Threads". */
  network: string;
}

export interface GraphRequest {
  method: 'GET' | 'POST';
  /** After the version, e.g. `/123/feed`. */
  path: string;
  params?: Record<string, string>;
  token: string;
  signal?: AbortSignal;
}

/** Graph's error object (error-handling guide). */
export interface GraphErrorBody {
  message?: string;
  code?: number;
  error_subcode?: number;
  error_user_msg?: string;
  is_transient?: boolean;
}

export type GraphAnswer<T> =
  | { ok: true; json: T }
  /** `error` is Graph's error object when it sent one; `outcome` says in words what it means for the post. */
  | { ok: false; outcome: AttemptOutcome; error?: GraphErrorBody; lost?: boolean };

/** Throttling codes: the app (4), the user (17), the Page (32), an API (613), business use cases (80000-80014). */
const THROTTLED = new Set([4, 17, 32, 613]);
const isThrottled = (code: number) => THROTTLED.has(code) || (code >= 80000 && code <= 80014);
/** How long an account rests when Graph throttles without saying for how long. */
const DEFAULT_BACKOFF_MS = 15 * 60_000;
/** Past this usage (percent of any of call_count, total_time, total_cputime) the account rests before Graph throttles it. */
const USAGE_CEILING = 95;

/**
 * Accounts resting after Graph throttled them or their usage neared its limit: per account (a Page, an
 * Instagram or Threads account), never the whole server, so one busy account does not hold up others.
 */
export function createBackoff() {
  const until = new Map<string, number>();
  return {
    /** How long the account still rests at `now`, or 0 (each call brings its clock: a channel is made before any). */
    waitMs(account: string, now: Date): number {
      const end = until.get(account);
      if (end === undefined) return 0;
      const left = end - now.getTime();
      if (left <= 0) until.delete(account);
      return Math.max(0, left);
    },
    rest(account: string, ms: number, now: Date) {
      until.set(account, Math.max(until.get(account) ?? 0, now.getTime() + ms));
    },
  };
}
export type Backoff = ReturnType<typeof createBackoff>;

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * How long the usage headers ask the account to rest: the longest `estimated_time_to_regain_access`
 * (minutes) of X-Business-Use-Case-Usage, or the default when any usage is at its ceiling; 0 otherwise.
 */
export function usageRestMs(headers: Record<string, string | string[] | undefined>): number {
  let rest = 0;
  const full = (entry: Record<string, unknown>) =>
    ['call_count', 'total_time', 'total_cputime'].some((key) => typeof entry[key] === 'number' && (entry[key] as number) >= USAGE_CEILING);
  try {
    const app = header(headers, 'x-app-usage');
    if (app && full(JSON.parse(app) as Record<string, unknown>)) rest = DEFAULT_BACKOFF_MS;
    const business = header(headers, 'x-business-use-case-usage');
    if (business) {
      for (const entries of Object.values(JSON.parse(business) as Record<string, Record<string, unknown>[]>)) {
        for (const entry of entries) {
          const minutes = typeof entry.estimated_time_to_regain_access === 'number' ? entry.estimated_time_to_regain_access : 0;
          if (minutes > 0) rest = Math.max(rest, minutes * 60_000);
          else if (full(entry)) rest = Math.max(rest, DEFAULT_BACKOFF_MS);
        }
      }
    }
  } catch {
    // Unreadable usage headers say nothing about resting.
  }
  return rest;
}

/** A Graph error in words: what happened and what to do, and whether the connection no longer works. */
export function graphRefusal(error: GraphErrorBody, network: string, retryAfter: number | undefined): AttemptOutcome {
  const code = error.code ?? 0;
  const said = error.error_user_msg ? ` ${network} said: “${error.error_user_msg.slice(0, 300)}”` : '';
  if (code === 190) {
    const why =
      error.error_subcode === 463
        ? 'its sign-in expired'
        : error.error_subcode === 460
          ? 'the account’s password was changed'
          : error.error_subcode === 458
            ? 'the app’s access was removed from the account'
            : 'its sign-in is no longer valid';
    return { result: 'failed', detail: `${network} no longer accepts this connection: ${why}. Reconnect it in Settings → Connections.`, connectionLost: true };
  }
  if (code === 10 || (code >= 200 && code <= 299))
    return {
      result: 'failed',
      detail: `${network} refused: the connection lacks a permission it needs to publish (code ${code}). Reconnect it in Settings → Connections and allow every permission asked.`,
      connectionLost: true,
    };
  if (code === 368)
    return { result: 'failed', detail: `${network} has blocked this account from posting for now, as it judged the activity abusive (code 368).${said}` };
  if (isThrottled(code))
    return {
      result: 'retry',
      detail: `${network} asked us to slow down for this account (code ${code}); it will be sent when the limit resets.`,
      retryAfterMs: retryAfter ?? DEFAULT_BACKOFF_MS,
    };
  if (code === 506) return { result: 'failed', detail: `${network} refused it as a duplicate of a recent post. Change the text, then retry.` };
  if (code === 1 || code === 2 || error.is_transient)
    return { result: 'retry', detail: `${network} had a temporary problem (code ${code}).`, retryAfterMs: retryAfter };
  return { result: 'failed', detail: `${network} refused the post (code ${code}).${said || ' Check the post, then retry.'}` };
}

/**
 * One Graph call with the account's backoff: a resting account is not called; throttling or usage at
 * its ceiling rests it; a 2xx answer is parsed; anything else is an outcome in words. `lost` marks a
 * request that left without an answer (the network may have acted on it).
 */
export async function graphCall<T>(
  api: GraphApi,
  request: GraphRequest,
  context: { policy: OutboundPolicy; backoff: Backoff; account: string; now: () => Date },
): Promise<GraphAnswer<T>> {
  const { policy, backoff, account, now } = context;
  const resting = backoff.waitMs(account, now());
  if (resting > 0)
    return {
      ok: false,
      outcome: {
        result: 'retry',
        detail: `${api.network} asked us to slow down for this account; it will be sent when the limit resets.`,
        retryAfterMs: resting,
      },
    };
  const query = new URLSearchParams(request.method === 'GET' ? request.params : {});
  // Threads' token endpoints have no version in their path (an empty `version`).
  const url = `${api.baseUrl}${api.version ? `/${api.version}` : ''}${request.path}${query.size > 0 ? `?${query}` : ''}`;
  const body = request.method === 'POST' ? new URLSearchParams(request.params).toString() : undefined;
  const result = await sendOutbound(
    {
      url,
      method: request.method,
      headers: {
        authorization: `Bearer ${request.token}`,
        'user-agent': 'content-planner-publisher',
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(body === undefined ? {} : { body }),
      signal: request.signal,
    },
    // The operator's setting, not a user's address: a private stand-in is allowed.
    { ...policy, allowPrivate: true },
  );
  if (result.reach !== 'answered') return unanswered(result, api.network);
  const rest = usageRestMs(result.headers);
  if (rest > 0) backoff.rest(account, rest, now());
  const json = jsonBody(result.body);
  if (result.status >= 200 && result.status < 300 && json !== undefined) return { ok: true, json: json as T };
  const error = (json as { error?: GraphErrorBody } | undefined)?.error;
  const retryAfter = retryAfterMs(result.headers['retry-after'], now());
  if (!error) {
    if (result.status === 429 || result.status >= 500)
      return { ok: false, outcome: { result: 'retry', detail: `${api.network} had trouble (${result.status}).`, retryAfterMs: retryAfter } };
    return { ok: false, outcome: { result: 'failed', detail: `${api.network} answered in a way we could not read (${result.status}).` } };
  }
  const outcome = graphRefusal(error, api.network, retryAfter ?? (rest > 0 ? rest : undefined));
  if (outcome.result === 'retry' && isThrottled(error.code ?? 0)) backoff.rest(account, outcome.retryAfterMs ?? DEFAULT_BACKOFF_MS, now());
  return { ok: false, outcome, error };
}
