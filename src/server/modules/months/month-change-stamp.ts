import type { DatabaseHandle } from '../../platform/db/database';
import type { Notifier } from '../../platform/notifier';

/**
 * A user's month-change stamp: a value that differs after any change the month screen's read could
 * show, read without a query. A month read kept with the stamp read before its query
 * (month-screen-repository.ts) is still the database's answer while the stamp is equal; undefined
 * means nothing may be kept.
 */
export type MonthChangeStamp = (userId: string) => string | undefined;

/** The notice for every user (a TRUNCATE); user ids are UUIDs. */
const EVERY_USER = '*';
/** Users whose notices are counted before the count starts over (and with it every stamp). */
const USERS_COUNTED_MAX = 10_000;

/**
 * - SQLite: the database's change stamp (any write by any connection or process).
 * - PostgreSQL: this process's finished writes, the listening connection's number and the user's
 *   `planner_months` notices, which triggers send when a change commits (migration 0026). A notice of a
 *   commit after the query's snapshot arrives after its stamp was read, so it always counts. Another
 *   instance's commit is heard a moment after it happens (about a millisecond on one network): a read
 *   on this instance in that moment still shows what was there before, as a read a moment earlier
 *   would have; every write carries the version it saw, so nothing is lost by it.
 * - PostgreSQL without a database notifier (none listening): nothing is kept.
 */
export function createMonthChangeStamp(
  database: Pick<DatabaseHandle, 'changeStamp' | 'writesFinished'>,
  notifier: Pick<Notifier, 'listen' | 'listening'>,
): MonthChangeStamp {
  const { changeStamp, writesFinished } = database;
  if (changeStamp) return () => changeStamp();
  const { listening } = notifier;
  if (!writesFinished || !listening) return () => undefined;
  const notices = new Map<string, number>();
  let countings = 0;
  notifier.listen('planner_months', (userId) => {
    // '*': a table was truncated, every user's month may have changed.
    if (userId === EVERY_USER || (notices.size >= USERS_COUNTED_MAX && !notices.has(userId))) {
      notices.clear();
      countings += 1;
      if (userId === EVERY_USER) return;
    }
    notices.set(userId, (notices.get(userId) ?? 0) + 1);
  });
  return (userId) => {
    const connection = listening();
    if (connection === undefined) return undefined;
    return `${connection}:${countings}:${writesFinished()}:${notices.get(userId) ?? 0}`;
  };
}
