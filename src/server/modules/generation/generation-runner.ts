import { randomUUID } from 'node:crypto';
import { parseMonthId } from '@shared/domain/months';
import type { PostSlot } from '@shared/domain/slot-planner';
import type { Strategy } from '@shared/schemas/strategy';
import type { WrittenPost } from '@shared/schemas/post';
import { PLATFORM_CHARACTER_LIMITS, PLATFORM_LABELS } from '@shared/domain/options';
import { WriterError } from '../../ai/errors';
import { describeDay } from '../../ai/prompt-parts';
import type { Writer } from '../../ai/writer';
import type { VoiceSample } from '../../ai/voice-examples';
import { NEW_PROFILE, type ProfileRepository } from '../profile/profile-repository';
import type { JobRepository, JobRow } from './job-repository';
import { newPostRow, type PostRepository, type PostStamps } from '../posts/post-repository';
import { AppError } from '../../errors';
import type { Logger } from '../../platform/logger';
import type { Access } from '../months/access';
import type { UsageLimits } from '../account/usage-limits';
import { LEASE_LAPSED_REASON, startHeartbeat, type LeaseRules } from './job-lease';
import type { JobProgress } from './job-progress';
import { createDraftWriter } from './draft-writer';
import type { JobQueue } from '../../platform/queue/queue';

export const INTERRUPTED_REASON = 'The server restarted while this month was being written. Nothing was changed; please try again.';
const SHUTDOWN_REASON = 'The server was stopped while this month was being written. Nothing was changed; please try again.';
const STOPPED_REASON = 'This generation was stopped before it could be saved. Nothing was changed; please try again.';
export const MONTH_ARCHIVED_REASON = 'The month ended while it was being written and is archived now, so nothing was saved.';

/** The queue's name for month generation. */
export const GENERATION_QUEUE = 'month-generation';

