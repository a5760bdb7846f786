import type { Kysely } from 'kysely';

/**
 * The posts a replacing generation may delete: each post of the month as the job's start found it (its
 * `updatedAt`), so the commit deletes only those still the same. One stamp compared with itself, never
 * two instances' clocks with each other. Null on jobs that replace nothing, and on jobs from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generation_jobs').addColumn('replaceable', 'text').execute();
}
