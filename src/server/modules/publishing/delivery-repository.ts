import { randomUUID } from 'node:crypto';
import { PostgresAdapter } from 'kysely';
import type { DeliveryStatus, DeliverySummary, DeliveryWithLog } from '@shared/schemas/publishing';
import { inTransaction, type Db } from '../../platform/db/database';
import type { DeliveryAttemptsTable } from '../../platform/db/schema';
import { deliveryEnded } from '../notifications/events';
import { raiseNothing, type RaiseNotification } from '../notifications/notification-repository';
import { attemptMayBeUnderWay, CANCELLABLE, EXCERPT_LENGTH, RETRYABLE, toDelivery, WAITING } from './delivery-row';
import { awaitsApproval } from './approval-hold-repository';
import { addAttempt, attemptsOf } from './delivery-log-repository';
import { createOutcomeWrites } from './delivery-outcome-repository';
import type { AttemptEnd, CancelResult, DeliveryRow, ScheduleResult } from './delivery-row';

/**
 * Tells the workers a delivery is waiting for `dueAt`, as part of the write in `db` (a transaction's or
 * not): on PostgreSQL a NOTIFY sent when that transaction commits, on SQLite an event in this process.
 */
export type AnnounceDue = (db: Db, dueAt: string) => Promise<void>;

/**
 * One delivery per scheduled post. Workers claim a due one with one conditional UPDATE (only one of
 * many processes changes the row; on PostgreSQL the rows another worker is claiming are skipped, not
 * waited for), holding it for a lease named by the claim (`leaseOwner`); a lease
 * that lapses means the worker died or stalled mid-send, and the delivery becomes 'unknown', keeping
 * the claim's name for a while in case that attempt still reports. The row's id is the idempotency key
 * of every attempt.
 */