interface Deps {
  jobs: JobRepository;
  profiles: ProfileRepository;
  /** The month's posts when a run starts: a regenerated month must not open its posts like them. */
  posts: Pick<PostRepository, 'listByMonth'>;
  /** The commit writes through `access.writeInMonth`: one transaction that first checks the month is still writable. */
  access: Pick<Access, 'writeInMonth'>;
  usage: UsageLimits;
  writer: Writer;
  /** The user's examples of the brand's voice, for the month prompts. */
  voiceSamples?: (userId: string) => Promise<VoiceSample[]>;
  log: Logger;
  queue: JobQueue;
  /** Where the runner announces each change of a job; clients read it from there. */
  progress: Pick<JobProgress, 'publish'>;
  rules: LeaseRules;
  now?: () => Date;
  /** After a job with `makeImages` is written: queues images for the month's visual posts. A failure here never fails the job. */
  afterWritten?: (job: JobRow) => Promise<void>;
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

/** Thrown by a run that must be retried by the queue (elsewhere or later), never recorded as the job's end. */
class HandBack extends Error {}

/** The posts a replacing job found at its start; for a job from before they were recorded, those last written before it started. */
async function replaceableOf(job: JobRow, posts: PostRepository): Promise<PostStamps> {
  return job.replaceable ? (JSON.parse(job.replaceable) as PostStamps) : posts.stamps(job.userId, job.monthId, job.createdAt);
}

/**
 * Runs generation jobs taken from the queue. Progress lives in the database (so a reload, another
 * client or another instance can follow it) and each change is announced (job-progress.ts). The month
 * changes only in the final transaction; a failure before it leaves the month as it was.
 *
 * A running job holds its month through a lease its run renews while it works. With a durable queue
 * (pg-boss, many instances), a run that dies or loses its lease is retried by the queue: the next run
 * claims the lapsed lease, keeps the posts already staged and writes only the missing slots. In one
 * process (SQLite) a lapsed lease means the job failed, as nobody else could take it over. The lease's
 * rules are job-lease.ts's; the runner only asks them.
 */
export function createGenerationRunner({
  jobs,
  profiles,
  posts,
  access,
  usage,
  writer,
  voiceSamples = async () => [],
  log,
  queue,
  progress,
  rules,
  now = () => new Date(),
  afterWritten = async () => undefined,
}: Deps) {
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopping = false;

  const leaseSeconds = rules.seconds;
  const sendOptions = {
    // The queue's job expires one lease after it started; if its instance died, pg-boss retries it (with
    // back-off) and the retry claims the lapsed lease. A run still going elsewhere is checked on again
    // a lease later instead (see take), so a long generation never runs out of retries.
    expireInSeconds: leaseSeconds,
    retryDelaySeconds: Math.max(1, Math.round(leaseSeconds / 4)),
    retryBackoff: true,
    retryLimit: 10,
  };

  const heartbeat = (jobId: string, owner: string, onLost: () => void) =>
    startHeartbeat({ renew: (at) => jobs.renewLease(jobId, owner, at.toISOString(), rules.endsAt(at)), onLost, now, lease: rules.lease, log, jobId });

  const publish = (jobId: string) => progress.publish(jobId);

  /**
   * Saves the staged month in one transaction, checked inside it to be still writable: it may have
   * turned (or the user's zone changed) since the start.
   */
  async function commit(job: JobRow, owner: string, written: WrittenPost[], outcome: { problems: string[]; shortened: string[]; unwrittenSlots: PostSlot[] }) {
    const at = now().toISOString();
    const { userId, monthId } = job;
    await access
      .writeInMonth(userId, monthId, async (repositories) => {
        // Only posts still as the job's start found them are replaced; ones added or changed since stay.
        const kept = job.replaceExisting ? await repositories.posts.deleteUnchanged(userId, monthId, await replaceableOf(job, repositories.posts)) : 0;
        await usage.assertMonthHasRoom(repositories.posts, userId, monthId, written.length);
        await repositories.posts.insertMany(written.map((post) => newPostRow(userId, monthId, post, at)));
        await repositories.months.markGenerated(userId, monthId, at);
        // The claim, with this run's lease still held: a job already ended elsewhere (a restart's
        // recovery) or one whose lease ran out (its month may be another job's, or another run's
        // now) rolls all of the above back.
        if (!(await repositories.jobs.finish(job.id, { status: 'succeeded', ...outcome, written: written.length, kept }, at, { leaseOwner: owner }))) {
          const stillRunning = (await repositories.jobs.findById(job.id))?.status === 'running';
          if (stillRunning && queue.durable) throw new HandBack('lease lost before the commit');
          throw new WriterError(stillRunning ? LEASE_LAPSED_REASON : STOPPED_REASON, 'aborted');
        }
      })
      .catch((error: unknown) => {
        // The month's own check refused (archived now, or gone): said in the job's words.
        if (error instanceof AppError && (error.code === 'archived' || error.code === 'not_found')) throw new WriterError(MONTH_ARCHIVED_REASON, 'aborted');
        throw error;
      });
  }

  /** Writes the slots not staged yet (all of them on a first run), then commits every staged post. */
  async function run(job: JobRow, owner: string, controller: AbortController) {
    const { signal } = controller;
    const started = performance.now();
    const slots = job.slots ? (JSON.parse(job.slots) as PostSlot[]) : [];
    const ref = parseMonthId(job.monthId);
    let staging = Promise.resolve();
    let leaseLost = false;
    // The first post's words as they stream, until a post is staged (then the overlay shows that one).
    const drafts = createDraftWriter({
      write: (draft) => jobs.saveDraft(job.id, owner, draft).then(() => publish(job.id)),
      onError: (error) => log.warn({ event: 'generation.draft-not-saved', jobId: job.id, err: error }),
    });
    const stopHeartbeat = heartbeat(job.id, owner, () => {
      leaseLost = true;
      controller.abort();
    });
    try {
      if (!job.strategy || slots.length === 0 || !ref) throw new WriterError(INTERRUPTED_REASON, 'aborted');
      const staged = new Set(await jobs.stagedSlotIndexes(job.id));
      const missing = slots.map((slot, index) => ({ slot, index })).filter((entry) => !staged.has(entry.index));
      log.info({ event: 'generation.start', jobId: job.id, monthId: job.monthId, planned: slots.length, resumed: staged.size, writer: writer.label });
      const profile = (await profiles.find(job.userId)) ?? NEW_PROFILE;
      const voice = await voiceSamples(job.userId);
      const context = { profile, strategy: JSON.parse(job.strategy) as Strategy, ...ref, voice };
      const avoidOpenings = (await posts.listByMonth(job.userId, job.monthId)).map((post) => post.content);
      const result =
        missing.length === 0
          ? { problems: [], shortened: [] }
          : await writer.writeMonth(
              context,
              missing.map((entry) => entry.slot),
              {
                signal,
                avoidOpenings,
                onDraft: (slotIndex, content) => {
                  const slot = missing[slotIndex]!.slot;
                  drafts.update({ date: slot.date, platform: slot.platform, content });
                },
                onPosts: (batch, slotIndexes) => {
                  const entries = batch.map((post, index) => ({ slotIndex: missing[slotIndexes[index]!]!.index, post }));
                  staging = staging
                    .then(() => drafts.stop())
                    .then(() => jobs.stagePosts(job.id, entries, now().toISOString()))
                    .then(() => publish(job.id));
                },
              },
            );
      await staging;
      await drafts.stop();
      if (signal.aborted) throw new WriterError(SHUTDOWN_REASON, 'aborted');
      // The writer's final posts (varied openings, fitted to their platform) replace what it streamed.
      const final = 'posts' in result ? result.posts.flatMap((post, index) => (post ? [{ slotIndex: missing[index]!.index, post }] : [])) : [];
      await jobs.stagePosts(job.id, final, now().toISOString(), { replace: true });
      const written = await jobs.stagedPosts(job.id);
      if (written.length === 0) {
        throw new WriterError(result.problems[0] ?? 'The writer returned no posts. Nothing was changed; please try again.', 'invalid_reply');
      }
      const stagedNow = new Set(await jobs.stagedSlotIndexes(job.id));
      await commit(job, owner, written, {
        problems: result.problems,
        shortened: result.shortened.map((index) => describeShortened(missing[index]!.slot)),
        unwrittenSlots: slots.filter((_slot, index) => !stagedNow.has(index)),
      });
      if (job.makeImages === 1) {
        await afterWritten(job).catch((error: unknown) => log.error({ event: 'generation.images-not-queued', jobId: job.id, err: error }));
      }
      log.info({
        event: 'generation.done',
        jobId: job.id,
        written: written.length,
        problems: result.problems.length,
        draftWrites: drafts.writes(),
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      await staging.catch(() => undefined);
      await drafts.stop();
      // With a durable queue, a run that lost its lease or was stopped hands the job back: the posts it
      // staged stay, and another run (here or elsewhere) writes the rest.
      if (queue.durable && (leaseLost || error instanceof HandBack || (signal.aborted && stopping))) {
        log.warn({ event: 'generation.handed-back', jobId: job.id, leaseLost });
        // Lease lost: the queue's retry finds whoever holds the job now, or claims it.
        if (leaseLost || error instanceof HandBack) throw new HandBack('generation handed back to the queue');
        // Stopping: the lease is given up and the job queued afresh, so another instance resumes it at once.
        await jobs.releaseLease(job.id, owner, now().toISOString());
        await queue.send(GENERATION_QUEUE, { jobId: job.id }, sendOptions);
        return;
      }
      const stopped = signal.aborted && !(error instanceof WriterError && error.reason !== 'aborted');
      const reason = leaseLost ? LEASE_LAPSED_REASON : stopped ? SHUTDOWN_REASON : failureMessage(error);
      log.warn({ event: 'generation.failed', jobId: job.id, reason, cause: error instanceof Error ? error.message : String(error) });
      await jobs.finish(job.id, { status: 'failed', error: reason }, now().toISOString()).catch((cause: unknown) => {
        log.error({ event: 'generation.finish-failed', jobId: job.id, err: cause });
      });
    } finally {
      stopHeartbeat();
      await publish(job.id).catch(() => undefined);
    }
  }

  /** Held by a live run (here or elsewhere) whose queue job expired while it works: looked at again a lease later, so it is taken over should that run die. */
  const checkAgainLater = async (jobId: string) => {
    if (queue.durable) await queue.send(GENERATION_QUEUE, { jobId }, { ...sendOptions, startAfterSeconds: leaseSeconds });
  };

  /** The queue's handler: claims the job's lease and runs it; a job held by a live run elsewhere is retried later. */
  async function take(jobId: string): Promise<void> {
    if (running.has(jobId)) return checkAgainLater(jobId);
    // Registered before the first await, so a job sent in this process counts as running at once.
    const controller = new AbortController();
    let finished: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finished = resolve));
    running.set(jobId, { controller, done });
    try {
      // A stopping instance takes nothing new; the queue retries the job elsewhere.
      if (stopping) throw new HandBack('this instance is stopping');
      const at = now();
      const row = await jobs.findById(jobId);
      if (!row || row.status !== 'running') return;
      const owner = randomUUID();
      if (!(await jobs.claim(jobId, owner, at.toISOString(), rules.endsAt(at), rules.lapsedBefore(at)))) {
        if (rules.asOf(row, at).status !== 'running') {
          await jobs.finish(jobId, { status: 'failed', error: LEASE_LAPSED_REASON }, at.toISOString());
          await publish(jobId).catch(() => undefined);
          return;
        }
        await checkAgainLater(jobId);
        return;
      }
      if (stopping) controller.abort();
      await run({ ...row, leaseOwner: owner }, owner, controller);
    } finally {
      running.delete(jobId);
      finished();
    }
  }

  return {
    /** Hands a job already stored as running to the queue; any instance running workers takes it. */
    async enqueue(jobId: string): Promise<void> {
      await queue.send(GENERATION_QUEUE, { jobId }, sendOptions);
    },

    /** Takes generation jobs from the queue in this instance (ROLE=worker or all). */
    async work(): Promise<void> {
      await queue.work<{ jobId: string }>(GENERATION_QUEUE, (job) => take(job.data.jobId));
    },

    /**
     * Start-up. In one process, jobs left running by the previous process are failed with a reason
     * (their months untouched). With a durable queue other instances may be running theirs: only jobs
     * no live run holds are handed to the queue again (it may hold them already; the claim keeps a
     * job to one run).
     */
    async recoverInterrupted(): Promise<number> {
      if (!queue.durable) return jobs.failAllRunning(INTERRUPTED_REASON, now().toISOString());
      const unheld = await jobs.unheldRunning(now().toISOString());
      for (const jobId of unheld) await queue.send(GENERATION_QUEUE, { jobId }, sendOptions);
      return unheld.length;
    },

    /**
     * Graceful shutdown: stop the writers. In one process each job records that it failed; with a
     * durable queue each hands its job back (staged posts kept) for another instance to finish.
     */
    async shutdown(): Promise<void> {
      stopping = true;
      for (const { controller } of running.values()) controller.abort();
      await Promise.all([...running.values()].map((entry) => entry.done));
    },

    runningCount: () => running.size,
  };
}

export type GenerationRunner = ReturnType<typeof createGenerationRunner>;
