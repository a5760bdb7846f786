import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('timeZone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .execute();

  await db.schema
    .createTable('months')
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('month', 'integer', (col) => col.notNull())
    .addColumn('contentGenerated', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lastGeneratedAt', 'text')
    .addColumn('strategy', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('months_pk', ['userId', 'id'])
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('monthId', 'text', (col) => col.notNull())
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('mediaPrompt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('hashtags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('media', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .addForeignKeyConstraint('posts_month_fk', ['userId', 'monthId'], 'months', ['userId', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  // A month's posts in date order, and a user's posts by date (dashboard: the next 7 days).
  await db.schema.createIndex('posts_user_month_date').on('posts').columns(['userId', 'monthId', 'date']).execute();
  await db.schema.createIndex('posts_user_date').on('posts').columns(['userId', 'date']).execute();
}
