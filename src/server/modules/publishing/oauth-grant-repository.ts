import type { Db } from '../../platform/db/database';
import type { OAuthGrantsTable } from '../../platform/db/schema';

export type GrantRow = OAuthGrantsTable;

/** Sign-ins under way (`oauth_grants`): each the user's own, found by its state, then by its id; used once. */
export function createGrantRepository(db: Db) {
  return {
    async insert(row: GrantRow): Promise<void> {
      await db.insertInto('oauth_grants').values(row).execute();
    },

    /** The user's sign-in waiting for the provider's answer with this state. */
    findStarted(userId: string, state: string): Promise<GrantRow | undefined> {
      return db
        .selectFrom('oauth_grants')
        .selectAll()
        .where('userId', '=', userId)
        .where('state', '=', state)
        .where('stage', '=', 'started')
        .executeTakeFirst();
    },

    /** The user's finished sign-in, waiting for them to pick accounts. */
    findAuthorized(userId: string, id: string): Promise<GrantRow | undefined> {
      return db.selectFrom('oauth_grants').selectAll().where('userId', '=', userId).where('id', '=', id).where('stage', '=', 'authorized').executeTakeFirst();
    },

    /** Moves a started sign-in on, once (false when another request already did): the state is spent either way. */
    async advance(id: string, from: string, to: string, secret: string): Promise<boolean> {
      const result = await db.updateTable('oauth_grants').set({ stage: to, secret }).where('id', '=', id).where('stage', '=', from).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Takes the finished sign-in for good (false when it was already taken): a grant is used once. */
    async take(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('oauth_grants').where('userId', '=', userId).where('id', '=', id).where('stage', '=', 'authorized').executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Forgets sign-ins past their time (they hold sealed tokens nobody will pick). */
    async removeExpired(before: string): Promise<number> {
      const result = await db.deleteFrom('oauth_grants').where('expiresAt', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type GrantRepository = ReturnType<typeof createGrantRepository>;
