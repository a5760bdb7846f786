import type { Kysely } from 'kysely';

/**
 * Accounts connected by OAuth (Facebook Pages, Instagram, Threads):
 * - a connection names the network's account it publishes as (`accountId`, one connection per account
 *   and kind, so "Reconnect" finds it), its health (`health`: healthy or disconnected, with the reason in
 *   words) and when its token stops working (`tokenExpiresAt`, refreshed ahead of it);
 * - a delivery keeps what a channel made on the network before publishing (`progress`, such as an
 *   Instagram container's id), so a retry reuses it instead of making another;
 * - `oauth_grants` holds one sign-in with a provider while it is under way: its state and PKCE verifier
 *   until the provider sends the person back, then the accounts found (sealed) until they pick.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('connections').addColumn('accountId', 'text').execute();
  await db.schema
    .alterTable('connections')
    .addColumn('health', 'text', (col) => col.notNull().defaultTo('healthy'))
    .execute();
  await db.schema.alterTable('connections').addColumn('healthReason', 'text').execute();
  await db.schema.alterTable('connections').addColumn('tokenExpiresAt', 'text').execute();
  await db.schema
    .createIndex('connections_account')
    .on('connections')
    .columns(['userId', 'kind', 'accountId'])
    .unique()
    .where('accountId', 'is not', null)
    .execute();
  await db.schema.alterTable('deliveries').addColumn('progress', 'text').execute();
  await db.schema
    .createTable('oauth_grants')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().unique())
    /** Sealed: the PKCE verifier, then the tokens and accounts found. */
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('reconnectId', 'text')
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('expiresAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('oauth_grants_user').on('oauth_grants').columns(['userId', 'createdAt']).execute();
}
