import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from './logger';
import type { DatabaseHandle, Db } from './db/database';

/**
 * The channels instances tell each other about: a job's progress (payload: its id), session checks to
 * forget, a delivery waiting (payload: when it is due, so workers wake then), a notification to e-mail
 * at once (payload: its user), an e-mail in the outbox (payload: when), a job queued (payload: its
 * queue's name, so idle workers of that queue fetch at once instead of at their next poll), a change
 * to what a user's month screen shows (payload: the user; sent by PostgreSQL's own triggers,
 * migration 0026).
 */
export type Channel =
  'planner_job_progress' | 'planner_sessions' | 'planner_deliveries' | 'planner_notifications' | 'planner_mail' | 'planner_queue' | 'planner_months';
const CHANNELS: Channel[] = [
  'planner_job_progress',
  'planner_sessions',
  'planner_deliveries',
  'planner_notifications',
  'planner_mail',
  'planner_queue',
  'planner_months',
];
/** Wait before listening again after the listening connection was lost. */
const RECONNECT_MS = 1_000;
/**
 * How often the listening connection is asked a `select 1`, and how long its answer may take: a
 * connection dropped without a word (a NAT or balancer's idle timeout, a failover) fires no event,
 * and the month reads kept on the strength of its notices must not outlive it.
 */
export const LISTEN_CHECK = { everyMs: 30_000, answerWithinMs: 10_000 };

/**
 * Messages to every instance on the database, this one included. On PostgreSQL they are NOTIFY/LISTEN
 * (delivered when the sending transaction commits, to every listening connection); on SQLite, the
 * single process, they are events in it.
 */
export interface Notifier {
  /**
   * Sends `payload` to every listener. With `within` (a transaction), on PostgreSQL it goes out when
   * that transaction commits, and not at all if it rolls back; on SQLite at once (a listener that reads
   * the database waits for the transaction, which holds the one connection).
   */
  publish: (channel: Channel, payload: string, within?: Db) => Promise<void>;
  /** Calls `listener` for each message on `channel`; returns the function that stops it. */
  listen: (channel: Channel, listener: (payload: string) => void) => () => void;
  /**
   * PostgreSQL only: which listening connection is open (a new number after every reconnection, as
   * messages sent meanwhile were missed), undefined while none is. Absent where messages are not the
   * database's: there, nothing the database itself sends (planner_months) is heard.
   */
  listening?: () => number | undefined;
  close: () => Promise<void>;
}

export function createLocalNotifier(): Notifier {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    publish: async (channel, payload) => void events.emit(channel, payload),
    listen: (channel, listener) => {
      events.on(channel, listener);
      return () => events.off(channel, listener);
    },
    close: async () => undefined,
  };
}

/**
 * One connection of its own LISTENs (a pooled one cannot: the pool hands it to other queries). If it
 * is lost it connects again; messages sent meanwhile are missed, which readers survive because every
 * message only says "read again" and the progress stream also reads on its keep-alive.
 */
export async function createPostgresNotifier(database: DatabaseHandle, url: string, log: Logger, check = LISTEN_CHECK): Promise<Notifier> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let client: pg.Client | undefined;
  let closed = false;
  let connections = 0;

  const reconnect = () => {
    if (!closed) setTimeout(() => void connect().catch(reconnect), RECONNECT_MS).unref();
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: 'content-planner-listen', keepAlive: true });
    next.on('notification', (message) => events.emit(message.channel, message.payload ?? ''));
    // Lost with an error or ended by the server without one: either way messages are missed from now.
    let checking: NodeJS.Timeout | undefined;
    const lost = () => {
      clearInterval(checking);
      if (client !== next) return;
      client = undefined;
      reconnect();
    };
    next.on('error', (error) => {
      log.warn({ event: 'notify.connection-lost', err: error });
      next.end().catch(() => undefined);
      lost();
    });
    next.on('end', lost);
    try {
      await next.connect();
      for (const channel of CHANNELS) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) await next.end();
    else {
      client = next;
      connections += 1;
      checking = setInterval(() => {
        const timeUp = new Promise((_, reject) => setTimeout(() => reject(new Error('no answer to select 1')), check.answerWithinMs).unref());
        Promise.race([next.query('select 1'), timeUp]).catch((error: unknown) => {
          log.warn({ event: 'notify.connection-silent', err: error });
          lost();
          next.end().catch(() => undefined);
        });
      }, check.everyMs).unref();
    }
  }
  await connect();

  return {
    publish: async (channel, payload, within) => {
      await sql`select pg_notify(${channel}, ${payload})`.execute(within ?? database.db);
    },
    listen: (channel, listener) => {
      events.on(channel, listener);
      return () => events.off(channel, listener);
    },
    listening: () => (client ? connections : undefined),
    close: async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
