/**
 * Counts requests per key (a review link, a client address) in fixed windows on the injected clock.
 * In memory: each instance counts on its own, so behind a load balancer a client may get up to
 * `limit` per instance per window. That still bounds guessing (a token has 256 bits) and a runaway
 * page; a shared counter would cost a database write on every review request.
 */
export function createRateLimiter({
  limit,
  windowMs = 60_000,
  maxKeys = 10_000,
  now,
}: {
  limit: number;
  windowMs?: number;
  maxKeys?: number;
  now: () => Date;
}) {
  let window = -1;
  const counts = new Map<string, number>();
  return {
    /** Takes one request for `key`; false when the key used its window's `limit`. */
    take(key: string): boolean {
      const current = Math.floor(now().getTime() / windowMs);
      if (current !== window) {
        window = current;
        counts.clear();
      }
      const used = counts.get(key) ?? 0;
      // A flood of new keys (addresses) cannot grow memory without bound: past `maxKeys` a new key waits for the next window.
      if (used === 0 && counts.size >= maxKeys) return false;
      if (used >= limit) return false;
      counts.set(key, used + 1);
      return true;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
