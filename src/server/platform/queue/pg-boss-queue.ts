import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import type { JobQueue, SendOptions } from './queue';

export interface PgBossQueueOptions {
  /** How often expired jobs are looked for (pg-boss maintenance), in seconds; at least 1. */
  maintenanceIntervalSeconds: number;
  /** How often an idle worker asks for a job, in seconds; at least 0.5. */
  pollingIntervalSeconds: number;
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
      return id;
    },
    async work(name, handler) {
      await ensureQueue(name);
      await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds }, async ([job]) => {
        if (job) await handler({ id: job.id, data: job.data as never });
      });
    },
    async stop() {
      // Jobs still running are handed back by their owners first; pg-boss fails what remains (to be retried).
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
