import type { Kysely } from 'kysely';

/**
 * What another instance needs to take a generation job over: who holds its lease (a token per run, so
 * a runner that lost its lease cannot renew it again), and the strategy and planned slots it writes
 * (a strategy saved meanwhile must not change a job already running). Null on jobs from before.
 * Uploads in progress are counted here, not in one process, so the per-user limit holds across instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generation_jobs').addColumn('leaseOwner', 'text').execute();
  await db.schema.alterTable('generation_jobs').addColumn('strategy', 'text').execute();
  await db.schema.alterTable('generation_jobs').addColumn('slots', 'text').execute();
  await db.schema
    .createTable('uploads_in_flight')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('until', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('uploads_in_flight_user').on('uploads_in_flight').column('userId').execute();
}
