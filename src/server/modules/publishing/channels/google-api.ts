import * as oauth from 'oauth4webapi';
import { PROVIDER_HOSTS, type ProviderApp } from '../../../provider-config';
import { tokenClient } from '../oauth/sign-in-steps';
import { sendOutbound, type OutboundPolicy } from '../outbound';
import { jsonBody, retryAfterMs, unanswered, type AttemptOutcome } from '../outcome';

/**
 * Calls to Google's Business Profile APIs and its token endpoint, and their refusals in words. Written
 * from developers.google.com/identity/protocols/oauth2/web-server ("Refreshing an access token"; a
 * refresh token is not rotated, and `invalid_grant` means it was revoked or expired) and the google.rpc
 * package reference (Status `{ code, message, status, details }`, Code and its HTTP mapping, BadRequest
 * field violations, ErrorInfo reasons). The hosts are the operator's settings (GOOGLE_*_URL), never a
 * user's: a private stand-in is allowed. Tokens go in the Authorization header or a form body, never a URL.
 */
const GOOGLE = 'Google';
/** Google's quotas are per minute: a 429 without Retry-After waits one. */
const QUOTA_WAIT_MS = 60_000;
/** An access token this close to its end is refreshed first: it could lapse on the way. */
const EXPIRY_MARGIN_MS = 60_000;

/** Google's error object (google.rpc.Status as JSON). */
export interface GoogleStatus {
  code?: number;
  message?: string;
  status?: string;
  details?: { '@type'?: string; reason?: string; fieldViolations?: { field?: string; description?: string }[] }[];
}

export type GoogleAnswer<T> =
  | { ok: true; json: T }
  /** `lost`: the request left and no answer came (Google may have acted on it); `error` is Google's Status when it sent one. */
  | { ok: false; outcome: AttemptOutcome; error?: GoogleStatus; lost?: boolean };

export interface GoogleRequest {
  method: 'GET' | 'POST';
  url: string;
  token: string;
  json?: unknown;
  signal?: AbortSignal;
}

/** Where Google's further hosts are: the operator's settings, else Google's own. */
export const googleHost = (app: ProviderApp | undefined, host: 'token' | 'accounts' | 'locations') => app?.hosts[host] ?? PROVIDER_HOSTS.google.more![host]!;

/** The OAuth client of the operator's Google app: authorization on accounts.google.com, tokens on oauth2.googleapis.com. */
export const googleTokenClient = (app: ProviderApp) => tokenClient(app, `${app.authUrl}/o/oauth2/v2/auth`, `${googleHost(app, 'token')}/token`);

/** The first field violation of an INVALID_ARGUMENT (google.rpc.BadRequest), when Google names one. */
export function fieldViolation(error: GoogleStatus | undefined): { field: string; description: string } | undefined {
  for (const detail of error?.details ?? [])
    for (const violation of detail.fieldViolations ?? [])
      if (typeof violation.field === 'string') return { field: violation.field, description: String(violation.description ?? '').slice(0, 300) };
  return undefined;
}

const reasonOf = (error: GoogleStatus) => error.details?.find((detail) => typeof detail.reason === 'string')?.reason;

