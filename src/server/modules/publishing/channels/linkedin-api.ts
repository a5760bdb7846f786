import { z } from 'zod';
import { sendOutbound, type OutboundPolicy } from '../outbound';
import { jsonBody, retryAfterMs, unanswered, type AttemptOutcome } from '../outcome';
import { createBackoff, type Backoff } from './meta-graph';

/**
 * Calls to LinkedIn's APIs (api.linkedin.com: /v2/userinfo and the versioned /rest APIs, and the upload
 * addresses the Images and Videos APIs hand out), and their refusals in words. Written from
 * learn.microsoft.com/linkedin: marketing/versioning (every /rest call names a LinkedIn-Version YYYYMM,
 * each supported about a year), shared/api-guide/concepts/protocol-version (X-Restli-Protocol-Version
 * 2.0.0), shared/api-guide/concepts/error-handling (`{ status, serviceErrorCode, message }`; 401 for an
 * invalid, expired or revoked token, 403 for a missing permission) and shared/api-guide/concepts/rate-limits
 * (a 429 once a daily limit is reached; the limits reset at midnight UTC; no Retry-After is documented).
 * The 401 `code`s and the duplicate post's answer are as LinkedIn sends them (see src/testing/linkedin).
 */

/** The Marketing version every /rest call names; LinkedIn sunsets it about a year after its month (a 426 then). */
export const LINKEDIN_API_VERSION = '202610';
export const NETWORK = 'LinkedIn';

/**
 * What a LinkedIn connection seals: who posts (the member's person urn, or a Page's organization urn),
 * the member's 60-day token, and, for apps LinkedIn approved for them, the refresh token that renews it.
 */
export const linkedinCredentialsSchema = z.object({
  author: z.string().startsWith('urn:li:').max(200),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
});
export type LinkedInCredentials = z.infer<typeof linkedinCredentialsSchema>;

/** The live post's address on LinkedIn. */
export const postLink = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

export interface LinkedInRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** A path on the API host (`/rest/posts`, `/v2/userinfo`), or an upload address LinkedIn handed out. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  /** A file's bytes, streamed (an upload). */
  file?: { size: number; type: string; body: () => AsyncIterable<Uint8Array> };
  token: string;
  signal?: AbortSignal | undefined;
}

/** LinkedIn's error object, with Rest.li's details where it sends them. */
export interface LinkedInErrorBody {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
  errorDetails?: { inputErrors?: { code?: string }[] };
}

export type LinkedInAnswer<T> =
  | { ok: true; status: number; json: T; headers: Record<string, string | string[] | undefined> }
  /** `status` where LinkedIn answered; `lost`: the request left and no answer came (LinkedIn may have acted on it). */
  | { ok: false; outcome: AttemptOutcome; status?: number; error?: LinkedInErrorBody; lost?: boolean };

/** The next midnight UTC after `now`, when LinkedIn's daily limits reset. */
const untilMidnightUtc = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime();

