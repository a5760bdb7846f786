import type { ExpressionBuilder } from 'kysely';
import { inTransaction, type Db } from '../../platform/db/database';
import type { DatabaseSchema } from '../../platform/db/schema';
import { awaitingApproval, deliveryEnded } from '../notifications/events';
import { raiseNothing, type RaiseNotification } from '../notifications/notification-repository';
import { addAttempt } from './delivery-log-repository';
import type { DeliveryRow } from './delivery-row';

/**
 * The delivery's post is not approved and its month publishes only approved posts: it may not be sent.
 * A claim never takes such a delivery (delivery-repository.ts `claimDue`), so it is held, not sent, even
 * when it came due between a turn's hold and its claim or was edited (approval reset) meanwhile.
 */
export const awaitsApproval = (eb: ExpressionBuilder<DatabaseSchema, 'deliveries'>) =>
  eb.exists(
    eb
      .selectFrom('posts')
      .innerJoin('months', (join) => join.onRef('months.userId', '=', 'posts.userId').onRef('months.id', '=', 'posts.monthId'))
      .select('posts.id')
      .whereRef('posts.id', '=', 'deliveries.postId')
      .where('months.requireApproval', '=', 1)
      .where('posts.approval', '<>', 'approved'),
  );

/** A delivery with what its words and notifications name: its post's month and text. */
export type HeldRow = DeliveryRow & { monthId: string; content: string };
/** A held delivery that may go now; `requireApproval` 0 when its month's rule was turned off (else its post was approved). */
export type ReleasableRow = HeldRow & { requireApproval: number };

/** What a release does: send it now, logged with `detail`, or mark it missed with `reason`. */
export type Release = { send: true; detail: string } | { send: false; reason: string };

/** Rows a turn holds or releases at most (the next turn takes the rest). */
const BATCH = 200;
/** Post ids per statement, under SQLite's bound-parameter limit. */
const CHUNK = 200;

/**
 * Holding and releasing deliveries of months that publish only approved posts. Each row changes with a
 * conditional UPDATE (its status as read) in a transaction with its log line and notification, so of two
 * instances doing the same only one changes it, logs and tells.
 */
export function createApprovalHoldRepository(
  db: Db,
  /** Wakes the workers at commit (delivery-repository.ts `AnnounceDue`). */
  announce: (db: Db, dueAt: string) => Promise<void> = async () => undefined,
  raise: RaiseNotification = raiseNothing,
) {
  const withPost = () =>
    db.selectFrom('deliveries').innerJoin('posts', 'posts.id', 'deliveries.postId').selectAll('deliveries').select(['posts.monthId', 'posts.content']);

  return {
    /** Scheduled deliveries due at `now` that may not be sent (awaitsApproval), oldest first. */
    dueUnapproved(now: string): Promise<HeldRow[]> {
      return withPost()
        .where('deliveries.status', '=', 'scheduled')
        .where('deliveries.nextAttemptAt', '<=', now)
        .where(awaitsApproval)
        .orderBy('deliveries.nextAttemptAt')
        .limit(BATCH)
        .execute();
    },

    /** Holds a due delivery with `detail` as its reason and log line, and tells its user; false when it was no longer due, scheduled and unapproved. */
    hold(row: HeldRow, at: string, detail: string, lateWindow: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const result = await trx
          .updateTable('deliveries')
          .set({ status: 'awaiting_approval', reason: detail, updatedAt: at })
          .where('id', '=', row.id)
          .where('status', '=', 'scheduled')
          .where('nextAttemptAt', '<=', at)
          .where(awaitsApproval)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await addAttempt(trx, row, at, 'held', detail);
        const { id: deliveryId, userId, postId, monthId, content, platform } = row;
        await raise(trx, awaitingApproval({ userId, deliveryId, heldAt: at, postId, monthId, content, platform, lateWindow }));
        return true;
      });
    },

    /** Held deliveries that may go now (their post approved, or their month's rule off); of `scope`'s posts only, when given. */
    async releasable(scope?: { userId: string; postIds: string[] }): Promise<ReleasableRow[]> {
      const query = withPost()
        .innerJoin('months', (join) => join.onRef('months.userId', '=', 'posts.userId').onRef('months.id', '=', 'posts.monthId'))
        .select('months.requireApproval')
        .where('deliveries.status', '=', 'awaiting_approval')
        .where((eb) => eb.not(awaitsApproval(eb)))
        .orderBy('deliveries.dueAt');
      if (!scope) return query.limit(BATCH).execute();
      const rows: ReleasableRow[] = [];
      for (let start = 0; start < scope.postIds.length; start += CHUNK) {
        const postIds = scope.postIds.slice(start, start + CHUNK);
        rows.push(...(await query.where('deliveries.userId', '=', scope.userId).where('deliveries.postId', 'in', postIds).execute()));
      }
      return rows;
    },

    /** Sends a held delivery now (the workers told at commit) or marks it missed (its user told); false when it was no longer held and releasable. */
    release(row: HeldRow, at: string, release: Release): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const change = release.send ? { status: 'scheduled', nextAttemptAt: at, reason: null } : { status: 'missed', reason: release.reason, finishedAt: at };
        const result = await trx
          .updateTable('deliveries')
          .set({ ...change, updatedAt: at })
          .where('id', '=', row.id)
          .where('status', '=', 'awaiting_approval')
          .where((eb) => eb.not(awaitsApproval(eb)))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        if (release.send) {
          await addAttempt(trx, row, at, 'released', release.detail);
          await announce(trx, at);
          return true;
        }
        await addAttempt(trx, row, at, 'missed', release.reason);
        const { id: deliveryId, userId, postId, monthId, content, platform } = row;
        // The hold's time names this end: a later hold of the same delivery is another.
        await raise(
          trx,
          deliveryEnded({ userId, deliveryId, claim: row.updatedAt, postId, monthId, content, platform, status: 'missed', reason: release.reason }),
        );
        return true;
      });
    },

    /** The user's deliveries held now, and the scheduled ones due before `before` that will be held as things stand, in due order. */
    unapproved(userId: string, before: string): Promise<HeldRow[]> {
      return withPost()
        .where('deliveries.userId', '=', userId)
        .where((eb) =>
          eb.or([
            eb('deliveries.status', '=', 'awaiting_approval'),
            eb.and([eb('deliveries.status', '=', 'scheduled'), eb('deliveries.nextAttemptAt', '<', before), awaitsApproval(eb)]),
          ]),
        )
        .orderBy('deliveries.nextAttemptAt')
        .orderBy('deliveries.id')
        .execute();
    },
  };
}

export type ApprovalHoldRepository = ReturnType<typeof createApprovalHoldRepository>;