/** A Google API refusal in words: what happened and what to do, and whether the connection no longer works. */
export function googleRefusal(error: GoogleStatus, httpStatus: number, retryAfter: number | undefined): AttemptOutcome {
  const status = error.status ?? String(httpStatus);
  const said = error.message ? ` Google said: “${error.message.slice(0, 300)}”` : '';
  if (status === 'UNAUTHENTICATED' || httpStatus === 401)
    return {
      result: 'failed',
      detail: `${GOOGLE} no longer accepts this connection: its sign-in expired or was revoked. Reconnect it in Settings → Connections.`,
      connectionLost: true,
    };
  if (status === 'PERMISSION_DENIED' || httpStatus === 403) {
    const reason = reasonOf(error);
    if (reason === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT')
      return {
        result: 'failed',
        detail: `${GOOGLE} refused: the connection lacks the permission to manage your Business Profile. Reconnect it in Settings → Connections and allow it.`,
        connectionLost: true,
      };
    if (reason === 'SERVICE_DISABLED' || reason === 'API_DISABLED')
      return {
        result: 'failed',
        detail: `${GOOGLE} refused: the server's Google Cloud project has not enabled the Business Profile API this needs. Ask the server's administrator to enable it, then retry.`,
      };
    return {
      result: 'failed',
      detail: `${GOOGLE} refused (PERMISSION_DENIED): the Google account that connected this location may no longer manage it. Check its access in Business Profile, then reconnect it in Settings → Connections.`,
    };
  }
  if (status === 'NOT_FOUND' || httpStatus === 404)
    return {
      result: 'failed',
      detail: `${GOOGLE} could not find this location: it may have been removed or moved to another account. Reconnect it in Settings → Connections.`,
    };
  if (status === 'RESOURCE_EXHAUSTED' || httpStatus === 429)
    return {
      result: 'retry',
      detail: `${GOOGLE} asked us to slow down (RESOURCE_EXHAUSTED); it will be sent when the limit resets.`,
      retryAfterMs: retryAfter ?? QUOTA_WAIT_MS,
    };
  if (['UNAVAILABLE', 'INTERNAL', 'DEADLINE_EXCEEDED', 'ABORTED'].includes(status) || httpStatus >= 500)
    return { result: 'retry', detail: `${GOOGLE} had a temporary problem (${status}).`, retryAfterMs: retryAfter };
  if (status === 'INVALID_ARGUMENT') {
    const violation = fieldViolation(error);
    return {
      result: 'failed',
      detail: violation
        ? `${GOOGLE} refused the post: ${violation.description || 'a value is not valid'} (${violation.field}). Change the post, then retry.`
        : `${GOOGLE} refused the post as not valid (INVALID_ARGUMENT).${said || ' Check the post, then retry.'}`,
    };
  }
  if (status === 'FAILED_PRECONDITION')
    return {
      result: 'failed',
      detail: `${GOOGLE} refused the post: the location cannot take posts now (FAILED_PRECONDITION), for instance while it is not verified.${said} Check the location in Business Profile, then retry.`,
    };
  return { result: 'failed', detail: `${GOOGLE} refused the post (${status}).${said || ' Check the post, then retry.'}` };
}

/** One call to a Google API: a 2xx answer parsed, anything else an outcome in words. */
export async function googleCall<T>(request: GoogleRequest, context: { policy: OutboundPolicy; now: () => Date }): Promise<GoogleAnswer<T>> {
  const body = request.json === undefined ? undefined : JSON.stringify(request.json);
  const result = await sendOutbound(
    {
      url: request.url,
      method: request.method,
      headers: {
        authorization: `Bearer ${request.token}`,
        accept: 'application/json',
        'user-agent': 'content-planner-publisher',
        ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      },
      ...(body === undefined ? {} : { body }),
      signal: request.signal,
    },
    // The operator's setting, not a user's address: a private stand-in is allowed.
    { ...context.policy, allowPrivate: true },
  );
  if (result.reach !== 'answered') return unanswered(result, GOOGLE, 'the listing');
  const json = jsonBody(result.body);
  if (result.status >= 200 && result.status < 300 && json !== undefined) return { ok: true, json: json as T };
  const error = (json as { error?: GoogleStatus } | undefined)?.error;
  const retryAfter = retryAfterMs(result.headers['retry-after'], context.now());
  if (!error || typeof error !== 'object') {
    if (result.status === 429 || result.status >= 500)
      return {
        ok: false,
        outcome: {
          result: 'retry',
          detail: `${GOOGLE} had trouble (${result.status}).`,
          retryAfterMs: retryAfter ?? (result.status === 429 ? QUOTA_WAIT_MS : undefined),
        },
      };
    return { ok: false, outcome: { result: 'failed', detail: `${GOOGLE} answered in a way we could not read (${result.status}).` } };
  }
  return { ok: false, outcome: googleRefusal(error, result.status, retryAfter), error };
}

/** The access token and its end, as the connection keeps them. */
export interface GoogleTokens {
  refreshToken: string;
  accessToken: string;
  accessTokenExpiresAt: string;
}

/**
 * An access token good for the next minute: the kept one, or a new one from the refresh token (not
 * stored: Google does not rotate refresh tokens, so the next send simply refreshes again).
 * `invalid_grant` (revoked, or a Testing app's token past its 7 days) loses the connection.
 */
export async function freshAccessToken(
  app: ProviderApp | undefined,
  tokens: GoogleTokens,
  context: { now: () => Date; signal?: AbortSignal; timeoutMs: number },
): Promise<{ ok: true; token: string } | { ok: false; outcome: AttemptOutcome }> {
  if (Date.parse(tokens.accessTokenExpiresAt) - context.now().getTime() > EXPIRY_MARGIN_MS) return { ok: true, token: tokens.accessToken };
  if (!app)
    return {
      ok: false,
      outcome: {
        result: 'failed',
        detail: 'Google sign-in is no longer set up on this server (GOOGLE_CLIENT_ID). Ask the server’s administrator, then retry.',
      },
    };
  const client = googleTokenClient(app);
  const endpoint = client.as.token_endpoint!;
  const signal = context.signal ? AbortSignal.any([context.signal, AbortSignal.timeout(context.timeoutMs)]) : AbortSignal.timeout(context.timeoutMs);
  try {
    const answer = await oauth.processRefreshTokenResponse(
      client.as,
      client.client,
      await oauth.refreshTokenGrantRequest(client.as, client.client, client.auth, tokens.refreshToken, {
        signal,
        ...(endpoint.startsWith('http:') ? { [oauth.allowInsecureRequests]: true } : {}),
      }),
    );
    return { ok: true, token: answer.access_token };
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant')
      return {
        ok: false,
        outcome: {
          result: 'failed',
          detail: `${GOOGLE} no longer accepts this connection: its sign-in was revoked or has expired. Reconnect it in Settings → Connections.`,
          connectionLost: true,
        },
      };
    if (error instanceof oauth.ResponseBodyError && error.status < 500)
      return {
        ok: false,
        outcome: {
          result: 'failed',
          detail: `${GOOGLE} refused to renew the connection's sign-in (${error.error.slice(0, 60)}): the server's Google app settings may be wrong. Ask the server's administrator, then retry.`,
        },
      };
    // Nothing was published yet: a renewal that did not go through is simply tried again.
    return { ok: false, outcome: { result: 'retry', detail: `Not sent: ${GOOGLE}'s sign-in service could not be reached to renew the connection's sign-in.` } };
  }
}
