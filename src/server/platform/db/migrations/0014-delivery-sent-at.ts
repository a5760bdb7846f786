import type { Kysely } from 'kysely';

/**
 * When a delivery's status was first sent to Mastodon: its Idempotency-Key lasts an hour from then, so a
 * later retry reads the account's posts back before sending again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deliveries').addColumn('sentAt', 'text').execute();
}
