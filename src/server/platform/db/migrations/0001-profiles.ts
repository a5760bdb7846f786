import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('userId', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('companyName', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('industry', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('toneOfVoice', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('brandColors', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('website', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('targetAudience', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('businessGoals', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('completedOnboarding', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updatedAt', 'text')
    .execute();
}
