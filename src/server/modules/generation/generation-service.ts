import { isDateInMonth } from '@shared/domain/months';
import { planSlots } from '@shared/domain/slot-planner';
import { generationProgressSchema, type GenerationJob, type GenerationProgress, type StartGeneration } from '@shared/schemas/generation';
import type { PostSlot } from '@shared/domain/slot-planner';
import type { Strategy } from '@shared/schemas/strategy';
import type { Writer } from '../../ai/writer';
import { isUniqueViolation, newJobRow, toJob, unwrittenSlotsOf, type JobRepository, type JobRow } from './job-repository';
import type { MonthRow } from '../months/month-repository';
import type { Repositories } from '../../platform/db/transact';
import { AppError, notFound } from '../../errors';
import type { GenerationRunner } from './generation-runner';
import type { LeaseRules } from './job-lease';
import type { JobProgress } from './job-progress';
import type { Access } from '../months/access';
import type { UsageLimits } from '../account/usage-limits';

interface Deps {
  access: Access;
  jobs: JobRepository;
  /** Only to queue a stored job: reads and news of a job come from `progress`. */
  runner: Pick<GenerationRunner, 'enqueue'>;
  progress: JobProgress;
  rules: LeaseRules;
  writer: Writer;
  usage: UsageLimits;
  now?: () => Date;
}

export const ALREADY_RUNNING = 'This month is already being generated. Wait for it to finish.';
/** How long a progress stream may stay silent before it sends a keep-alive, so proxies keep it open. */
const PROGRESS_HEARTBEAT_MS = 15_000;

/** What a progress stream sends: the job's progress whenever it changed, or a keep-alive after a quiet while. */
export type ProgressMessage = { kind: 'progress'; data: string } | { kind: 'keep-alive' };

