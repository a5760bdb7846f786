import { PLATFORM_LABELS, type Platform } from '@shared/domain/options';
import {
  CONNECTION_EXPIRY_WARNING_DAYS,
  type DeliveryAtRisk,
  type DeliveryStatus,
  type DeliverySummary,
  type DeliveryWithLog,
} from '@shared/schemas/publishing';
import type { ConnectionRepository, RoutedDelivery } from './connection-repository';
import type { ApprovalHoldRepository, HeldRow } from './approval-hold-repository';
import type { DeliveryRepository } from './delivery-repository';
import { attemptMayBeUnderWay, EXCERPT_LENGTH, RETRYABLE, toDelivery } from './delivery-row';
import { AppError, notFound } from '../../errors';
import type { Access } from '../months/access';
import { disconnectedClause, type ScheduleCheck } from './schedule-check';

/** What is wrong with a scheduled post's connection, and what to do, in words. */
function riskOf(row: RoutedDelivery): Pick<DeliveryAtRisk, 'risk' | 'riskMessage'> {
  if (row.routeId === null) {
    const network = PLATFORM_LABELS[row.platform as Platform] ?? row.platform;
    return {
      risk: 'no_connection',
      riskMessage: `No connection sends ${network} posts, so it will not go out. Add one in Settings → Connections before its time.`,
    };
  }
  const name = row.routeName ?? '';
  if (row.routeHealth === 'disconnected')
    return {
      risk: 'disconnected',
      riskMessage: `It will not go out: ${disconnectedClause({ name, healthReason: row.routeHealthReason })}. Reconnect it in Settings → Connections before its time.`,
    };
  return {
    risk: 'expires_first',
    riskMessage: `It will not go out: the sign-in of the connection “${name}” ends before this post's time and could not be renewed. Reconnect it in Settings → Connections.`,
  };
}

/** Where to get it approved, or stop requiring it. */
const APPROVAL_NEXT = 'Share the month for review and ask for an approval, or turn off approval for the month.';

/** What keeps a post from going out in a month that publishes only approved posts, in words. */
function approvalRiskOf(row: HeldRow): Pick<DeliveryAtRisk, 'risk' | 'riskMessage'> {
  if (row.status === 'awaiting_approval') return { risk: 'not_approved', riskMessage: `${row.reason ?? 'Held: waiting for approval.'} ${APPROVAL_NEXT}` };
  return {
    risk: 'not_approved',
    riskMessage: `It will be held at its time, not sent: its month publishes only approved posts, and this one is not approved yet. ${APPROVAL_NEXT}`,
  };
}

interface Deps {
  deliveries: DeliveryRepository;
  connections: ConnectionRepository;
  /** Posts held for approval, or due soon unapproved in a month that requires approval. */
  holds: Pick<ApprovalHoldRepository, 'unapproved'>;
  access: Access;
  /** A retry is checked as scheduling is: its connection and its network. */
  check: ScheduleCheck;
  now?: () => Date;
}

/** What the user sees of deliveries, and the actions on one: retry and confirm. */
export function createDeliveryService({ deliveries, connections, holds, access, check, now = () => new Date() }: Deps) {
  async function find(userId: string, postId: string) {
    const { post } = await access.requirePost(userId, postId);
    const row = await deliveries.findByPost(userId, postId);
    if (!row) throw notFound('Delivery');
    return { row, post };
  }

  return {
    list: (userId: string, monthId?: string): Promise<DeliverySummary[]> => deliveries.list(userId, monthId),

    /**
     * Scheduled posts that will not go out as things stand (no connection, a disconnected one, one whose
     * sign-in ends first, not approved in a month that requires it), flagged days ahead; and those held
     * for approval. A post at two risks is listed for each.
     */
    async atRisk(userId: string): Promise<DeliveryAtRisk[]> {
      const ahead = new Date(now().getTime() + CONNECTION_EXPIRY_WARNING_DAYS * 86_400_000).toISOString();
      const [routed, unapproved] = await Promise.all([connections.scheduledAtRisk(userId, ahead), holds.unapproved(userId, ahead)]);
      const summary = (row: HeldRow) => ({ ...toDelivery(row), monthId: row.monthId, excerpt: row.content.slice(0, EXCERPT_LENGTH) });
      return [...routed.map((row) => ({ ...summary(row), ...riskOf(row) })), ...unapproved.map((row) => ({ ...summary(row), ...approvalRiskOf(row) }))].sort(
        (a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.id.localeCompare(b.id),
      );
    },

    async get(userId: string, postId: string): Promise<DeliveryWithLog> {
      return deliveries.withLog((await find(userId, postId)).row);
    },

    /** Sends a failed, unknown or missed post again now, with the same idempotency key. */
    async retry(userId: string, postId: string): Promise<DeliveryWithLog> {
      const { row: found, post } = await find(userId, postId);
      if (RETRYABLE.includes(found.status as DeliveryStatus)) await check.assertSendable(userId, post, found.platform, now().toISOString());
      const at = now().toISOString();
      if (!(await deliveries.retry(userId, postId, at))) {
        const row = await deliveries.findByPost(userId, postId);
        if (row && attemptMayBeUnderWay(row, at)) {
          const minutes = Math.max(1, Math.ceil((Date.parse(row.leaseUntil!) - Date.parse(at)) / 60_000));
          throw new AppError(
            'delivery_in_flight',
            `The first attempt may still be under way, and sending again now could post it twice. Wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`}, reload, then retry if it is still unknown.`,
          );
        }
        throw new AppError('delivery_not_retryable', 'Only a failed, unknown or missed post can be retried. Reload to see where it stands.');
      }
      return deliveries.withLog((await deliveries.findByPost(userId, postId))!);
    },

    /** The user checked the network: an 'unknown' post is live. */
    async confirm(userId: string, postId: string): Promise<DeliveryWithLog> {
      await find(userId, postId);
      if (!(await deliveries.confirm(userId, postId, now().toISOString())))
        throw new AppError('delivery_not_confirmable', 'Only a post whose outcome is unknown can be confirmed. Reload to see where it stands.');
      return deliveries.withLog((await deliveries.findByPost(userId, postId))!);
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
