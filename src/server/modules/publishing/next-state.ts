import type { AttemptEnd, DeliveryRow } from './delivery-row';
import type { AttemptOutcome } from './outcome';

/** Attempts per delivery, and the wait before each retry (the last repeats). */
export const MAX_ATTEMPTS = 5;
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000];
const RETRY_AFTER_CAP_MS = 60 * 60_000;
const LATE_PREFIX = 'This attempt ended after it was marked unknown: ';

/** The state an attempt's outcome leads to. */
export function nextState(row: DeliveryRow, outcome: AttemptOutcome, at: Date) {
  const iso = at.toISOString();
  switch (outcome.result) {
    case 'published':
      return { change: { status: 'published', liveUrl: outcome.liveUrl, reason: null, finishedAt: iso }, logged: 'published' as const };
    case 'failed':
    case 'unknown':
      return { change: { status: outcome.result, reason: outcome.detail, finishedAt: iso }, logged: outcome.result };
    case 'retry': {
      if (row.attempts >= MAX_ATTEMPTS)
        return {
          change: { status: 'failed', reason: `Gave up after ${MAX_ATTEMPTS} attempts. ${outcome.detail}`, finishedAt: iso },
          logged: 'failed' as const,
        };
      const backoff = BACKOFF_MS[Math.min(row.attempts - 1, BACKOFF_MS.length - 1)]!;
      const wait = Math.min(Math.max(backoff, outcome.retryAfterMs ?? 0), RETRY_AFTER_CAP_MS);
      return {
        change: { status: 'scheduled', nextAttemptAt: new Date(at.getTime() + wait).toISOString(), reason: outcome.detail },
        logged: 'retry' as const,
      };
    }
  }
}

/** What an attempt records when its lease was written off meanwhile (its worker stalled): a publication still counts; anything else is logged. */
export function lateEnd(outcome: AttemptOutcome, at: string, connectionId: string | null): AttemptEnd['late'] {
  const detail = LATE_PREFIX + outcome.detail;
  if (outcome.result !== 'published') return { change: {}, attempt: { at, outcome: 'unknown', detail } };
  return {
    change: { status: 'published', liveUrl: outcome.liveUrl, reason: null, finishedAt: at, connectionId },
    attempt: { at, outcome: 'published', detail },
  };
}
