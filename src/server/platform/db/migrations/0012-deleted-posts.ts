import type { Kysely } from 'kysely';

/**
 * Deleted posts wait here while their deletion can be undone: the post's row and its versions as they
 * were, so a restore brings them back exactly. Their media files stay until the row is purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_posts')
    .addColumn('postId', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('monthId', 'text', (col) => col.notNull())
    .addColumn('post', 'text', (col) => col.notNull())
    .addColumn('versions', 'text', (col) => col.notNull())
    .addColumn('deletedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deleted_posts_deleted_at').on('deleted_posts').columns(['deletedAt']).execute();
}
