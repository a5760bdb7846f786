import type { Logger } from '../../../platform/logger';
import type { JobQueue } from '../../../platform/queue/queue';
import type { ConnectionRepository } from '../connection-repository';
import { UnreadableCredentials, type SecretBox } from '../secret-box';
import type { TokenRefresh } from './token-refresh';

export const TOKEN_REFRESH_QUEUE = 'connection-token-refresh';
/** Tokens are renewed once they stop working within this long (Threads refuses tokens under 24 hours old). */
export const REFRESH_AHEAD_MS = 10 * 86_400_000;
/** How often the sweep looks for tokens to renew; also the slot in which one connection gets one job. */
export const SWEEP_EVERY_MS = 60 * 60_000;

interface Deps {
  connections: ConnectionRepository;
  box: SecretBox;
  queue: JobQueue;
  refresh: TokenRefresh;
  log: Logger;
  now: () => Date;
}

export type RefreshResult = 'refreshed' | 'disconnected' | 'not-due' | 'changed' | 'later';

/**
 * Keeps tokens alive: a sweep queues one job per connection whose token ends within REFRESH_AHEAD_MS
 * (keyed by connection, so instances sweeping at once queue it once); the job renews the token and
 * writes it only if the connection was not changed meanwhile (a reconnect wins). A token the network
 * refuses (190, a missing permission) disconnects the connection with the reason in words; a network
 * that cannot be reached leaves it for the next sweep.
 */
export function createTokenUpkeep({ connections, box, queue, refresh, log, now }: Deps) {
  async function refreshOne(connectionId: string): Promise<RefreshResult> {
    const row = await connections.findById(connectionId);
    if (!row || row.health === 'disconnected' || row.tokenExpiresAt === null || !refresh.refreshes(row.kind)) return 'not-due';
    if (Date.parse(row.tokenExpiresAt) - now().getTime() > REFRESH_AHEAD_MS) return 'not-due';
    let credentials: unknown;
    try {
      credentials = box.open(row.credentials);
    } catch (error) {
      if (!(error instanceof UnreadableCredentials)) throw error;
      await connections.markDisconnected(row.id, error.message, now().toISOString(), row.updatedAt);
      return 'disconnected';
    }
    const answer = await refresh.refresh(row.kind, credentials);
    const at = now().toISOString();
    if (answer.ok) {
      const written = await connections.replaceCredentials(row.id, row.updatedAt, box.seal(answer.refreshed.credentials), answer.refreshed.expiresAt, at);
      log.info({ event: 'connection.token_refreshed', connectionId: row.id, written, expiresAt: answer.refreshed.expiresAt });
      return written ? 'refreshed' : 'changed';
    }
    if (answer.outcome.result === 'failed' && answer.outcome.connectionLost) {
      const marked = await connections.markDisconnected(row.id, answer.outcome.detail, at, row.updatedAt);
      log.warn({ event: 'connection.token_refused', connectionId: row.id, detail: answer.outcome.detail });
      return marked ? 'disconnected' : 'changed';
    }
    log.warn({ event: 'connection.token_refresh_later', connectionId: row.id, detail: answer.outcome.detail });
    return 'later';
  }

  /** Queues a renewal for each connection whose token ends soon; answers how many were queued. */
  async function sweep(): Promise<number> {
    const due = await connections.listExpiring(new Date(now().getTime() + REFRESH_AHEAD_MS).toISOString());
    let queued = 0;
    for (const row of due) {
      if (!refresh.refreshes(row.kind)) continue;
      const id = await queue.send(
        TOKEN_REFRESH_QUEUE,
        { connectionId: row.id },
        { singletonKey: row.id, singletonSeconds: SWEEP_EVERY_MS / 1000, retryLimit: 0 },
      );
      if (id !== null) queued += 1;
    }
    return queued;
  }

  return {
    sweep,
    refreshOne,
    /** Takes renewal jobs on this instance (main.ts, on instances that run jobs). */
    work: () => queue.work<{ connectionId: string }>(TOKEN_REFRESH_QUEUE, async (job) => void (await refreshOne(job.data.connectionId))),
    /** Sweeps now and every SWEEP_EVERY_MS; answers the function that stops it. */
    start(): () => void {
      const run = () => void sweep().catch((error: unknown) => log.error({ event: 'connection.token_sweep_failed', error: (error as Error).message }));
      run();
      const timer = setInterval(run, SWEEP_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type TokenUpkeep = ReturnType<typeof createTokenUpkeep>;
