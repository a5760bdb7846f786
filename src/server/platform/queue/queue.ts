import type { Logger } from '../logger';

/** One delivery of a queued job to a handler. */
export interface QueueJob<T> {
  id: string;
  data: T;
}

/** How a job is retried when its handler throws or its instance dies while running it. */
export interface SendOptions {
  /** Further attempts after the first. */
  retryLimit?: number;
  /** Wait before each further attempt. */
  retryDelaySeconds?: number;
  /** Doubles the wait after each attempt (with jitter). */
  retryBackoff?: boolean;
  /** Not taken before this many seconds from now. */
  startAfterSeconds?: number;
  /** A job still running this long after it started counts as failed (its instance died) and is retried. */
  expireInSeconds?: number;
  /**
   * One job per key: a send while a job with the same name and key is waiting or running (in process),
   * or was sent within the same `singletonSeconds` slot (pg-boss), is dropped and answers null.
   */
  singletonKey?: string;
  singletonSeconds?: number;
}

/**
 * Work that outlives a request, by name: month generation today, publishing deliveries next. On
 * PostgreSQL the queue is pg-boss (`pg-boss-queue.ts`): jobs are rows, any instance whose role runs
 * workers may take one, and one held by an instance that died is retried elsewhere once it expires.
 * On SQLite (one process) the same interface runs jobs in this process (`createInProcessQueue`).
 */
export interface JobQueue {
  /** True when queued jobs outlive this process and other instances may take them (pg-boss). */
  readonly durable: boolean;
  /** Queues a job; answers its id, or null when a job with its `singletonKey` is already there. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for each job of `name` this instance takes; a handler that throws has its job retried as sent. */
  work<T extends object>(name: string, handler: (job: QueueJob<T>) => Promise<void>): Promise<void>;
  /** Stops taking jobs; handlers already running are left to finish (their owners stop them first). */
  stop(): Promise<void>;
}

/**
 * The queue of the single-process default: a job runs in this process as soon as it is sent (or as a
 * handler for its name registers), with the same retries a durable queue would make. Jobs do not
 * survive the process; start-up recovery decides what becomes of work a stopped process left.
 */
export function createInProcessQueue(log: Logger): JobQueue {
  const handlers = new Map<string, (job: QueueJob<object>) => Promise<void>>();
  const waiting = new Map<string, { job: QueueJob<object>; options: SendOptions }[]>();
  const timers = new Set<NodeJS.Timeout>();
  /** Keys of jobs waiting or running (`singletonKey`). */
  const keys = new Set<string>();
  let stopped = false;
  let sequence = 0;

  function run(name: string, job: QueueJob<object>, options: SendOptions, attempt: number) {
    const handler = handlers.get(name);
    if (!handler) {
      waiting.set(name, [...(waiting.get(name) ?? []), { job, options }]);
      return;
    }
    const release = () => {
      if (options.singletonKey !== undefined) keys.delete(`${name}\u0000${options.singletonKey}`);
    };
    handler(job).then(release, (error: unknown) => {
      log.warn({ event: 'queue.job-failed', name, jobId: job.id, attempt, err: error });
      if (stopped || attempt > (options.retryLimit ?? 0)) return release();
      const base = (options.retryDelaySeconds ?? 0) * 1000;
      const delay = options.retryBackoff ? base * 2 ** (attempt - 1) : base;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopped) run(name, job, options, attempt + 1);
      }, delay);
      timer.unref();
      timers.add(timer);
    });
  }

  return {
    durable: false,
    async send(name, data, options = {}) {
      if (options.singletonKey !== undefined) {
        const key = `${name}\u0000${options.singletonKey}`;
        if (keys.has(key)) return null;
        keys.add(key);
      }
      const id = `local-${++sequence}`;
      if (!options.startAfterSeconds) run(name, { id, data }, options, 1);
      else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!stopped) run(name, { id, data }, options, 1);
        }, options.startAfterSeconds * 1000);
        timer.unref();
        timers.add(timer);
      }
      return id;
    },
    async work(name, handler) {
      handlers.set(name, handler as (job: QueueJob<object>) => Promise<void>);
      const queued = waiting.get(name) ?? [];
      waiting.delete(name);
      for (const { job, options } of queued) run(name, job, options, 1);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
