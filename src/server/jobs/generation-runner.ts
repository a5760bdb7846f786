import { EventEmitter } from 'node:events';
import type { PostSlot } from '../../shared/domain/slot-planner';
import type { GenerationJob } from '../../shared/schemas/generation';
import type { WrittenPost } from '../../shared/schemas/post';
import { WriterError, type Writer, type WriterContext } from '../ai/writer';
import type { Db } from '../db/database';
import { toJob, type JobRepository, type JobRow } from '../db/job-repository';
import type { MonthRepository } from '../db/month-repository';
import { newPostRow, type PostRepository } from '../db/post-repository';
import type { Logger } from '../logger';

export const INTERRUPTED_REASON = 'The server restarted while this month was being written. Nothing was changed; please try again.';
const SHUTDOWN_REASON = 'The server was stopped while this month was being written. Nothing was changed; please try again.';

/** How long a running job holds its month without a heartbeat, and how often the runner renews it. */
export interface JobLease {
  durationMs: number;
  renewEveryMs: number;
}

export const DEFAULT_LEASE: JobLease = { durationMs: 60_000, renewEveryMs: 15_000 };

interface Deps {
  db: Db;
  jobs: JobRepository;
  months: MonthRepository;
  posts: PostRepository;
  writer: Writer;
  log: Logger;
  now?: () => Date;
  lease?: JobLease;
}

function failureMessage(error: unknown): string {
  if (error instanceof WriterError) return error.message;
  return 'Writing the month failed unexpectedly. Nothing was changed; please try again.';
}

/**
 * Runs generation jobs in this process. Progress lives in the database (so a reload or another client
 * can follow it) and is also pushed to live listeners (Server-Sent Events). The month changes only in
 * the final transaction; a failure or crash before it leaves the month as it was.
 */
export function createGenerationRunner({ db, jobs, months, posts, writer, log, now = () => new Date() }: Deps) {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  async function snapshot(jobId: string): Promise<GenerationJob | undefined> {
    const row = await jobs.findById(jobId);
    return row ? toJob(row, row.status === 'running' ? await jobs.stagedPosts(jobId) : []) : undefined;
  }

  async function publish(jobId: string) {
    const job = await snapshot(jobId);
    if (job) events.emit(jobId, job);
  }

  async function commit(job: JobRow, written: WrittenPost[], problems: string[]) {
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      // Posts the user added or changed since the job started stay; only untouched ones are replaced.
      const kept = job.replaceExisting ? await posts.deleteUntouchedSince(job.userId, job.monthId, job.createdAt, trx) : 0;
      await posts.insertMany(written.map((post) => newPostRow(job.userId, job.monthId, post, at)), trx);
      await months.markGenerated(job.userId, job.monthId, at, trx);
      // The claim: a job already ended elsewhere (a restart's recovery) rolls all of the above back.
      if (!(await jobs.finish(job.id, { status: 'succeeded', problems, written: written.length, kept }, at, trx))) {
        throw new WriterError('This generation was stopped before it could be saved. Nothing was changed; please try again.', 'aborted');
      }
    });
  }

  async function run(job: JobRow, context: WriterContext, slots: PostSlot[], signal: AbortSignal) {
    const started = performance.now();
    log.info({ event: 'generation.start', jobId: job.id, monthId: job.monthId, planned: slots.length, writer: writer.label });
    let staged = 0;
    let staging = Promise.resolve();
    try {
      const result = await writer.writeMonth(context, slots, {
        signal,
        onPosts: (batch, slotIndexes) => {
          staged += batch.length;
          const written = staged;
          const entries = batch.map((post, index) => ({ slotIndex: slotIndexes[index]!, post }));
          staging = staging.then(() => jobs.stagePosts(job.id, entries, written, now().toISOString())).then(() => publish(job.id));
        },
      });
      await staging;
      if (signal.aborted) throw new WriterError(SHUTDOWN_REASON, 'aborted');
      const written = result.posts.filter((post): post is WrittenPost => post !== null);
      if (written.length === 0) {
        throw new WriterError(result.problems[0] ?? 'The writer returned no posts. Nothing was changed; please try again.', 'invalid_reply');
      }
      await commit(job, written, result.problems);
      log.info({ event: 'generation.done', jobId: job.id, written: written.length, problems: result.problems.length, ms: Math.round(performance.now() - started) });
    } catch (error) {
      await staging.catch(() => undefined);
      const reason = signal.aborted && !(error instanceof WriterError && error.reason !== 'aborted') ? SHUTDOWN_REASON : failureMessage(error);
      log.warn({ event: 'generation.failed', jobId: job.id, reason, cause: error instanceof Error ? error.message : String(error) });
      await jobs.finish(job.id, { status: 'failed', error: reason }, now().toISOString()).catch((cause: unknown) => {
        log.error({ event: 'generation.finish-failed', jobId: job.id, err: cause });
      });
    } finally {
      running.delete(job.id);
      await publish(job.id).catch(() => undefined);
    }
  }

  return {
    /** Starts a job already stored as running; returns at once. */
    start(job: JobRow, context: WriterContext, slots: PostSlot[]) {
      const controller = new AbortController();
      const done = run(job, context, slots, controller.signal);
      running.set(job.id, { controller, done });
    },

    snapshot,

    subscribe(jobId: string, listener: (job: GenerationJob) => void): () => void {
      events.on(jobId, listener);
      return () => events.off(jobId, listener);
    },

    /** Start-up: jobs left running by a previous process are failed with a reason (their months untouched). */
    async recoverInterrupted(): Promise<number> {
      return jobs.failAllRunning(INTERRUPTED_REASON, now().toISOString());
    },

    /** Graceful shutdown: stop the writers and let each job record that it failed. */
    async shutdown(): Promise<void> {
      for (const { controller } of running.values()) controller.abort();
      await Promise.all([...running.values()].map((entry) => entry.done));
    },

    runningCount: () => running.size,
  };
}

export type GenerationRunner = ReturnType<typeof createGenerationRunner>;