/** The urn a duplicate refusal names ("Content is a duplicate of urn:li:share:…"), or undefined when it is not one. */
export function duplicateOf(error: LinkedInErrorBody | undefined): string | undefined {
  const message = error?.message ?? '';
  const marker = 'duplicate of ';
  const at = message.indexOf(marker);
  const flagged = error?.errorDetails?.inputErrors?.some((entry) => entry.code === 'DUPLICATE_POST') || at >= 0;
  if (!flagged) return undefined;
  const urn = at >= 0 ? message.slice(at + marker.length).split(/[\s"”,]/)[0]! : '';
  return urn.startsWith('urn:li:') ? urn : '';
}

/** A LinkedIn refusal in words: what happened and what to do, and whether the connection no longer works. */
export function linkedinRefusal(status: number, error: LinkedInErrorBody | undefined, retryAfter: number | undefined, now: Date): AttemptOutcome {
  const code = error?.code ?? '';
  const service = error?.serviceErrorCode;
  const message = error?.message?.slice(0, 300);
  if (status === 401) {
    const why =
      code === 'EXPIRED_ACCESS_TOKEN' || service === 65602
        ? 'its sign-in expired (LinkedIn sign-ins last 60 days)'
        : code === 'REVOKED_ACCESS_TOKEN' || service === 65601
          ? 'the app’s access was removed from the LinkedIn account'
          : 'its sign-in is no longer valid';
    return { result: 'failed', detail: `${NETWORK} no longer accepts this connection: ${why}. Reconnect it in Settings → Connections.`, connectionLost: true };
  }
  if (status === 403)
    return {
      result: 'failed',
      detail: `${NETWORK} refused: the connection lacks a permission it needs to publish${code ? ` (${code})` : ''}. For a Page, the person who connected it must still be one of its admins. Reconnect it in Settings → Connections.`,
      connectionLost: true,
    };
  if (duplicateOf(error) !== undefined)
    return { result: 'failed', detail: `${NETWORK} refused it as a duplicate of a post already on the account. Change the text, then retry.` };
  if (status === 429)
    return {
      result: 'retry',
      detail: `${NETWORK} says this account reached its daily limit of requests; it will be sent when the limit resets (midnight UTC).`,
      retryAfterMs: retryAfter ?? untilMidnightUtc(now),
      untilReset: true,
    };
  if (status === 426 || code === 'NONEXISTENT_VERSION' || code === 'VERSION_MISSING')
    return {
      result: 'failed',
      detail: `${NETWORK} no longer accepts the version of its API this server uses (${LINKEDIN_API_VERSION}). Ask the server’s administrator to update it, then retry.`,
    };
  if (status === 408 || status >= 500) return { result: 'retry', detail: `${NETWORK} had a temporary problem (${status}).`, retryAfterMs: retryAfter };
  const said = message ? ` ${NETWORK} said: “${message}”` : ' Check the post, then retry.';
  return { result: 'failed', detail: `${NETWORK} refused the post (${status}).${said}` };
}

/**
 * LinkedIn's API at `baseUrl` (LINKEDIN_API_URL): each call with the account's backoff (a 429 rests
 * the account until its limit resets), the version headers on /rest calls, the token in the
 * Authorization header only. The API host is the operator's setting and may be private (a staging
 * stand-in); an upload address is LinkedIn's answer, held to the outbound policy like any other.
 */
export function createLinkedInApi(setup: { baseUrl: string; policy: OutboundPolicy }, backoff: Backoff = createBackoff()) {
  const { baseUrl, policy } = setup;

  async function call<T>(request: LinkedInRequest, context: { account: string; now: () => Date }): Promise<LinkedInAnswer<T>> {
    const { account, now } = context;
    const resting = backoff.waitMs(account, now());
    if (resting > 0)
      return {
        ok: false,
        outcome: {
          result: 'retry',
          detail: `${NETWORK} asked us to slow down for this account; it will be sent when the limit resets.`,
          retryAfterMs: resting,
          untilReset: true,
        },
      };
    const upload = !request.path.startsWith('/');
    const query = new URLSearchParams(request.query ?? {});
    const url = `${upload ? request.path : `${baseUrl}${request.path}`}${query.size > 0 ? `?${query}` : ''}`;
    const body = request.file ? request.file.body : request.json === undefined ? undefined : JSON.stringify(request.json);
    const result = await sendOutbound(
      {
        url,
        method: request.method,
        headers: {
          authorization: `Bearer ${request.token}`,
          'user-agent': 'content-planner-publisher',
          ...(request.path.startsWith('/rest/') ? { 'linkedin-version': LINKEDIN_API_VERSION, 'x-restli-protocol-version': '2.0.0' } : {}),
          ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(request.file ? { 'content-type': request.file.type, 'content-length': String(request.file.size) } : {}),
        },
        ...(body === undefined ? {} : { body }),
        signal: request.signal,
      },
      upload ? policy : { ...policy, allowPrivate: true },
    );
    if (result.reach !== 'answered') return unanswered(result, NETWORK);
    const json = jsonBody(result.body);
    if (result.status >= 200 && result.status < 300) return { ok: true, status: result.status, json: (json ?? {}) as T, headers: result.headers };
    const error = json && typeof json === 'object' ? (json as LinkedInErrorBody) : undefined;
    const outcome = linkedinRefusal(result.status, error, retryAfterMs(result.headers['retry-after'], now()), now());
    if (result.status === 429 && outcome.result === 'retry') backoff.rest(account, outcome.retryAfterMs ?? untilMidnightUtc(now()), now());
    return { ok: false, outcome, status: result.status, ...(error ? { error } : {}) };
  }

  return { call, backoff };
}

export type LinkedInApi = ReturnType<typeof createLinkedInApi>;
