import type { Platform } from '@shared/domain/options';
import { inTransaction, type Db } from './database';
import type { ConnectionsTable } from './schema';

export type ConnectionRow = ConnectionsTable;

/** The user's connections and which network routes to which (one connection per network). */
export function createConnectionRepository(db: Db) {
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

    countFor(userId: string): Promise<number> {
      return db
        .selectFrom('connections')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    },

    async insert(row: ConnectionRow): Promise<void> {
      await db.insertInto('connections').values(row).execute();
    },

    async rename(userId: string, id: string, name: string, now: string): Promise<boolean> {
      const result = await db.updateTable('connections').set({ name, updatedAt: now }).where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Routes exactly `platforms` to the connection, taking them from any other connection of the user. */
    setNetworks(userId: string, connectionId: string, platforms: readonly Platform[]): Promise<void> {
      return inTransaction(db, async (trx) => {
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
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('connections').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The connection the user's posts for `platform` go out through. */
    routeFor(userId: string, platform: string): Promise<ConnectionRow | undefined> {
      return db
        .selectFrom('network_routes')
        .innerJoin('connections', 'connections.id', 'network_routes.connectionId')
        .selectAll('connections')
        .where('network_routes.userId', '=', userId)
        .where('network_routes.platform', '=', platform)
        .executeTakeFirst();
    },
  };
}

export type ConnectionRepository = ReturnType<typeof createConnectionRepository>;
