import type { Logger } from '../../platform/logger';
import type { JobRow } from './job-repository';

/**
 * The one home of a generation job's lease: how long it lasts, when it counts as lapsed and for how
 * long a lapsed one may still be taken over. The repository stores and compares the instants these
 * rules compute; the runner and the service only ask them.
 */

/** How long a running job holds its month without a heartbeat, and how often the runner renews it. */
export interface JobLease {
  durationMs: number;
  renewEveryMs: number;
}

export const DEFAULT_LEASE: JobLease = { durationMs: 60_000, renewEveryMs: 15_000 };

export const LEASE_LAPSED_REASON = 'The server stopped while this month was being written; generate again.';

/**
 * With a durable queue, how long after its lease lapsed a job may still be taken over (its instance
 * died and the queue has yet to hand it to another); after that it counts as failed.
 */
export const TAKEOVER_WINDOW_LEASES = 15;

/** The lease rules for `lease`; `durable`: another instance may take a job over (a durable queue). */
export function createLeaseRules(lease: JobLease, { durable }: { durable: boolean }) {
  /**
   * A running job whose lease ran out before this counts as failed, whether or not anyone has written
   * that down yet. In one process that is now; with a durable queue another instance may still take
   * the job over for a while after its lease lapsed, so the cut-off lies that far back.
   */
  const lapsedBefore = (at: Date) => new Date(at.getTime() - (durable ? lease.durationMs * TAKEOVER_WINDOW_LEASES : 0)).toISOString();
  return {
    lease,
    /** The lease in whole seconds, for the queue's expiry of a run. */
    seconds: Math.max(1, Math.round(lease.durationMs / 1000)),
    /** When a lease taken or renewed at `at` runs out. */
    endsAt: (at: Date) => new Date(at.getTime() + lease.durationMs).toISOString(),
    lapsedBefore,
    /** What a new job's insert ends first: the month's running job whose lease lapsed before the cut-off. */
    lapsedAt: (at: Date) => ({ before: lapsedBefore(at), reason: LEASE_LAPSED_REASON }),
    /** The job as it stands at `at`: running with a lease lapsed before the cut-off reads as failed. */
    asOf(row: JobRow, at: Date): JobRow {
      if (row.status !== 'running' || row.leaseUntil === null || row.leaseUntil >= lapsedBefore(at)) return row;
      return { ...row, status: 'failed', error: LEASE_LAPSED_REASON, finishedAt: row.leaseUntil };
    },
  };
}

export type LeaseRules = ReturnType<typeof createLeaseRules>;

/**
 * Renews a run's lease every `renewEveryMs` through `renew` (false: the run no longer holds it), and
 * calls `onLost` once it does not. Returns the function that stops it.
 */
export function startHeartbeat({
  renew,
  onLost,
  now,
  lease,
  log,
  jobId,
}: {
  renew: (at: Date) => Promise<boolean>;
  onLost: () => void;
  now: () => Date;
  lease: JobLease;
  log: Logger;
  jobId: string;
}): () => void {
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    renew(now())
      .then((held) => {
        if (!held) onLost();
      })
      // The database may be back before the lease runs out; until then, the next beat tries again.
      .catch((error: unknown) => log.warn({ event: 'generation.heartbeat-failed', jobId, err: error }))
      .finally(() => (renewing = false));
  }, lease.renewEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
