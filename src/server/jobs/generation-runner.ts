import { EventEmitter } from 'node:events';
import type { PostSlot } from '@shared/domain/slot-planner';
import type { GenerationJob } from '@shared/schemas/generation';
import type { WrittenPost } from '@shared/schemas/post';
import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS } from '@shared/domain/options';
import { WriterError } from '../ai/errors';
import { describeDay } from '../ai/prompt-parts';
import type { Writer, WriterContext } from '../ai/writer';
import { LEASE_LAPSED_REASON, toJob, withLapsedLease, type JobRepository, type JobRow } from '../db/job-repository';
import { newPostRow } from '../db/post-repository';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { Access } from '../services/access';
import type { UsageLimits } from '../services/usage-limits';

export const INTERRUPTED_REASON = 'The server restarted while this month was being written. Nothing was changed; please try again.';
const SHUTDOWN_REASON = 'The server was stopped while this month was being written. Nothing was changed; please try again.';
const STOPPED_REASON = 'This generation was stopped before it could be saved. Nothing was changed; please try again.';
export const MONTH_ARCHIVED_REASON = 'The month ended while it was being written and is archived now, so nothing was saved.';
export { LEASE_LAPSED_REASON };

/** How long a running job holds its month without a heartbeat, and how often the runner renews it. */
export interface JobLease {
  durationMs: number;
  renewEveryMs: number;
}

export const DEFAULT_LEASE: JobLease = { durationMs: 60_000, renewEveryMs: 15_000 };

interface Deps {
  jobs: JobRepository;
  /** The commit writes through `access.writeInMonth`: one transaction that first checks the month is still writable. */
  access: Pick<Access, 'writeInMonth'>;
  usage: UsageLimits;
  writer: Writer;
  log: Logger;
  now?: () => Date;
  lease?: JobLease;
}

/** 'The X/Twitter post for Friday, December 4, 2026 was shortened to fit the 280 characters X/Twitter allows.' */
function describeShortened(slot: PostSlot): string {
  const label = PLATFORM_LABELS[slot.platform];
  return `The ${label} post for ${describeDay(slot.date)} was shortened to fit the ${PLATFORM_CHARACTER_LIMITS[slot.platform]} characters ${label} allows.`;
}

function failureMessage(error: unknown): string {
  if (error instanceof WriterError || error instanceof AppError) return error.message;
  return 'Writing the month failed unexpectedly. Nothing was changed; please try again.';
}

/**
 * Runs generation jobs in this process. Progress lives in the database (so a reload or another client
 * can follow it) and is also pushed to live listeners (Server-Sent Events). The month changes only in
 * the final transaction; a failure or crash before it leaves the month as it was. A running job holds
 * its month through a lease the runner renews while it works: if the runner dies, hangs or cannot
 * reach the database, the lease runs out, the job counts as failed and the month is free again.
 */
