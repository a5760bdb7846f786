import type { OutboundResult } from './outbound';

/** What one attempt came to; the engine turns it into the delivery's next state. */
export type AttemptOutcome =
  | { result: 'published'; detail: string; liveUrl: string | null }
  /**
   * `untilReset`: `retryAfterMs` is when the account's daily quota resets (LinkedIn's at midnight UTC): the
   * next attempt waits for it even past the usual cap, as any earlier one would be refused again.
   *
   * `accountLimited`: the network limits the whole account (a 429): the account rests until then, and its
   * other posts wait for that time without being sent (account-rest.ts).
   */
  | { result: 'retry'; detail: string; retryAfterMs?: number; untilReset?: true; accountLimited?: true }
  /** `connectionLost`: the connection's credentials no longer work (a revoked token): it is marked disconnected with `detail`. */
  | { result: 'failed'; detail: string; connectionLost?: boolean }
  | { result: 'unknown'; detail: string };

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: Date): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * How long a rate limit asks us to wait: Retry-After, or else X-RateLimit-Reset when it is an ISO 8601
 * timestamp (Mastodon's 429 sends only that; a bare number is left alone, as services disagree on
 * whether it counts seconds or an epoch).
 */
export function rateLimitWaitMs(headers: Record<string, string | string[] | undefined>, now: Date): number | undefined {
  const fromRetryAfter = retryAfterMs(headers['retry-after'], now);
  if (fromRetryAfter !== undefined) return fromRetryAfter;
  const reset = headers['x-ratelimit-reset'];
  const value = Array.isArray(reset) ? reset[0] : reset;
  if (!value || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** `value` when it is an https link we may show as the live post, else null. */
export const liveLink = (value: unknown): string | null => (typeof value === 'string' && /^https:\/\/\S+$/.test(value) && value.length <= 2000 ? value : null);

/** The link the receiver names as the live post (`url` in a JSON answer), else null. */
function liveUrlFrom(body: string): string | null {
  try {
    return liveLink((JSON.parse(body) as { url?: unknown }).url);
  } catch {
    return null;
  }
}

/**
 * An HTTP result in words the user can act on. The receiver's body is never shown: only its status.
 * `receiver` names it ("The webhook", "Mastodon").
 */
export function outcomeOf(result: OutboundResult, receiver: string, now: Date): AttemptOutcome {
  switch (result.reach) {
    case 'refused':
      return { result: 'failed', detail: `Not sent: ${result.reason} Change the connection's address in Settings → Connections.` };
    case 'not-sent':
      return { result: 'retry', detail: `Not sent: ${result.reason}.` };
    case 'no-answer':
      return {
        result: 'unknown',
        detail: `Sent, but ${result.reason}: it may or may not have been published. Check the network, then confirm it or retry.`,
      };
    case 'answered': {
      const { status } = result;
      if (status >= 200 && status < 300) return { result: 'published', detail: `${receiver} accepted it (${status}).`, liveUrl: liveUrlFrom(result.body) };
      if (status === 429)
        return {
          result: 'retry',
          detail: `${receiver} asked us to slow down (429).`,
          retryAfterMs: rateLimitWaitMs(result.headers, now),
          accountLimited: true,
        };
      if (status === 408 || status === 425 || status >= 500)
        return { result: 'retry', detail: `${receiver} had trouble (${status}).`, retryAfterMs: retryAfterMs(result.headers['retry-after'], now) };
      if (status === 401 || status === 403)
        return { result: 'failed', detail: `${receiver} refused our credentials (${status}). Check the connection in Settings → Connections, then retry.` };
      if (status >= 300 && status < 400) return { result: 'failed', detail: `${receiver} answered with a redirect we could not follow (${status}).` };
      return { result: 'failed', detail: `${receiver} refused the post (${status}). Check the post and the receiver, then retry.` };
    }
  }
}

/** An API call that got no answer to read: the outcome to record, `lost` when it may have reached the network. */
export interface Unanswered {
  ok: false;
  lost?: true;
  outcome: AttemptOutcome;
}

/**
 * A provider's API call that did not come back answered, in words: not sent (retried), refused by our
 * outbound rules (failed), or sent without an answer (unknown: `where` is what the user checks).
 */
export function unanswered(result: Exclude<OutboundResult, { reach: 'answered' }>, network: string, where = 'the account'): Unanswered {
  if (result.reach === 'not-sent') return { ok: false, outcome: { result: 'retry', detail: `Not sent: ${result.reason}.` } };
  if (result.reach === 'refused') return { ok: false, outcome: { result: 'failed', detail: `Not sent: ${result.reason}` } };
  return {
    ok: false,
    lost: true,
    outcome: {
      result: 'unknown',
      detail: `Sent to ${network}, but ${result.reason}: it may or may not have been published. Check ${where}, then confirm it or retry.`,
    },
  };
}

/** An answer's body as JSON: {} when empty, undefined when it is not JSON. */
export function jsonBody(body: string): unknown {
  try {
    return body ? JSON.parse(body) : {};
  } catch {
    return undefined;
  }
}
