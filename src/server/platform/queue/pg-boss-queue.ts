import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import type { Notifier } from '../notifier';
import type { JobQueue, SendOptions } from './queue';

export interface PgBossQueueOptions {
  /** How often expired jobs are looked for (pg-boss maintenance), in seconds; at least 1. */
  maintenanceIntervalSeconds: number;
  /** How often an idle worker asks for a job it was not woken for, in seconds; at least 0.5. */
  pollingIntervalSeconds: number;
  /**
   * Wakes idle workers on every instance (this one included) when a job is sent, so it starts within
   * moments instead of at their next poll; without it jobs wait for the poll.
   */
  notifier?: Notifier;
}

/**
 * The durable queue: pg-boss on the application's PostgreSQL database (its own `pgboss` schema, made
 * and migrated by pg-boss at start). Retries, back-off and expiry of jobs whose instance died are
 * pg-boss's; the handlers make each job safe to run again (generation resumes from its staged posts).
 */
export async function createPgBossQueue(url: string, log: Logger, options: PgBossQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: url,
    max: 4,
    application_name: 'content-planner-queue',
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    // Cron schedules are not used.
    schedule: false,
  });
  boss.on('error', (error: unknown) => log.warn({ event: 'queue.error', err: error }));
  await boss.start();
  const created = new Map<string, Promise<void>>();
  const stopListening: (() => void)[] = [];
  const ensureQueue = (name: string) => {
    let ready = created.get(name);
    if (!ready) {
      ready = (async () => {
        if (!(await boss.getQueue(name)))
          await boss.createQueue(name).catch(async (error: unknown) => {
            // Two instances creating the same queue at once: the other one won.
            if (!(await boss.getQueue(name))) throw error;
          });
      })();
      created.set(name, ready);
    }
    return ready;
  };

  return {
    durable: true,
    async send(name, data, sendOptions: SendOptions = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, {
        retryLimit: sendOptions.retryLimit ?? 0,
        retryDelay: sendOptions.retryDelaySeconds ?? 0,
        retryBackoff: sendOptions.retryBackoff ?? false,
        ...(sendOptions.expireInSeconds ? { expireInSeconds: sendOptions.expireInSeconds } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey !== undefined ? { singletonKey: sendOptions.singletonKey, singletonSeconds: sendOptions.singletonSeconds ?? 60 } : {}),
      });
      // pg-boss answers null for a job whose key and time slot another send already took.
      if (!id && sendOptions.singletonKey !== undefined) return null;
      if (!id) throw new Error(`the queue refused a job of ${name}`);
      // A job due later is found by a poll; a missed wake-up only costs the wait for the next poll.
      if (!sendOptions.startAfterSeconds)
        await options.notifier?.publish('planner_queue', name).catch((error: unknown) => log.warn({ event: 'queue.wake-failed', name, err: error }));
      return id;
    },
    async work(name, handler) {
      await ensureQueue(name);
      const workerId = await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds }, async ([job]) => {
        if (job) await handler({ id: job.id, data: job.data as never });
      });
      // A busy worker that is told fetches again as soon as its job ends, without waiting for the poll.
      if (options.notifier) stopListening.push(options.notifier.listen('planner_queue', (queued) => void (queued === name && boss.notifyWorker(workerId))));
    },
    async stop() {
      for (const stop of stopListening.splice(0)) stop();
      // Jobs still running are handed back by their owners first; pg-boss fails what remains (to be retried).
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
