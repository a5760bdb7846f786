import type { Kysely } from 'kysely';

/**
 * `generation_jobs.draft`: while a job has written no post yet, the text so far of the first one the
 * model is writing, JSON `{ date, platform, content }` (GenerationDraft), so the overlay on any
 * instance can show the first words. Rewritten a few times a second at most; null otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generation_jobs').addColumn('draft', 'text').execute();
}
