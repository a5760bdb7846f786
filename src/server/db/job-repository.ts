import { randomUUID } from 'node:crypto';
import type { PostSlot } from '@shared/domain/slot-planner';
import type { GenerationJob, JobStatus } from '@shared/schemas/generation';
import type { WrittenPost } from '@shared/schemas/post';
import { inTransaction, type Db } from './database';
import { fromJsonList, toJson } from './json-columns';
import type { GenerationJobsTable } from './schema';

export type JobRow = GenerationJobsTable;

export const LEASE_LAPSED_REASON = 'The server stopped while this month was being written; generate again.';

/** A running job whose lease ran out counts as failed, whether or not anyone has written that down yet. */
export function withLapsedLease(row: JobRow, now: string): JobRow {
  if (row.status !== 'running' || row.leaseUntil === null || row.leaseUntil >= now) return row;
  return { ...row, status: 'failed', error: LEASE_LAPSED_REASON, finishedAt: row.leaseUntil };
}

/** A new job, running from `now` and holding its month until `leaseUntil`. */
export function newJobRow(
  {
    userId,
    monthId,
    planned,
    replaceExisting,
    writer,
    leaseUntil,
  }: { userId: string; monthId: string; planned: number; replaceExisting: boolean; writer: string; leaseUntil: string },
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
    error: null,
    problems: toJson([]),
    shortened: toJson([]),
    unwrittenSlots: toJson([]),
    writer,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    leaseUntil,
  };
}

/** Unique-index violations on both drivers: the "one running job per month" rule. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function createJobRepository(db: Db) {
  /**
   * Ends a running job; returns false when it had already ended (e.g. failed by a restart's recovery)
   * or, with `leaseHeld`, when its lease ran out.
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
    { leaseHeld = false }: { leaseHeld?: boolean } = {},
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
      })
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .$if(leaseHeld, (query) => query.where('leaseUntil', '>=', now))
      .executeTakeFirst();
    await db.deleteFrom('generation_job_posts').where('jobId', '=', jobId).execute();
    return Number(result.numUpdatedRows) > 0;
  }

  return {
    /**
     * Stores a new running job. In the same transaction a running job of the month whose lease lapsed
     * is ended first, so it no longer holds the month; a live one makes the unique index refuse.
     */
    async insert(row: JobRow, now: string): Promise<void> {
      // Inside a caller's transaction (a generation start saves its strategy with the job) or in its own.
      await inTransaction(db, async (trx) => {
        const lapsed = await trx
          .updateTable('generation_jobs')
          .set({ status: 'failed', error: LEASE_LAPSED_REASON, updatedAt: now, finishedAt: now })
          .where('userId', '=', row.userId)
          .where('monthId', '=', row.monthId)
          .where('status', '=', 'running')
          .where('leaseUntil', '<', now)
          .returning('id')
          .execute();
        if (lapsed.length > 0)
          await trx
            .deleteFrom('generation_job_posts')
            .where(
              'jobId',
              'in',
              lapsed.map((job) => job.id),
            )
            .execute();
        await trx.insertInto('generation_jobs').values(row).execute();
      });
    },

    /** Extends a job's lease if it still holds it; false once it ended or its lease already ran out. */
    async renewLease(jobId: string, now: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('generation_jobs')
        .set({ leaseUntil: until })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .where('leaseUntil', '>=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
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

    async stagePosts(jobId: string, entries: { slotIndex: number; post: WrittenPost }[], written: number, now: string): Promise<void> {
      if (entries.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('generation_job_posts')
          .values(entries.map((entry) => ({ jobId, slotIndex: entry.slotIndex, post: toJson(entry.post) })))
          .onConflict((conflict) => conflict.columns(['jobId', 'slotIndex']).doNothing())
          .execute();
        await trx.updateTable('generation_jobs').set({ written, updatedAt: now }).where('id', '=', jobId).execute();
      });
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

export function toJob(row: JobRow, posts: WrittenPost[]): GenerationJob {
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
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    posts,
  };
}

/** The slots a finished job could not write, for a retry of just those. */
export function unwrittenSlotsOf(row: JobRow): PostSlot[] {
  return fromJsonList<PostSlot>(row.unwrittenSlots);
}

export type JobRepository = ReturnType<typeof createJobRepository>;
