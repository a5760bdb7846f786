import type { Kysely } from 'kysely';

/**
 * The brand's voice and evergreen posts (issue 31):
 * - `voice_examples`: posts the business already published, kept per user (up to 50) as examples of
 *   how it speaks. `source`: pasted, csv, or the network it was read from; `sourceId`: the
 *   post's id on that network (a second read of the same account adds nothing), null for pasted text;
 *   `network`: the network it was written for, when known.
 * - `posts.evergreen`: 1 for a post the user marked evergreen (it may come back in later months).
 * - `posts.evergreenOf`: the evergreen post a reworded copy was made from, null otherwise; how often
 *   one came back is read from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voice_examples')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('network', 'text')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('sourceId', 'text')
    .addColumn('publishedAt', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('voice_examples_user').on('voice_examples').columns(['userId', 'createdAt']).execute();
  await db.schema.createIndex('voice_examples_source').on('voice_examples').columns(['userId', 'source', 'sourceId']).unique().execute();
  await db.schema
    .alterTable('posts')
    .addColumn('evergreen', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('posts').addColumn('evergreenOf', 'text').execute();
}