export function createDeliveryRepository(db: Db, announce: AnnounceDue = async () => undefined, raise: RaiseNotification = raiseNothing) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const outcomes = createOutcomeWrites(postgres);
  /** A late end: its change while the delivery is still 'unknown' from that write-off, and its line in the log of the delivery if it still exists. */
  const recordLate = async (trx: Db, row: DeliveryRow, late: NonNullable<AttemptEnd['late']>) => {
    await trx
      .updateTable('deliveries')
      .set({ ...late.change, leaseOwner: null, leaseUntil: null, updatedAt: late.attempt.at })
      .where('id', '=', row.id)
      .where('status', '=', 'unknown')
      .where('leaseOwner', '=', row.leaseOwner)
      .execute();
    const exists = await trx.selectFrom('deliveries').select('id').where('id', '=', row.id).executeTakeFirst();
    if (exists) await addAttempt(trx, row, late.attempt.at, late.attempt.outcome, late.attempt.detail);
  };

  /** Tells the user, in the same transaction, that an attempt (`row`'s claim) ended without publishing. */
  const notifyEnded = async (trx: Db, row: DeliveryRow, status: string | undefined, reason: string) => {
    if (status !== 'failed' && status !== 'unknown' && status !== 'missed') return;
    const post = await trx.selectFrom('posts').select(['monthId', 'content']).where('id', '=', row.postId).executeTakeFirst();
    if (!post) return;
    const { id: deliveryId, userId, postId, platform } = row;
    await raise(
      trx,
      deliveryEnded({
        userId,
        deliveryId,
        claim: row.leaseOwner ?? row.updatedAt,
        postId,
        monthId: post.monthId,
        content: post.content,
        platform,
        status,
        reason,
      }),
    );
  };

  const insertNew = async (
    row: Pick<
      DeliveryRow,
      'userId' | 'postId' | 'platform' | 'dueAt' | 'timeOfDay' | 'nextAttemptAt' | 'status' | 'attempts' | 'reason' | 'finishedAt' | 'updatedAt'
    >,
    now: string,
  ) => {
    await db
      .insertInto('deliveries')
      .values({ ...row, id: `msg_${randomUUID().replaceAll('-', '')}`, leaseUntil: null, leaseOwner: null, connectionId: null, liveUrl: null, createdAt: now })
      .execute();
  };

  return {
    findByPost(userId: string, postId: string): Promise<DeliveryRow | undefined> {
      return db.selectFrom('deliveries').selectAll().where('userId', '=', userId).where('postId', '=', postId).executeTakeFirst();
    },

    async withLog(row: DeliveryRow): Promise<DeliveryWithLog> {
      return { ...toDelivery(row), log: await attemptsOf(db, row.id) };
    },

    /** The user's deliveries, of one month's posts when `monthId` is given. */
    async list(userId: string, monthId?: string): Promise<DeliverySummary[]> {
      let query = db
        .selectFrom('deliveries')
        .innerJoin('posts', 'posts.id', 'deliveries.postId')
        .selectAll('deliveries')
        .select(['posts.monthId', 'posts.content'])
        .where('deliveries.userId', '=', userId);
      if (monthId) query = query.where('posts.monthId', '=', monthId);
      const rows = await query.orderBy('deliveries.dueAt').orderBy('deliveries.id').execute();
      return rows.map((row) => ({ ...toDelivery(row), monthId: row.monthId, excerpt: row.content.slice(0, EXCERPT_LENGTH) }));
    },

    /**
     * Schedules (or re-times) the post's delivery: the only write that makes a post scheduled. A live
     * one keeps its id; one that had ended starts over as a new delivery. 'busy' while a worker is sending it.
     */
    async schedule(row: Pick<DeliveryRow, 'userId' | 'postId' | 'platform' | 'dueAt' | 'timeOfDay'>, now: string): Promise<ScheduleResult> {
      const existing = await this.findByPost(row.userId, row.postId);
      if (existing && (existing.status === 'publishing' || attemptMayBeUnderWay(existing, now))) return 'busy';
      const fields = {
        platform: row.platform,
        dueAt: row.dueAt,
        timeOfDay: row.timeOfDay,
        nextAttemptAt: row.dueAt,
        status: 'scheduled',
        attempts: 0,
        reason: null,
        updatedAt: now,
      };
      // A held one waits again, at its new time, keeping its log.
      if (existing && WAITING.includes(existing.status as DeliveryStatus)) {
        await db.updateTable('deliveries').set(fields).where('id', '=', existing.id).where('status', 'in', WAITING).execute();
        await announce(db, row.dueAt);
        return 'saved';
      }
      if (existing) await db.deleteFrom('deliveries').where('id', '=', existing.id).execute();
      await insertNew({ ...row, ...fields, finishedAt: null }, now);
      await announce(db, row.dueAt);
      return 'saved';
    },

    /** Records the post's schedule as missed, never sent (a deleted post brought back after its time). */
    async recordMissed(row: Pick<DeliveryRow, 'userId' | 'postId' | 'platform' | 'dueAt' | 'timeOfDay'>, reason: string, now: string): Promise<void> {
      await db.deleteFrom('deliveries').where('userId', '=', row.userId).where('postId', '=', row.postId).execute();
      await insertNew({ ...row, nextAttemptAt: row.dueAt, status: 'missed', attempts: 0, reason, finishedAt: now, updatedAt: now }, now);
    },

    /** The user's deliveries still waiting, with their post's day and their time of day (to re-time them in a new zone). */
    waiting(userId: string): Promise<{ postId: string; date: string; timeOfDay: string | null }[]> {
      return db
        .selectFrom('deliveries')
        .innerJoin('posts', 'posts.id', 'deliveries.postId')
        .select(['deliveries.postId', 'posts.date', 'deliveries.timeOfDay'])
        .where('deliveries.userId', '=', userId)
        .where('deliveries.status', '=', 'scheduled')
        .execute();
    },

    /** Moves a waiting delivery to a new instant (its post moved to another day); a held one waits again, for its new time. */
    async retime(userId: string, postId: string, dueAt: string, now: string): Promise<void> {
      const result = await db
        .updateTable('deliveries')
        .set({ dueAt, nextAttemptAt: dueAt, status: 'scheduled', reason: null, updatedAt: now })
        .where('userId', '=', userId)
        .where('postId', '=', postId)
        .where('status', 'in', WAITING)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) await announce(db, dueAt);
    },

    /** Cancels what has not gone out; 'busy' while it is being sent, 'published' once it has been. */
    async cancel(userId: string, postId: string, now: string): Promise<CancelResult> {
      const existing = await this.findByPost(userId, postId);
      if (existing?.status === 'published') return 'published';
      if (!existing || !CANCELLABLE.includes(existing.status as DeliveryStatus)) return existing?.status === 'publishing' ? 'busy' : 'saved';
      return inTransaction(db, async (trx) => {
        const result = await trx
          .updateTable('deliveries')
          .set({ status: 'cancelled', reason: null, finishedAt: now, updatedAt: now })
          .where('id', '=', existing.id)
          .where('status', 'in', CANCELLABLE)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return 'busy';
        return 'saved';
      });
    },

    /**
     * Sends a failed, unknown or missed delivery again now, under the same id; not while an attempt
     * whose lease was written off may still be under way (the receiver would get it twice at once).
     */
    async retry(userId: string, postId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('deliveries')
        .set({ status: 'scheduled', nextAttemptAt: now, attempts: 0, reason: null, finishedAt: null, leaseOwner: null, leaseUntil: null, updatedAt: now })
        .where('userId', '=', userId)
        .where('postId', '=', postId)
        .where('status', 'in', RETRYABLE)
        .where((eb) => eb.or([eb('leaseOwner', 'is', null), eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await announce(db, now);
      return true;
    },

    /** Puts back a delivery and its log as they were (a deleted post's, on undo). */
    async reinstate(row: DeliveryRow, attempts: DeliveryAttemptsTable[]): Promise<void> {
      await db.insertInto('deliveries').values(row).execute();
      if (attempts.length > 0) await db.insertInto('delivery_attempts').values(attempts).execute();
      if (row.status === 'scheduled') await announce(db, row.nextAttemptAt);
    },

    /** Notes the first time the delivery's post may have reached the network (Mastodon's key lasts an hour from then). */
    async markSent(id: string, at: string): Promise<void> {
      await db.updateTable('deliveries').set({ sentAt: at }).where('id', '=', id).where('sentAt', 'is', null).execute();
    },

    /** Keeps what a channel made on the network for the delivery's next attempt (a container's id). */
    async saveProgress(id: string, progress: string): Promise<void> {
      await db.updateTable('deliveries').set({ progress }).where('id', '=', id).execute();
    },

    /** The user saw an 'unknown' delivery live on the network: it counts as published. */
    confirm(userId: string, postId: string, now: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const row = await trx.selectFrom('deliveries').selectAll().where('userId', '=', userId).where('postId', '=', postId).executeTakeFirst();
        if (!row || row.status !== 'unknown') return false;
        await trx.updateTable('deliveries').set({ status: 'published', reason: null, finishedAt: now, updatedAt: now }).where('id', '=', row.id).execute();
        await addAttempt(trx, row, now, 'confirmed', 'You confirmed it was published.');
        return true;
      });
    },

    /** How many of the user's deliveries are in each state. */
    async countByStatus(userId: string): Promise<Partial<Record<DeliveryStatus, number>>> {
      const rows = await db
        .selectFrom('deliveries')
        .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
        .where('userId', '=', userId)
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    },

    /**
     * Takes up to `limit` deliveries due at `now` for `owner` until `leaseUntil`, oldest first, in one
     * conditional UPDATE: a row another worker took first no longer matches, so each goes to one worker;
     * one that awaits approval is never taken (the turn holds it). On PostgreSQL the rows are picked
     * FOR UPDATE SKIP LOCKED: workers claiming at once get the next rows instead of the same ones
     * (which they would wait for, find taken, and end their turn with fewer than they could send).
     * The lease is named by the worker and this claim, so an attempt's end is told from a later one's.
     */
    async claimDue(owner: string, now: string, leaseUntil: string, limit: number): Promise<DeliveryRow[]> {
      const claim = `${owner}/${randomUUID()}`;
      const rows = await db
        // Picked once (a materialized CTE): as a subquery, PostgreSQL may run a locking pick again per row and take more than `limit`.
        .with(
          (cte) => cte('picked').materialized(),
          (query) =>
            query
              .selectFrom('deliveries')
              .select('id')
              .where('status', '=', 'scheduled')
              .where('nextAttemptAt', '<=', now)
              .where((inner) => inner.not(awaitsApproval(inner)))
              .orderBy('nextAttemptAt')
              .limit(limit)
              // SQLite has one writer: its claims never overlap, and it has no FOR UPDATE.
              .$if(postgres, (locking) => locking.forUpdate().skipLocked()),
        )
        .updateTable('deliveries')
        .set((eb) => ({ status: 'publishing', leaseOwner: claim, leaseUntil, attempts: eb('attempts', '+', 1), updatedAt: now }))
        .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
        .where('status', '=', 'scheduled')
        .where('nextAttemptAt', '<=', now)
        .where((eb) => eb.not(awaitsApproval(eb)))
        .returningAll()
        .execute();
      return rows.sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt));
    },

    /** When a worker next has something to do: the earliest waiting attempt, or just after the earliest lease; undefined when none. */
    async nextWake(): Promise<string | undefined> {
      const [due, lease] = await Promise.all([
        db.selectFrom('deliveries').select('nextAttemptAt as at').where('status', '=', 'scheduled').orderBy('nextAttemptAt').limit(1).executeTakeFirst(),
        db.selectFrom('deliveries').select('leaseUntil as at').where('status', '=', 'publishing').orderBy('leaseUntil').limit(1).executeTakeFirst(),
      ]);
      // A lease lapses once the clock is past it (writeOffLapsed: leaseUntil < now).
      const lapses = lease?.at ? new Date(Date.parse(lease.at) + 1).toISOString() : undefined;
      return [due?.at, lapses].filter((at): at is string => Boolean(at)).sort()[0];
    },

    /**
     * Records attempts' ends, each while its claim still holds the delivery, in one transaction with
     * their log entries: outcomes that arrive together are written together. An end whose lease was
     * written off meanwhile is recorded as its `late` says. Answers, for each, whether it was recorded
     * as the attempt's own outcome.
     */
    finish(ends: AttemptEnd[]): Promise<boolean[]> {
      return inTransaction(db, async (trx) => {
        const saved = await outcomes.finish(trx, ends);
        for (const [index, { row, change, attempt, late }] of ends.entries()) {
          if (saved[index]) await notifyEnded(trx, row, change.status, attempt.detail);
          else if (late) await recordLate(trx, row, late);
        }
        return saved;
      });
    },

    /**
     * Deliveries whose worker's lease lapsed mid-send: their outcome is unknown. Each keeps its claim's
     * name until `reportBy`, while Retry now waits for that attempt (a stalled worker may still send
     * or report it). The count marked.
     */
    async writeOffLapsed(now: string, reason: string, reportBy: string): Promise<number> {
      const rows = await db.selectFrom('deliveries').selectAll().where('status', '=', 'publishing').where('leaseUntil', '<', now).execute();
      let marked = 0;
      for (const row of rows) {
        marked += await inTransaction(db, async (trx) => {
          const result = await trx
            .updateTable('deliveries')
            .set({ status: 'unknown', reason, leaseUntil: reportBy, updatedAt: now })
            .where('id', '=', row.id)
            .where('status', '=', 'publishing')
            .where('leaseUntil', '<', now)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) return 0;
          await addAttempt(trx, row, now, 'unknown', reason);
          await notifyEnded(trx, row, 'unknown', reason);
          return 1;
        });
      }
      return marked;
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
