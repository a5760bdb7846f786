import type { Logger } from '../../../platform/logger';
import type { JobQueue } from '../../../platform/queue/queue';
import type { Channels } from '../channels';
import type { ConnectionRepository, ConnectionRow } from '../connection-repository';
import { connectionCredentialStore } from '../credential-store';
import { UnreadableCredentials, type SecretBox } from '../secret-box';
import type { TokenRefresh } from './token-refresh';
import { connectionExpiring, type NotificationEvent } from '../../notifications/events';

export const TOKEN_REFRESH_QUEUE = 'connection-token-refresh';
/** Tokens are renewed once they stop working within this long (Threads refuses tokens under 24 hours old). */
export const REFRESH_AHEAD_MS = 10 * 86_400_000;
/** How often the sweep looks for tokens to renew; also the slot in which one connection gets one job. */
export const SWEEP_EVERY_MS = 60 * 60_000;
export const HEALTH_CHECK_QUEUE = 'connection-health-check';
/** Each signed-in account is checked once in this long, so a token revoked on the network shows before a post is due. */
export const HEALTH_CHECK_EVERY_MS = 24 * 60 * 60_000;
/** A sign-in that will not renew itself is announced to its owner this long before it ends. */
export const EXPIRY_WARNING_MS = 7 * 86_400_000;

interface Deps {
  connections: ConnectionRepository;
  box: SecretBox;
  queue: JobQueue;
  refresh: TokenRefresh;
  channels: Channels;
  log: Logger;
  now: () => Date;
  /** Tells the owner of a sign-in that ends soon (a notification, once per sign-in). */
  raise?: (event: NotificationEvent) => Promise<void>;
}

export type RefreshResult = 'refreshed' | 'disconnected' | 'not-due' | 'changed' | 'later';
export type HealthResult = 'healthy' | 'disconnected' | 'not-due' | 'changed' | 'later';

/**
 * Keeps tokens alive: a sweep queues one job per connection whose token ends within REFRESH_AHEAD_MS
 * (keyed by connection, so instances sweeping at once queue it once); the job renews the token and
 * writes it only if the connection was not changed meanwhile (a reconnect wins). A token the network
 * refuses (190, a missing permission) disconnects the connection with the reason in words; a network
 * that cannot be reached leaves it for the next sweep. The same sweep has every signed-in account
 * checked once a day (its channel's test): one whose token was revoked on the network is marked
 * disconnected then, so 'Needs attention' shows its posts before their time.
 */
export function createTokenUpkeep({ connections, box, queue, refresh, channels, log, now, raise = async () => undefined }: Deps) {
  /** The connection's credentials; ones sealed under another key disconnect it (no attempt could read them). */
  async function opened(row: ConnectionRow): Promise<{ credentials: unknown } | undefined> {
    try {
      return { credentials: box.open(row.credentials) };
    } catch (error) {
      if (!(error instanceof UnreadableCredentials)) throw error;
      await connections.markDisconnected(row.id, error.message, now().toISOString(), row.updatedAt);
      return undefined;
    }
  }

  async function refreshOne(connectionId: string): Promise<RefreshResult> {
    const row = await connections.findById(connectionId);
    if (!row || row.health === 'disconnected' || row.tokenExpiresAt === null || !refresh.refreshes(row.kind)) return 'not-due';
    if (Date.parse(row.tokenExpiresAt) - now().getTime() > REFRESH_AHEAD_MS) return 'not-due';
    const open = await opened(row);
    if (!open) return 'disconnected';
    const { credentials } = open;
    // A sign-in that cannot be renewed (LinkedIn without a refresh token) ends: its connection warns ahead.
    if (!refresh.refreshes(row.kind, credentials)) return 'not-due';
    const store = connectionCredentialStore({ connections, box, now }, row.id);
    const answer = await refresh.refresh(row.kind, credentials, store);
    const at = now().toISOString();
    if (answer.ok && 'stored' in answer) {
      log.info({ event: 'connection.token_refreshed', connectionId: row.id, written: true, rotated: true });
      return 'refreshed';
    }
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

  /** Whether the connection's token can be renewed (unreadable credentials are left to the job, which disconnects it). */
  function renewable(row: Pick<ConnectionRow, 'kind' | 'credentials'>): boolean {
    try {
      return refresh.refreshes(row.kind, box.open(row.credentials));
    } catch (error) {
      if (error instanceof UnreadableCredentials) return true;
      throw error;
    }
  }

  /** Asks the network whether a signed-in account's token still works; a refusal disconnects it with the reason. */
  async function checkOne(connectionId: string): Promise<HealthResult> {
    const row = await connections.findById(connectionId);
    if (!row || row.health === 'disconnected' || row.accountId === null) return 'not-due';
    const open = await opened(row);
    if (!open) return 'disconnected';
    const store = connectionCredentialStore({ connections, box, now }, row.id);
    const answer = await channels.channelFor(row.kind).test(open.credentials, { name: row.name, store }, now);
    if (answer.ok) return 'healthy';
    if (!answer.connectionLost) return 'later';
    const marked = await connections.markDisconnected(row.id, answer.message, now().toISOString(), row.updatedAt);
    log.warn({ event: 'connection.health_lost', connectionId: row.id, detail: answer.message });
    return marked ? 'disconnected' : 'changed';
  }

  /** Queues a check of each signed-in account, at most once per HEALTH_CHECK_EVERY_MS each; answers how many were queued. */
  async function sweepHealth(): Promise<number> {
    let queued = 0;
    for (const row of await connections.listSignedIn()) {
      const options = { singletonKey: row.id, singletonSeconds: HEALTH_CHECK_EVERY_MS / 1000, retryLimit: 0 };
      if ((await queue.send(HEALTH_CHECK_QUEUE, { connectionId: row.id }, options)) !== null) queued += 1;
    }
    return queued;
  }

  /** Queues a renewal for each connection whose token ends soon; answers how many were queued. */
  async function sweep(): Promise<number> {
    const due = await connections.listExpiring(new Date(now().getTime() + REFRESH_AHEAD_MS).toISOString());
    let queued = 0;
    for (const row of due) {
      if (!refresh.refreshes(row.kind) || !renewable(row)) {
        // It will end: its owner hears of it a week ahead (once per sign-in: the event names its end).
        const expiresAt = row.tokenExpiresAt!;
        if (Date.parse(expiresAt) - now().getTime() <= EXPIRY_WARNING_MS)
          await raise(connectionExpiring({ userId: row.userId, connectionId: row.id, name: row.name, expiresAt, now: now() }));
        continue;
      }
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
    sweepHealth,
    refreshOne,
    checkOne,
    /** Takes renewal and health-check jobs on this instance (main.ts, on instances that run jobs). */
    async work() {
      await queue.work<{ connectionId: string }>(TOKEN_REFRESH_QUEUE, async (job) => void (await refreshOne(job.data.connectionId)));
      await queue.work<{ connectionId: string }>(HEALTH_CHECK_QUEUE, async (job) => void (await checkOne(job.data.connectionId)));
    },
    /** Sweeps now and every SWEEP_EVERY_MS; answers the function that stops it. */
    start(): () => void {
      const run = () =>
        void Promise.all([sweep(), sweepHealth()]).catch((error: unknown) =>
          log.error({ event: 'connection.token_sweep_failed', error: (error as Error).message }),
        );
      run();
      const timer = setInterval(run, SWEEP_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type TokenUpkeep = ReturnType<typeof createTokenUpkeep>;
