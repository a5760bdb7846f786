/**
 * Rows a test needs but the API cannot make on purpose (a month that has already ended, a post in
 * it, earlier versions, a generation job in a given state), written with plain Kysely to the test's
 * own database handle (`TestServer.database.db`, or a transaction of it). Production code exposes
 * nothing for tests; every row here goes in as a seed script would put it.
 */
import { randomUUID } from 'node:crypto';
import { dayOfMonth, monthId, type MonthRef } from '@shared/domain/months';
import type { WrittenPost } from '@shared/schemas/post';
import type { Db } from '@server/platform/db/database';
import { newMonthRow } from '@server/modules/months/month-repository';
import type { ConnectionsTable, DeliveriesTable, GenerationJobsTable, MonthsTable, PostsTable, PostVersionsTable } from '@server/platform/db/schema';

const LONG_AGO = '2020-01-01T00:00:00.000Z';

type MonthFields = Partial<Pick<MonthsTable, 'contentGenerated' | 'lastGeneratedAt' | 'strategy' | 'createdAt'>>;
type PostFields = Partial<Omit<PostsTable, 'userId' | 'monthId'>>;
type VersionFields = Partial<Pick<PostVersionsTable, 'hashtags' | 'replacedBy' | 'instruction' | 'createdAt'>>;
type JobFields = Partial<Omit<GenerationJobsTable, 'userId' | 'monthId'>>;
type DeliveryFields = Partial<Omit<DeliveriesTable, 'userId' | 'postId'>>;
type HealthFields = Partial<Pick<ConnectionsTable, 'health' | 'healthReason' | 'tokenExpiresAt'>>;

/** Noon UTC of a day of the month: how posts store their date. */
export function noonOf(ref: MonthRef, day: number): string {
  return `${dayOfMonth(ref, day)}T12:00:00Z`;
}

export function createFactories(db: Db) {
  return {
    /** A month as if created at `createdAt` (default now); any month, past ones included. Returns its id. */
    async month(userId: string, ref: MonthRef, fields: MonthFields = {}): Promise<string> {
      const at = fields.createdAt ?? new Date().toISOString();
      const row = { ...newMonthRow(userId, ref, at), ...fields, createdAt: at, updatedAt: at };
      await db.insertInto('months').values(row).execute();
      return row.id;
    },

    /** A draft text post on the month's 2nd (unless `fields` say otherwise), written long ago. */
    async post(userId: string, month: MonthRef, fields: PostFields = {}): Promise<PostsTable> {
      const row: PostsTable = {
        id: randomUUID(),
        userId,
        monthId: monthId(month),
        date: noonOf(month, 2),
        platform: 'facebook',
        content: 'Old',
        type: 'text',
        mediaPrompt: '',
        hashtags: '[]',
        media: '[]',
        event: null,
        approval: 'waiting',
        evergreen: 0,
        evergreenOf: null,
        version: 1,
        createdAt: LONG_AGO,
        updatedAt: LONG_AGO,
        ...fields,
      };
      await db.insertInto('posts').values(row).execute();
      return row;
    },

    /** Earlier texts of a post, oldest first, one minute apart from `createdAt` (default long ago). */
    async versions(userId: string, postId: string, contents: string[], fields: VersionFields = {}): Promise<PostVersionsTable[]> {
      const start = Date.parse(fields.createdAt ?? LONG_AGO);
      const rows = contents.map((content, index): PostVersionsTable => ({
        id: randomUUID(),
        postId,
        userId,
        content,
        hashtags: '[]',
        replacedBy: 'edit',
        instruction: null,
        ...fields,
        createdAt: new Date(start + index * 60_000).toISOString(),
      }));
      if (rows.length > 0) await db.insertInto('post_versions').values(rows).execute();
      return rows;
    },

    /** A generation job of the month, finished successfully unless `fields` say otherwise. */
    async job(userId: string, month: MonthRef, fields: JobFields = {}): Promise<GenerationJobsTable> {
      const row: GenerationJobsTable = {
        id: randomUUID(),
        userId,
        monthId: monthId(month),
        status: 'succeeded',
        planned: 0,
        written: 0,
        replaceExisting: 0,
        makeImages: 0,
        error: null,
        problems: '[]',
        writer: 'Built-in template writer (not AI)',
        createdAt: LONG_AGO,
        updatedAt: LONG_AGO,
        finishedAt: LONG_AGO,
        leaseUntil: null,
        kept: 0,
        shortened: '[]',
        unwrittenSlots: '[]',
        leaseOwner: null,
        strategy: null,
        slots: null,
        replaceable: null,
        draft: null,
        ...fields,
      };
      await db.insertInto('generation_jobs').values(row).execute();
      return row;
    },

    /** Posts a running job has staged, in slots 0, 1, … in order (as its writer hands them over). */
    async stagedPosts(jobId: string, posts: WrittenPost[]): Promise<void> {
      if (posts.length === 0) return;
      await db
        .insertInto('generation_job_posts')
        .values(posts.map((post, slotIndex) => ({ jobId, slotIndex, post: JSON.stringify(post) })))
        .execute();
    },

    /**
     * The post's delivery (what makes it scheduled): waiting on its network at 09:00 UTC of its day
     * unless `fields` say otherwise (another time of day, or a state a worker would leave it in).
     */
    async delivery(post: Pick<PostsTable, 'id' | 'userId' | 'platform' | 'date'>, fields: DeliveryFields = {}): Promise<DeliveriesTable> {
      const timeOfDay = fields.timeOfDay ?? '09:00';
      const dueAt = `${post.date.slice(0, 10)}T${timeOfDay}:00.000Z`;
      const row: DeliveriesTable = {
        id: `msg_${randomUUID().replaceAll('-', '')}`,
        userId: post.userId,
        postId: post.id,
        platform: post.platform,
        status: 'scheduled',
        dueAt,
        nextAttemptAt: dueAt,
        attempts: 0,
        leaseUntil: null,
        leaseOwner: null,
        connectionId: null,
        reason: null,
        liveUrl: null,
        finishedAt: null,
        sentAt: null,
        timeOfDay,
        progress: null,
        createdAt: LONG_AGO,
        updatedAt: LONG_AGO,
        ...fields,
      };
      await db.insertInto('deliveries').values(row).execute();
      return row;
    },

    /** A connection's health as a failed send or a token's expiry leaves it: disconnected with its reason, or a token that ends at `tokenExpiresAt`. */
    async connectionHealth(connectionId: string, fields: HealthFields): Promise<void> {
      await db.updateTable('connections').set(fields).where('id', '=', connectionId).execute();
    },

    /** A post's delivery as a worker leaves it when it stops mid-send: 'publishing', leased until `leaseUntil`. */
    async claimDelivery(postId: string, leaseUntil: string): Promise<void> {
      await db
        .updateTable('deliveries')
        .set((eb) => ({ status: 'publishing', leaseOwner: 'a-worker-that-stopped', leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('postId', '=', postId)
        .execute();
    },
  };
}

export type Factories = ReturnType<typeof createFactories>;
