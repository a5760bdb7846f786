import { sql } from 'kysely';
import type { Platform } from '@shared/domain/options';
import { inTransaction, type Db } from '../../platform/db/database';
import type { ConnectionsTable, DeliveriesTable } from '../../platform/db/schema';
import { connectionDisconnected } from '../notifications/events';
import { raiseNothing, type RaiseNotification } from '../notifications/notification-repository';

export type ConnectionRow = ConnectionsTable;

/** A scheduled delivery with its post's month and text, and the connection its network routes to (all null when none does). */
export interface RoutedDelivery extends DeliveriesTable {
  monthId: string;
  content: string;
  routeId: string | null;
  routeName: string | null;
  routeHealth: string | null;
  routeHealthReason: string | null;
  routeTokenExpiresAt: string | null;
}

/**
 * Locks the user's account row until the transaction ends, so two transactions counting the user's
 * connections take turns (PostgreSQL row lock; SQLite runs one write transaction at a time).
 */
async function lockUser(trx: Db, userId: string): Promise<void> {
  await sql`update "user" set "updatedAt" = "updatedAt" where "id" = ${userId}`.execute(trx);
}

/** Routes exactly `platforms` to the connection, taking them from any other connection of the user. */
async function routeNetworks(trx: Db, userId: string, connectionId: string, platforms: readonly Platform[]): Promise<void> {
  await trx.deleteFrom('network_routes').where('userId', '=', userId).where('connectionId', '=', connectionId).execute();
  if (platforms.length === 0) return;
  await trx
    .deleteFrom('network_routes')
    .where('userId', '=', userId)
    .where('platform', 'in', [...platforms])
    .execute();
  await trx
    .insertInto('network_routes')
    .values(platforms.map((platform) => ({ userId, platform, connectionId })))
    .execute();
}

