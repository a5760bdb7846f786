import { sql, type Kysely } from 'kysely';

/**
 * What the time-zone rule needs: when the user last set their zone (null while the UTC every account
 * starts with is in force) and the last month that had ended in a zone they left, which stays archived.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('timeZoneSetAt', 'text').execute();
  await db.schema.alterTable('profiles').addColumn('archivedThrough', 'text').execute();
  // A zone other than the starting UTC was set by the user's browser: it counts as theirs.
  await sql`update profiles set "timeZoneSetAt" = ${new Date().toISOString()} where "timeZone" <> 'UTC'`.execute(db);
}
