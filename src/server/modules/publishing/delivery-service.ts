import type { DeliverySummary, DeliveryWithLog } from '@shared/schemas/publishing';
import { attemptMayBeUnderWay, type DeliveryRepository } from './delivery-repository';
import { AppError, notFound } from '../../errors';
import type { Access } from '../months/access';

interface Deps {
  deliveries: DeliveryRepository;
  access: Access;
  now?: () => Date;
}

/** What the user sees of deliveries, and the actions on one: retry and confirm. */
export function createDeliveryService({ deliveries, access, now = () => new Date() }: Deps) {
  async function find(userId: string, postId: string) {
    await access.requirePost(userId, postId);
    const row = await deliveries.findByPost(userId, postId);
    if (!row) throw notFound('Delivery');
    return row;
  }

  return {
    list: (userId: string, monthId?: string): Promise<DeliverySummary[]> => deliveries.list(userId, monthId),

    async get(userId: string, postId: string): Promise<DeliveryWithLog> {
      return deliveries.withLog(await find(userId, postId));
    },

    /** Sends a failed, unknown or missed post again now, with the same idempotency key. */
    async retry(userId: string, postId: string): Promise<DeliveryWithLog> {
      await find(userId, postId);
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
