import { randomUUID } from 'node:crypto';
import type { DeliveryAttempt } from '@shared/schemas/publishing';
import type { Db } from '../../platform/db/database';
import type { DeliveryRow } from './delivery-row';

/** A delivery's log, oldest line first. */
export async function attemptsOf(db: Db, deliveryId: string): Promise<DeliveryAttempt[]> {
  const rows = await db
    .selectFrom('delivery_attempts')
    .select(['at', 'outcome', 'detail'])
    .where('deliveryId', '=', deliveryId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ at: row.at, outcome: row.outcome as DeliveryAttempt['outcome'], detail: row.detail }));
}

/** A line of the delivery's log, written in `trx` with the change it tells of. */
export async function addAttempt(trx: Db, row: Pick<DeliveryRow, 'id' | 'userId'>, at: string, outcome: DeliveryAttempt['outcome'], detail: string) {
  await trx.insertInto('delivery_attempts').values({ id: randomUUID(), deliveryId: row.id, userId: row.userId, at, outcome, detail }).execute();
}
