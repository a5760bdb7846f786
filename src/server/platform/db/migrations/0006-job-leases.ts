import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Until when a running job holds its month: renewed by the runner's heartbeat; once past, the job
  // counts as failed and the month can be generated again. Null only on jobs from before leases.
  await db.schema.alterTable('generation_jobs').addColumn('leaseUntil', 'text').execute();
  // Posts a replacing job left in place because the user changed or added them while it ran.
  await db.schema
    .alterTable('generation_jobs')
    .addColumn('kept', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
