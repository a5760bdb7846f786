import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('generation_jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull())
    .addColumn('monthId', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('planned', 'integer', (col) => col.notNull())
    .addColumn('written', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('replaceExisting', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('problems', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('writer', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .addColumn('finishedAt', 'text')
    .addForeignKeyConstraint('generation_jobs_month_fk', ['userId', 'monthId'], 'months', ['userId', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  // One running job per month: a second start loses the race at the database, not in memory.
  await db.schema
    .createIndex('generation_jobs_one_running')
    .on('generation_jobs')
    .columns(['userId', 'monthId'])
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();
  await db.schema.createIndex('generation_jobs_month').on('generation_jobs').columns(['userId', 'monthId', 'createdAt']).execute();

  // Posts written so far, kept apart from the month until the whole job succeeds.
  await db.schema
    .createTable('generation_job_posts')
    .addColumn('jobId', 'text', (col) => col.notNull().references('generation_jobs.id').onDelete('cascade'))
    .addColumn('slotIndex', 'integer', (col) => col.notNull())
    .addColumn('post', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('generation_job_posts_pk', ['jobId', 'slotIndex'])
    .execute();
}
