import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('scheduledPlatform', 'text').execute();
  await db.schema.alterTable('posts').addColumn('scheduledTime', 'text').execute();
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('rating', 'integer')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .execute();
}
