import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_versions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('postId', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('hashtags', 'text', (col) => col.notNull())
    .addColumn('replacedBy', 'text', (col) => col.notNull())
    .addColumn('instruction', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('post_versions_post').on('post_versions').columns(['postId', 'createdAt']).execute();
}