export function createGenerationRunner({ jobs, access, usage, writer, log, now = () => new Date(), lease = DEFAULT_LEASE }: Deps) {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  const leaseEnd = (at: Date) => new Date(at.getTime() + lease.durationMs).toISOString();

  async function snapshot(jobId: string): Promise<GenerationJob | undefined> {
    // Staged posts first, then the job: a job that ends in between (its staged posts deleted) reads
    // as ended, never as running with its posts gone. While it runs, posts are only ever added, so the
    // count taken from them only rises.
    const staged = await jobs.stagedPosts(jobId);
    const stored = await jobs.findById(jobId);
    if (!stored) return undefined;
    const row = withLapsedLease(stored, now().toISOString());
    if (row.status !== 'running') return toJob(row, []);
    return { ...toJob(row, staged), written: staged.length };
  }

  /** Renews the job's lease every `renewEveryMs`; calls `onLost` once the job no longer holds it. */
  function heartbeat(jobId: string, onLost: () => void): () => void {
    let renewing = false;
    const timer = setInterval(() => {
      if (renewing) return;
      renewing = true;
      const at = now();
      jobs
        .renewLease(jobId, at.toISOString(), leaseEnd(at))
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

  async function publish(jobId: string) {
    const job = await snapshot(jobId);
    if (job) events.emit(jobId, job);
  }

  /**
   * Saves the written month in one transaction, checked inside it to be still writable: it may have
   * turned (or the user's zone changed) since the start.
   */
  async function commit(job: JobRow, written: WrittenPost[], outcome: { problems: string[]; shortened: string[]; unwrittenSlots: PostSlot[] }) {
    const at = now().toISOString();
    const { userId, monthId } = job;
    await access
      .writeInMonth(userId, monthId, async (repositories) => {
        // Posts the user added or changed since the job started stay; only untouched ones are replaced.
        const kept = job.replaceExisting ? await repositories.posts.deleteUntouchedSince(userId, monthId, job.createdAt) : 0;
        await usage.assertMonthHasRoom(repositories.posts, userId, monthId, written.length);
        await repositories.posts.insertMany(written.map((post) => newPostRow(userId, monthId, post, at)));
        await repositories.months.markGenerated(userId, monthId, at);
        // The claim, with the lease still held: a job already ended elsewhere (a restart's recovery) or
        // one whose lease ran out (its month may be another job's now) rolls all of the above back.
        if (!(await repositories.jobs.finish(job.id, { status: 'succeeded', ...outcome, written: written.length, kept }, at, { leaseHeld: true }))) {
          const stillRunning = (await repositories.jobs.findById(job.id))?.status === 'running';
          throw new WriterError(stillRunning ? LEASE_LAPSED_REASON : STOPPED_REASON, 'aborted');
        }
      })
      .catch((error: unknown) => {
        // The month's own check refused (archived now, or gone): said in the job's words.
        if (error instanceof AppError && (error.code === 'archived' || error.code === 'not_found')) throw new WriterError(MONTH_ARCHIVED_REASON, 'aborted');
        throw error;
      });
  }

  async function run(job: JobRow, context: WriterContext, slots: PostSlot[], controller: AbortController, avoidOpenings: string[]) {
    const { signal } = controller;
    const started = performance.now();
    log.info({ event: 'generation.start', jobId: job.id, monthId: job.monthId, planned: slots.length, writer: writer.label });
    let staged = 0;
    let staging = Promise.resolve();
    let leaseLost = false;
    const stopHeartbeat = heartbeat(job.id, () => {
      leaseLost = true;
      controller.abort();
    });
    try {
      const result = await writer.writeMonth(context, slots, {
        signal,
        avoidOpenings,
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
      await commit(job, written, {
        problems: result.problems,
        shortened: result.shortened.map((index) => describeShortened(slots[index]!)),
        unwrittenSlots: slots.filter((_slot, index) => result.posts[index] === null),
      });
      log.info({
        event: 'generation.done',
        jobId: job.id,
        written: written.length,
        problems: result.problems.length,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      await staging.catch(() => undefined);
      const stopped = signal.aborted && !(error instanceof WriterError && error.reason !== 'aborted');
      const reason = leaseLost ? LEASE_LAPSED_REASON : stopped ? SHUTDOWN_REASON : failureMessage(error);
      log.warn({ event: 'generation.failed', jobId: job.id, reason, cause: error instanceof Error ? error.message : String(error) });
      await jobs.finish(job.id, { status: 'failed', error: reason }, now().toISOString()).catch((cause: unknown) => {
        log.error({ event: 'generation.finish-failed', jobId: job.id, err: cause });
      });
    } finally {
      stopHeartbeat();
      running.delete(job.id);
      await publish(job.id).catch(() => undefined);
    }
  }

  return {
    /** `avoidOpenings`: texts of the posts a regenerated month replaces, so new posts open differently. */
    start(job: JobRow, context: WriterContext, slots: PostSlot[], avoidOpenings: string[] = []) {
      const controller = new AbortController();
      const done = run(job, context, slots, controller, avoidOpenings);
      running.set(job.id, { controller, done });
    },

    /** When a job starting now would lose its month if nobody renewed its lease. */
    leaseEnd,

    snapshot,

    subscribe(jobId: string, listener: (job: GenerationJob) => void): () => void {
      events.on(jobId, listener);
      return () => events.off(jobId, listener);
    },

    /** Live listeners of a job: progress streams still open on it. */
    listenerCount: (jobId: string) => events.listenerCount(jobId),

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
