import { randomUUID } from 'node:crypto';
import type { PostSlot } from '@shared/domain/slot-planner';
import type { GenerationDraft, GenerationJob, GenerationJobState, JobStatus } from '@shared/schemas/generation';
import type { Strategy } from '@shared/schemas/strategy';
import type { WrittenPost } from '@shared/schemas/post';
import { inTransaction, type Db } from '../../platform/db/database';
import { fromJsonList, toJson } from '../../platform/db/json-columns';
import type { PostStamps } from '../posts/post-repository';
import type { GenerationJobsTable } from '../../platform/db/schema';
import { generationEnded } from '../notifications/events';
import { raiseNothing, type RaiseNotification } from '../notifications/notification-repository';

export type JobRow = GenerationJobsTable;

/** A new job, running from `now` and holding its month until `leaseUntil`. */
export function newJobRow(
  {
    userId,
    monthId,
    planned,
    replaceExisting,
    makeImages = false,
    writer,
    leaseUntil,
    strategy,
    slots,
    replaceable,
  }: {
    userId: string;
    monthId: string;
    planned: number;
    replaceExisting: boolean;
    makeImages?: boolean;
    writer: string;
    leaseUntil: string;
    strategy: Strategy;
    slots: PostSlot[];
    replaceable?: PostStamps;
  },
  now: string,
): JobRow {
  return {
    id: randomUUID(),
    userId,
    monthId,
    status: 'running',
    planned,
    written: 0,
    kept: 0,
    replaceExisting: replaceExisting ? 1 : 0,
    makeImages: makeImages ? 1 : 0,
    error: null,
    problems: toJson([]),
    shortened: toJson([]),
    unwrittenSlots: toJson([]),
    writer,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    leaseUntil,
    leaseOwner: null,
    strategy: toJson(strategy),
    slots: toJson(slots),
    replaceable: replaceable ? toJson(replaceable) : null,
    draft: null,
  };
}