/** The user's connections and which network routes to which (one connection per network). */
export function createConnectionRepository(db: Db, raise: RaiseNotification = raiseNothing) {
  return {
    async list(userId: string): Promise<(ConnectionRow & { networks: Platform[] })[]> {
      const rows = await db.selectFrom('connections').selectAll().where('userId', '=', userId).orderBy('createdAt').orderBy('id').execute();
      const routes = await db.selectFrom('network_routes').select(['platform', 'connectionId']).where('userId', '=', userId).execute();
      return rows.map((row) => ({
        ...row,
        networks: routes.filter((route) => route.connectionId === row.id).map((route) => route.platform as Platform),
      }));
    },

    find(userId: string, id: string): Promise<ConnectionRow | undefined> {
      return db.selectFrom('connections').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
    },

    /** Adds the connection with its networks unless the user has `max` already (false then), counted under the user's lock. */
    insertWithin(row: ConnectionRow, networks: readonly Platform[], max: number): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        await lockUser(trx, row.userId);
        const { count } = await trx
          .selectFrom('connections')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('userId', '=', row.userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return false;
        await trx.insertInto('connections').values(row).execute();
        await routeNetworks(trx, row.userId, row.id, networks);
        return true;
      });
    },

    async rename(userId: string, id: string, name: string, now: string): Promise<boolean> {
      const result = await db.updateTable('connections').set({ name, updatedAt: now }).where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Routes exactly `platforms` to the connection, taking them from any other connection of the user. */
    setNetworks(userId: string, connectionId: string, platforms: readonly Platform[]): Promise<void> {
      return inTransaction(db, (trx) => routeNetworks(trx, userId, connectionId, platforms));
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('connections').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Its token no longer works (revoked, expired): it stays, with its routes, until reconnected. With `unchangedSince`, only if nobody changed it since (false otherwise). */
    /** Marks the connection disconnected with the reason; a connection that was working tells its owner, in the same transaction. */
    markDisconnected(id: string, reason: string, at: string, unchangedSince?: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const before = await trx.selectFrom('connections').select(['userId', 'name', 'health', 'updatedAt']).where('id', '=', id).executeTakeFirst();
        let query = trx.updateTable('connections').set({ health: 'disconnected', healthReason: reason, updatedAt: at }).where('id', '=', id);
        if (unchangedSince !== undefined) query = query.where('updatedAt', '=', unchangedSince);
        const result = await query.executeTakeFirst();
        const marked = Number(result.numUpdatedRows) > 0;
        if (marked && before && before.health !== 'disconnected')
          await raise(trx, connectionDisconnected({ userId: before.userId, connectionId: id, name: before.name, reason, since: before.updatedAt }));
        return marked;
      });
    },

    /** The user's connection publishing as the network's account (one per kind and account). */
    findByAccount(userId: string, kind: string, accountId: string): Promise<ConnectionRow | undefined> {
      return db
        .selectFrom('connections')
        .selectAll()
        .where('userId', '=', userId)
        .where('kind', '=', kind)
        .where('accountId', '=', accountId)
        .executeTakeFirst();
    },

    /** A connection by id alone, for jobs that act for its owner (token upkeep). */
    findById(id: string): Promise<ConnectionRow | undefined> {
      return db.selectFrom('connections').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * "Reconnect": fresh sealed credentials and expiry, healthy again; its id, name, routes and scheduled
     * posts stay. Routes change only when `networks` names some.
     */
    renew(
      userId: string,
      id: string,
      fresh: { credentials: string; tokenExpiresAt: string | null; at: string },
      networks: readonly Platform[],
    ): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const result = await trx
          .updateTable('connections')
          .set({ credentials: fresh.credentials, tokenExpiresAt: fresh.tokenExpiresAt, health: 'healthy', healthReason: null, updatedAt: fresh.at })
          .where('userId', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        if (networks.length > 0) await routeNetworks(trx, userId, id, networks);
        return true;
      });
    },

    /** Connections whose token stops working before `before` and that still work: the token upkeep's list. */
    listExpiring(before: string): Promise<Pick<ConnectionRow, 'id' | 'userId' | 'name' | 'kind' | 'tokenExpiresAt' | 'credentials'>[]> {
      return db
        .selectFrom('connections')
        .select(['id', 'userId', 'name', 'kind', 'tokenExpiresAt', 'credentials'])
        .where('tokenExpiresAt', 'is not', null)
        .where('tokenExpiresAt', '<', before)
        .where('health', '<>', 'disconnected')
        .orderBy('tokenExpiresAt')
        .execute();
    },

    /** Every connected account (made by signing in) still taken for healthy: the daily health check's list. */
    listSignedIn(): Promise<Pick<ConnectionRow, 'id'>[]> {
      return db.selectFrom('connections').select('id').where('accountId', 'is not', null).where('health', '<>', 'disconnected').orderBy('id').execute();
    },

    /** A refreshed token, written only if nobody changed the connection since it was read (false otherwise). */
    async replaceCredentials(id: string, unchangedSince: string, credentials: string, tokenExpiresAt: string | null, at: string): Promise<boolean> {
      const result = await db
        .updateTable('connections')
        .set({ credentials, tokenExpiresAt, updatedAt: at })
        .where('id', '=', id)
        .where('updatedAt', '=', unchangedSince)
        .where('health', '<>', 'disconnected')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Rotated credentials (a refresh answered a new refresh token and the old one no longer works), written
     * whatever changed meanwhile, since only these work now; the refresh proved the sign-in good, so the
     * connection is healthy. With `deliveryId`, the delivery that used them names the connection in the
     * same transaction.
     */
    rotateCredentials(id: string, fresh: { credentials: string; tokenExpiresAt: string | null; at: string }, deliveryId?: string): Promise<void> {
      return inTransaction(db, async (trx) => {
        await trx
          .updateTable('connections')
          .set({ credentials: fresh.credentials, tokenExpiresAt: fresh.tokenExpiresAt, health: 'healthy', healthReason: null, updatedAt: fresh.at })
          .where('id', '=', id)
          .execute();
        if (deliveryId !== undefined) await trx.updateTable('deliveries').set({ connectionId: id }).where('id', '=', deliveryId).execute();
      });
    },

    /** The connection the user's posts for `platform` go out through. */
    /** The network asked us to slow down for the account until `until`: its posts wait for it (a later rest is kept). */
    async rest(id: string, until: string): Promise<void> {
      await db
        .updateTable('connections')
        .set({ restUntil: until })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('restUntil', 'is', null), eb('restUntil', '<', until)]))
        .execute();
    },

    routeFor(userId: string, platform: string): Promise<ConnectionRow | undefined> {
      return db
        .selectFrom('network_routes')
        .innerJoin('connections', 'connections.id', 'network_routes.connectionId')
        .selectAll('connections')
        .where('network_routes.userId', '=', userId)
        .where('network_routes.platform', '=', platform)
        .executeTakeFirst();
    },

    /**
     * The user's scheduled deliveries that will not go out as things stand, in due order: their network
     * routes to no connection, or to a disconnected one, or to one whose token expires before the
     * delivery's time and before `expiringBefore` (a refresh renews tokens ahead of that).
     */
    scheduledAtRisk(userId: string, expiringBefore: string): Promise<RoutedDelivery[]> {
      return db
        .selectFrom('deliveries')
        .innerJoin('posts', 'posts.id', 'deliveries.postId')
        .leftJoin('network_routes', (join) =>
          join.onRef('network_routes.userId', '=', 'deliveries.userId').onRef('network_routes.platform', '=', 'deliveries.platform'),
        )
        .leftJoin('connections', 'connections.id', 'network_routes.connectionId')
        .selectAll('deliveries')
        .select([
          'posts.monthId',
          'posts.content',
          'connections.id as routeId',
          'connections.name as routeName',
          'connections.health as routeHealth',
          'connections.healthReason as routeHealthReason',
          'connections.tokenExpiresAt as routeTokenExpiresAt',
        ])
        .where('deliveries.userId', '=', userId)
        .where('deliveries.status', '=', 'scheduled')
        .where((eb) =>
          eb.or([
            eb('connections.id', 'is', null),
            eb('connections.health', '=', 'disconnected'),
            eb.and([eb('connections.tokenExpiresAt', '<', eb.ref('deliveries.nextAttemptAt')), eb('connections.tokenExpiresAt', '<', expiringBefore)]),
          ]),
        )
        .orderBy('deliveries.nextAttemptAt')
        .orderBy('deliveries.id')
        .execute();
    },
  };
}

export type ConnectionRepository = ReturnType<typeof createConnectionRepository>;
