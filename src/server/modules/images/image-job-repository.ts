import { randomUUID } from 'node:crypto';
import type { ImageJob, ImageMode, ImageTemplate } from '@shared/schemas/images';
import type { Db } from '../../platform/db/database';
import { fromJsonList, toJson } from '../../platform/db/json-columns';
import type { ImageJobsTable } from '../../platform/db/schema';
import { MEDIA_URL_PREFIX } from '../media/media-service';

export type ImageJobRow = ImageJobsTable;

/** A new job for one post's image, queued (or failed at once, with `error`, when the day's limit refused it). */
export function newImageJobRow(
  job: { userId: string; postId: string; monthId: string; batchId: string | null; mode: ImageMode; template: ImageTemplate | null; error?: string },
  at: string,
): ImageJobRow {
  const { error, ...rest } = job;
  return {
    id: randomUUID(),
    ...rest,
    status: error ? 'failed' : 'queued',
    files: '[]',
    error: error ?? null,
    createdAt: at,
    updatedAt: at,
    finishedAt: error ? at : null,
  };
}

/** The job as the API shows it: each made file with the url posts use. */
export function toImageJob(row: ImageJobRow): ImageJob {
  return {
    id: row.id,
    postId: row.postId,
    mode: row.mode as ImageJob['mode'],
    template: row.template as ImageJob['template'],
    status: row.status as ImageJob['status'],
    files: fromJsonList<string>(row.files).map((fileId) => ({ fileId, url: `${MEDIA_URL_PREFIX}${fileId}` })),
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

const UNFINISHED = ['queued', 'running'];

/** Image jobs (image_jobs): one image (or a carousel's slides) for one post. */
export function createImageJobRepository(db: Db) {
  return {
    async insert(rows: ImageJobRow[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('image_jobs').values(rows).execute();
    },

    find: (userId: string, id: string): Promise<ImageJobRow | undefined> =>
      db.selectFrom('image_jobs').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst(),

    findById: (id: string): Promise<ImageJobRow | undefined> => db.selectFrom('image_jobs').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Marks a queued (or retried) job running; false when it has ended already, so a retry does nothing. */
    async start(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('image_jobs')
        .set({ status: 'running', updatedAt: at })
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async succeed(id: string, fileIds: string[], at: string): Promise<void> {
      await db
        .updateTable('image_jobs')
        .set({ status: 'succeeded', files: toJson(fileIds), error: null, updatedAt: at, finishedAt: at })
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .execute();
    },

    async fail(id: string, error: string, at: string): Promise<void> {
      await db
        .updateTable('image_jobs')
        .set({ status: 'failed', error, updatedAt: at, finishedAt: at })
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .execute();
    },

    /** Start-up in one process: jobs the previous process left unfinished fail with `reason`; answers how many. */
    async failAllUnfinished(reason: string, at: string): Promise<number> {
      const result = await db
        .updateTable('image_jobs')
        .set({ status: 'failed', error: reason, updatedAt: at, finishedAt: at })
        .where('status', 'in', UNFINISHED)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The jobs of the month's latest batch (the last generation that asked for images), oldest first. */
    async latestBatch(userId: string, monthId: string): Promise<{ batchId: string | null; jobs: ImageJobRow[] }> {
      const latest = await db
        .selectFrom('image_jobs')
        .select('batchId')
        .where('userId', '=', userId)
        .where('monthId', '=', monthId)
        .where('batchId', 'is not', null)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!latest?.batchId) return { batchId: null, jobs: [] };
      const jobs = await db
        .selectFrom('image_jobs')
        .selectAll()
        .where('userId', '=', userId)
        .where('batchId', '=', latest.batchId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return { batchId: latest.batchId, jobs };
    },
  };
}

export type ImageJobRepository = ReturnType<typeof createImageJobRepository>;
