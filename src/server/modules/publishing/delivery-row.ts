import type { Delivery, DeliveryAttempt, DeliveryStatus } from '@shared/schemas/publishing';
import type { DeliveriesTable } from '../../platform/db/schema';

/** A delivery's row and what is said of it outside SQL: its wire shape, the states actions start from, an attempt's end. */
export type DeliveryRow = DeliveriesTable;

/** The states a cancel (unscheduling, deleting the post) ends: nothing is under way and nothing went out. */
export const CANCELLABLE: DeliveryStatus[] = ['scheduled', 'awaiting_approval', 'failed', 'unknown', 'missed'];
/** The states of a delivery not sent yet, whose time a schedule or a move changes: waiting for it, or held for approval past it. */
export const WAITING: DeliveryStatus[] = ['scheduled', 'awaiting_approval'];
/** The states a retry sends again from. */
export const RETRYABLE: DeliveryStatus[] = ['failed', 'unknown', 'missed'];

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    postId: row.postId,
    platform: row.platform as Delivery['platform'],
    status: row.status as DeliveryStatus,
    dueAt: row.dueAt,
    nextAttemptAt: row.nextAttemptAt,
    attempts: row.attempts,
    reason: row.reason,
    liveUrl: row.liveUrl,
    updatedAt: row.updatedAt,
  };
}

export type ScheduleResult = 'saved' | 'busy';
/** Cancelling a delivery already published leaves it so: its record stays. */
export type CancelResult = ScheduleResult | 'published';

/** `attempts`: only to give back a claim that was not an attempt (a resting account's, account-rest.ts). */
export type Change = Partial<Pick<DeliveryRow, 'status' | 'nextAttemptAt' | 'reason' | 'liveUrl' | 'finishedAt' | 'connectionId' | 'attempts'>>;
export type LogLine = { at: string; outcome: DeliveryAttempt['outcome']; detail: string };

/**
 * How one attempt ended: the delivery's new state and the line for its log. `late`: what to record
 * instead when its lease was written off meanwhile (the change applies only while the delivery is
 * still 'unknown' from that write-off; the line is logged whatever became of it).
 */
export interface AttemptEnd {
  /** The delivery as claimed (its `leaseOwner` names this attempt). */
  row: DeliveryRow;
  change: Change;
  attempt: LogLine;
  late?: { change: Change; attempt: LogLine };
}

/** Whether an attempt whose lease was written off may still be under way: its owner has not reported, and its time to do so has not passed. */
export const attemptMayBeUnderWay = (row: Pick<DeliveryRow, 'status' | 'leaseOwner' | 'leaseUntil'>, now: string) =>
  row.status === 'unknown' && row.leaseOwner !== null && row.leaseUntil !== null && row.leaseUntil >= now;

export const EXCERPT_LENGTH = 120;