/** Resolves true when woken, false after `ms` without a wake-up; the timer never outlives the wait. */
function untilWoken(ms: number, setWake: (wake: () => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    setWake(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export function createGenerationService({ access, jobs, runner, progress, rules, writer, usage, now = () => new Date() }: Deps) {
  /** The user's job, or a 404: checked before anything of it is read. */
  async function ownJobId(userId: string, jobId: string): Promise<string> {
    const row = await jobs.find(userId, jobId);
    if (!row) throw notFound('Generation job');
    return row.id;
  }

  async function get(userId: string, jobId: string): Promise<GenerationJob> {
    return (await progress.job(await ownJobId(userId, jobId)))!;
  }

  async function progressOf(userId: string, jobId: string): Promise<GenerationProgress> {
    return (await progress.progress(await ownJobId(userId, jobId)))!;
  }

  /**
   * In the transaction that checks the month: `plan` says what to write, the job is inserted (a second
   * start waits here for the first one's transaction, then is refused) and its AI request counted, so
   * a start refused (archived, running, confirm first) costs nothing. Then the job is queued: whichever
   * instance takes it reads everything from its row.
   */
  async function startJob(
    userId: string,
    monthId: string,
    plan: (repositories: Repositories, month: MonthRow) => Promise<{ slots: PostSlot[]; strategy: Strategy; replaceExisting: boolean; makeImages?: boolean }>,
    afterInsert: (repositories: Repositories, at: string) => Promise<void> = async () => undefined,
  ): Promise<GenerationJob> {
    let row: JobRow;
    try {
      row = await access.writeInMonth(userId, monthId, async (repositories, month) => {
        const { slots, strategy, replaceExisting, makeImages } = await plan(repositories, month);
        const startedAt = now();
        const at = startedAt.toISOString();
        // What a replacing job may delete: the posts as they are now (see deleteUnchanged).
        const replaceable = replaceExisting ? await repositories.posts.stamps(userId, month.id) : undefined;
        const planned = { userId, monthId: month.id, planned: slots.length, replaceExisting, makeImages, writer: writer.label, strategy, slots, replaceable };
        const row = newJobRow({ ...planned, leaseUntil: rules.endsAt(startedAt) }, at);
        await repositories.jobs.insert(row, at, rules.lapsedAt(startedAt));
        await afterInsert(repositories, at);
        await usage.consumeAiRequest(userId, repositories.usage);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('generation_running', ALREADY_RUNNING);
      throw error;
    }
    await runner.enqueue(row.id);
    return toJob(row, []);
  }

  return {
    /**
     * Plans the slots, then in one transaction checks the month, inserts the job and saves the strategy:
     * a start refused (another job running, posts to replace, an archived month) leaves the saved
     * strategy as it was. Answers before any post is written.
     */
    start: (userId: string, monthId: string, { strategy, replaceExisting, makeImages }: StartGeneration): Promise<GenerationJob> =>
      startJob(
        userId,
        monthId,
        async (_repositories, month) => {
          const ref = { year: month.year, month: month.month };
          const outside = strategy.selectedHolidays.find((holiday) => !isDateInMonth(holiday.date, ref));
          if (outside) throw new AppError('bad_request', `The holiday "${outside.name}" (${outside.date}) is not in ${month.name} ${month.year}.`);
          if (month.postCount > 0 && !replaceExisting) {
            throw new AppError(
              'month_has_posts',
              `${month.name} ${month.year} already has ${month.postCount} posts. Generating again replaces them; confirm to continue.`,
              undefined,
              { postCount: month.postCount, keptPostCount: month.keptPostCount },
            );
          }
          const slots = planSlots({ ...ref, strategy });
          if (slots.length === 0) throw new AppError('bad_request', 'This strategy plans no posts for the month. Choose at least one post a week.');
          return { slots, strategy, replaceExisting, makeImages };
        },
        (repositories, at) => repositories.months.saveStrategy(userId, monthId, strategy, at),
      ),

    /**
     * Writes again just the slots a finished job could not write, as a new job that adds posts (the
     * month's saved strategy, nothing replaced). Counted as one AI request, like any generation.
     */
    async retryUnwritten(userId: string, jobId: string): Promise<GenerationJob> {
      const previous = await jobs.find(userId, jobId);
      if (!previous) throw notFound('Generation job');
      const slots = unwrittenSlotsOf(previous);
      if (previous.status !== 'succeeded' || slots.length === 0)
        throw new AppError('nothing_to_retry', 'Every post of this generation was written: nothing to try again.');
      return startJob(userId, previous.monthId, async (_repositories, month) => {
        if (!month.strategy) throw new AppError('no_saved_strategy', 'This month has no saved strategy. Generate the month again.');
        return { slots, strategy: month.strategy, replaceExisting: false };
      });
    },

    /** The month's latest job (running or finished), so a reloaded page can re-attach to it. */
    async latest(userId: string, monthId: string): Promise<GenerationJob | null> {
      await access.requireMonth(userId, monthId);
      const row = await jobs.latestForMonth(userId, monthId);
      return row ? ((await progress.job(row.id)) ?? null) : null;
    },

    /** The job with the posts it staged so far: for the end of a job, or a client that opens it. */
    get,

    /** The job's counts and latest post, without its staged posts: what polling reads while it runs. */
    progress: progressOf,

    /** Progress streams still open on a job. */
    listenerCount: (jobId: string) => progress.listenerCount(jobId),

    /**
     * Checks the job is the user's (a 404 comes before any stream starts), then hands back its progress:
     * its counts and latest post (never every staged post) each time it changed, a keep-alive after `heartbeatMs` of quiet, and the end once the job
     * has ended or `hangUp` fires. The database is the source of truth; runner events only say "read
     * again now", so an event that races with a read can never leave the stream holding a stale state.
     */
    async follow(userId: string, jobId: string, { heartbeatMs = PROGRESS_HEARTBEAT_MS }: { heartbeatMs?: number } = {}) {
      const first = await progressOf(userId, jobId);
      return async function* follow(hangUp: AbortSignal): AsyncGenerator<ProgressMessage> {
        let changed = true;
        let wake: () => void = () => undefined;
        const unsubscribe = progress.subscribe(first.id, () => {
          changed = true;
          wake();
        });
        // A client that hangs up wakes the loop, which ends and lets go of the job.
        const onHangUp = () => wake();
        hangUp.addEventListener('abort', onHangUp);
        try {
          let sent = '';
          while (!hangUp.aborted) {
            changed = false;
            const current = (await progress.progress(first.id)) ?? first;
            const data = JSON.stringify(generationProgressSchema.parse(current));
            if (data !== sent) {
              yield { kind: 'progress', data };
              sent = data;
            }
            if (current.status !== 'running') break;
            if (!changed && !(await untilWoken(heartbeatMs, (resolve) => (wake = resolve))) && !hangUp.aborted) yield { kind: 'keep-alive' };
          }
        } finally {
          hangUp.removeEventListener('abort', onHangUp);
          unsubscribe();
        }
      };
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
