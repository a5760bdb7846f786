import type { Kysely } from 'kysely';

/**
 * `connections.restUntil`: until when the network asked us to slow down for the account (a 429 and its
 * Retry-After). Every worker reads it with the connection: the account's other posts wait for that
 * time without being sent, while other accounts' posts go on. Null when it is not resting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('connections').addColumn('restUntil', 'text').execute();
}
