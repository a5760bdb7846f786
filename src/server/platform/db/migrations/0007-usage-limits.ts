import type { Kysely } from 'kysely';

/** AI requests counted per user and UTC day (AI_REQUESTS_PER_DAY); removed with the account. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_usage')
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('requests', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('ai_usage_pk', ['userId', 'day'])
    .execute();
}