/** Unique-index violations on both drivers: the "one running job per month" rule. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function createJobRepository(db: Db, raise: RaiseNotification = raiseNothing) {
  /**
   * Ends a running job; returns false when it had already ended (e.g. failed by a restart's recovery)
   * or, with `leaseOwner`, when that run no longer holds its lease (ran out, or taken over).
   */
  async function finish(
    jobId: string,
    fields: {
      status: JobStatus;
      error?: string | null;
      problems?: string[];
      written?: number;
      kept?: number;
      shortened?: string[];
      unwrittenSlots?: PostSlot[];
    },
    now: string,
    { leaseOwner }: { leaseOwner?: string } = {},
  ): Promise<boolean> {
    const result = await db
      .updateTable('generation_jobs')
      .set({
        status: fields.status,
        error: fields.error ?? null,
        ...(fields.problems ? { problems: toJson(fields.problems) } : {}),
        ...(fields.written !== undefined ? { written: fields.written } : {}),
        ...(fields.kept !== undefined ? { kept: fields.kept } : {}),
        ...(fields.shortened ? { shortened: toJson(fields.shortened) } : {}),
        ...(fields.unwrittenSlots ? { unwrittenSlots: toJson(fields.unwrittenSlots) } : {}),
        updatedAt: now,
        finishedAt: now,
        draft: null,
      })
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .$if(leaseOwner !== undefined, (query) => query.where('leaseUntil', '>=', now).where('leaseOwner', '=', leaseOwner!))
      .returning(['userId', 'monthId', 'written'])
      .executeTakeFirst();
    await db.deleteFrom('generation_job_posts').where('jobId', '=', jobId).execute();
    // The user hears of the end in the same write (a success commits with the month's posts).
    if (result) {
      const { userId, monthId, written } = result;
      await raise(db, generationEnded({ userId, jobId, monthId, succeeded: fields.status === 'succeeded', written, error: fields.error ?? null }));
    }
    return result !== undefined;
  }

  return {
    /**
     * Stores a new running job. In the same transaction a running job of the month whose lease ran out
     * before `lapsed.before` is ended first (with `lapsed.reason`), so it no longer holds the month; a
     * live one makes the unique index refuse.
     */
    async insert(row: JobRow, now: string, lapsed: { before: string; reason: string }): Promise<void> {
      // Inside a caller's transaction (a generation start saves its strategy with the job) or in its own.
      await inTransaction(db, async (trx) => {
        const ended = await trx
          .updateTable('generation_jobs')
          .set({ status: 'failed', error: lapsed.reason, updatedAt: now, finishedAt: now })
          .where('userId', '=', row.userId)
          .where('monthId', '=', row.monthId)
          .where('status', '=', 'running')
          .where('leaseUntil', '<', lapsed.before)
          .returning('id')
          .execute();
        if (ended.length > 0)
          await trx
            .deleteFrom('generation_job_posts')
            .where(
              'jobId',
              'in',
              ended.map((job) => job.id),
            )
            .execute();
        await trx.insertInto('generation_jobs').values(row).execute();
      });
    },

    /** Extends the lease `owner` holds; false once the job ended, its lease ran out or another run took it. */
    async renewLease(jobId: string, owner: string, now: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('generation_jobs')
        .set({ leaseUntil: until })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .where('leaseOwner', '=', owner)
        .where('leaseUntil', '>=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Takes a running job's lease for the run `owner`: a job nobody took yet, or one whose holder let
     * its lease lapse (died, hung, cut off) but not before `lapsedBefore` (then it counts as failed).
     * One conditional update, so of two instances trying at once exactly one gets it.
     */
    async claim(jobId: string, owner: string, now: string, until: string, lapsedBefore: string): Promise<boolean> {
      const result = await db
        .updateTable('generation_jobs')
        .set({ leaseOwner: owner, leaseUntil: until })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .where('leaseUntil', '>=', lapsedBefore)
        .where((eb) => eb.or([eb('leaseOwner', 'is', null), eb('leaseUntil', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Gives the lease up at once (a graceful stop), so another instance may take the job over now. */
    async releaseLease(jobId: string, owner: string, now: string): Promise<void> {
      await db
        .updateTable('generation_jobs')
        .set({ leaseOwner: null, leaseUntil: now })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .where('leaseOwner', '=', owner)
        .execute();
    },

    /** Running jobs no live run holds (never taken, or lease lapsed): start-up hands them to the queue again. */
    async unheldRunning(now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('generation_jobs')
        .select('id')
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('leaseOwner', 'is', null), eb('leaseUntil', '<', now)]))
        .execute();
      return rows.map((row) => row.id);
    },

    /** The first post's text so far (see GenerationDraft); only while the job runs and the run holds it. */
    async saveDraft(jobId: string, owner: string, draft: GenerationDraft): Promise<void> {
      await db
        .updateTable('generation_jobs')
        .set({ draft: toJson(draft) })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .where('leaseOwner', '=', owner)
        .execute();
    },

    async stagedSlotIndexes(jobId: string): Promise<number[]> {
      const rows = await db.selectFrom('generation_job_posts').select('slotIndex').where('jobId', '=', jobId).execute();
      return rows.map((row) => row.slotIndex);
    },

    async find(userId: string, jobId: string): Promise<JobRow | undefined> {
      return db.selectFrom('generation_jobs').selectAll().where('userId', '=', userId).where('id', '=', jobId).executeTakeFirst();
    },

    async findById(jobId: string): Promise<JobRow | undefined> {
      return db.selectFrom('generation_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
    },

    async latestForMonth(userId: string, monthId: string): Promise<JobRow | undefined> {
      return db
        .selectFrom('generation_jobs')
        .selectAll()
        .where('userId', '=', userId)
        .where('monthId', '=', monthId)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Stages written posts by slot. A slot staged already keeps its post, unless `replace` (the writer's
     * final version of a post it streamed earlier, e.g. given another opening or shortened); `written` counts them all.
     */
    async stagePosts(jobId: string, entries: { slotIndex: number; post: WrittenPost }[], now: string, { replace = false } = {}): Promise<void> {
      if (entries.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('generation_job_posts')
          .values(entries.map((entry) => ({ jobId, slotIndex: entry.slotIndex, post: toJson(entry.post) })))
          .onConflict((conflict) => {
            const slot = conflict.columns(['jobId', 'slotIndex']);
            return replace ? slot.doUpdateSet((eb) => ({ post: eb.ref('excluded.post') })) : slot.doNothing();
          })
          .execute();
        const { count } = await trx
          .selectFrom('generation_job_posts')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('jobId', '=', jobId)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('generation_jobs')
          .set({ written: Number(count), updatedAt: now })
          .where('id', '=', jobId)
          .execute();
      });
    },

    /**
     * How many posts a job has staged and the last of the month among them, reading (and parsing) just
     * that one: what a progress event carries, however many are staged.
     */
    async stagedProgress(jobId: string): Promise<{ count: number; latest: WrittenPost | null }> {
      const { count } = await db
        .selectFrom('generation_job_posts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('jobId', '=', jobId)
        .executeTakeFirstOrThrow();
      if (Number(count) === 0) return { count: 0, latest: null };
      const last = await db
        .selectFrom('generation_job_posts')
        .select('post')
        .where('jobId', '=', jobId)
        .orderBy('slotIndex', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { count: Number(count), latest: last ? (JSON.parse(last.post) as WrittenPost) : null };
    },

    async stagedPosts(jobId: string): Promise<WrittenPost[]> {
      const rows = await db.selectFrom('generation_job_posts').select('post').where('jobId', '=', jobId).orderBy('slotIndex').execute();
      return rows.map((row) => JSON.parse(row.post) as WrittenPost);
    },

    finish,

    /** At start-up: jobs still "running" were cut off by a stop or crash of the previous process. */
    async failAllRunning(reason: string, now: string): Promise<number> {
      const running = await db.selectFrom('generation_jobs').select('id').where('status', '=', 'running').execute();
      for (const { id } of running) await finish(id, { status: 'failed', error: reason }, now);
      return running.length;
    },
  };
}

/** A job's state as clients see it, without its posts. */
export function toJobState(row: JobRow): GenerationJobState {
  return {
    id: row.id,
    monthId: row.monthId,
    status: row.status as JobStatus,
    planned: row.planned,
    written: row.written,
    kept: row.kept,
    error: row.error,
    problems: fromJsonList<string>(row.problems),
    shortened: fromJsonList<string>(row.shortened),
    unwritten: fromJsonList<PostSlot>(row.unwrittenSlots).length,
    writer: row.writer,
    makeImages: row.makeImages === 1,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

export function toJob(row: JobRow, posts: WrittenPost[]): GenerationJob {
  return { ...toJobState(row), posts };
}

/** The slots a finished job could not write, for a retry of just those. */
export function unwrittenSlotsOf(row: JobRow): PostSlot[] {
  return fromJsonList<PostSlot>(row.unwrittenSlots);
}

export type JobRepository = ReturnType<typeof createJobRepository>;
