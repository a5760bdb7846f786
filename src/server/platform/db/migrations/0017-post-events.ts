import type { Kysely } from 'kysely';

/**
 * The offer or event a post announces (Google Business Profile's local post types), as JSON text; null
 * for a plain update, which every post written before this is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('event', 'text').execute();
}
