import type { Logger } from '../../platform/logger';

/** How long a running job holds its month without a heartbeat, and how often the runner renews it. */
export interface JobLease {
  durationMs: number;
  renewEveryMs: number;
}

export const DEFAULT_LEASE: JobLease = { durationMs: 60_000, renewEveryMs: 15_000 };

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
