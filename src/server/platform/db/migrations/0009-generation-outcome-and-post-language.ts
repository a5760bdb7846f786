import { sql, type Kysely } from 'kysely';

/**
 * A generation job keeps what the user is told afterwards: the posts the server shortened to fit
 * their platform (sentences) and the slots it could not write (so just those can be tried again).
 * A profile gets the language posts are written in; existing profiles keep English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('generation_jobs')
    .addColumn('shortened', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('generation_jobs')
    .addColumn('unwrittenSlots', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('postLanguage', 'text', (col) => col.notNull().defaultTo(sql`'English'`))
    .execute();
}
