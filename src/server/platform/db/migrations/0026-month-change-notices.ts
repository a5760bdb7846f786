import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: every committed change to what the month screen's read shows (month-screen-repository.ts)
 * sends `NOTIFY planner_months, '<userId>'`, so each instance can answer a month read again from the row
 * it read last time until its owner's next change (month-change-stamp.ts). Notices are sent when the
 * transaction commits, one per user however many rows it wrote, and take no row lock (a counter row
 * bumped by triggers would order every writer of a user's posts behind it and could deadlock two of
 * them). Deliveries notify only when what the read shows of them changes (live or cancelled, network,
 * time), not on each publishing step; profiles only for the zone and the archive line; review links
 * when one is made or removed. A TRUNCATE of any of them sends '*', for every user. SQLite needs none: its change stamp is read from the database file.
 */
const FUNCTION = 'planner_month_changed';
const TRUNCATED = 'planner_months_truncated';
const TABLES = ['months', 'posts', 'deliveries', 'profiles', 'review_links'];

const TRIGGERS: { table: string; events: string; when?: string }[] = [
  { table: 'months', events: 'insert or update or delete' },
  { table: 'posts', events: 'insert or update or delete' },
  { table: 'deliveries', events: 'insert or delete' },
  {
    table: 'deliveries',
    events: 'update',
    when: `(old.status = 'cancelled') is distinct from (new.status = 'cancelled') or old.platform is distinct from new.platform
      or old."timeOfDay" is distinct from new."timeOfDay" or old."postId" is distinct from new."postId" or old."userId" is distinct from new."userId"`,
  },
  { table: 'profiles', events: 'insert or delete' },
  {
    table: 'profiles',
    events: 'update',
    when: `old."timeZone" is distinct from new."timeZone" or old."archivedThrough" is distinct from new."archivedThrough" or old."userId" is distinct from new."userId"`,
  },
  { table: 'review_links', events: 'insert or delete' },
];

const triggerName = (index: number) => `${FUNCTION}_${index}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create function ${FUNCTION}() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then perform pg_notify('planner_months', old."userId"); end if;
        if tg_op in ('INSERT', 'UPDATE') then perform pg_notify('planner_months', new."userId"); end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(`create function ${TRUNCATED}() returns trigger language plpgsql as $$ begin perform pg_notify('planner_months', '*'); return null; end $$`)
    .execute(db);
  for (const table of TABLES) {
    await sql.raw(`create trigger ${TRUNCATED}_${table} after truncate on "${table}" for each statement execute function ${TRUNCATED}()`).execute(db);
  }
  for (const [index, { table, events, when }] of TRIGGERS.entries()) {
    await sql
      .raw(`create trigger ${triggerName(index)} after ${events} on "${table}" for each row ${when ? `when (${when})` : ''} execute function ${FUNCTION}()`)
      .execute(db);
  }
}
