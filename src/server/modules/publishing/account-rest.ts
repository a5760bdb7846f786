import type { ConnectionRow } from './connection-repository';
import type { AttemptEnd, DeliveryRow } from './delivery-row';
import type { AttemptOutcome } from './outcome';

/**
 * Per-account rate limits. A 429 for one account (`accountLimited`) rests its connection until the
 * network's window ends (`connections.restUntil`, shared by every worker); the account's other posts
 * claimed meanwhile are put back for that time without being sent, so they hold no lane and no
 * attempt, and the posts of other accounts go on as usual.
 */

/** Until when `connection` rests at `at` (ISO), undefined when it may be called. */
export function restingUntil(connection: Pick<ConnectionRow, 'restUntil'>, at: Date): string | undefined {
  return connection.restUntil !== null && connection.restUntil > at.toISOString() ? connection.restUntil : undefined;
}

/** A claimed delivery of a resting account, back to waiting for the rest's end: its claim does not count as an attempt. */
export function deferral(row: DeliveryRow, connection: Pick<ConnectionRow, 'name'>, until: string, at: Date): AttemptEnd {
  const detail = `Waiting: the network asked us to slow down for the account of “${connection.name}”; it will be sent at ${until.slice(11, 16)} UTC.`;
  return {
    row,
    change: { status: 'scheduled', nextAttemptAt: until, reason: detail, attempts: row.attempts - 1 },
    attempt: { at: at.toISOString(), outcome: 'retry', detail },
  };
}

/**
 * Until when an attempt's outcome rests its account: the window the network named, else the
 * delivery's own next attempt; undefined when the limit was not the account's.
 */
export function restAfter(outcome: AttemptOutcome, finishedAt: Date, nextAttemptAt: string | undefined): string | undefined {
  if (outcome.result !== 'retry' || !outcome.accountLimited) return undefined;
  if (outcome.retryAfterMs !== undefined) return new Date(finishedAt.getTime() + outcome.retryAfterMs).toISOString();
  return nextAttemptAt;
}
