import type { DatabaseHandle } from '../../platform/db/database';
import { precompile } from '../../platform/db/precompiled';
import { postsJsonAggregate } from '../posts/post-json-repository';
import type { PostRepository } from '../posts/post-repository';
import type { MonthChangeStamp } from './month-change-stamp';
import { toMonth, type MonthRow } from './month-repository';

/** PostgreSQL's invalid_text_representation: here, text cast to json that is not JSON. */
const INVALID_TEXT = '22P02';

/** The month screen's month: its row, its owner's zone rule, whether it is shared for review, and its posts as JSON text. */
export type MonthScreenRow = MonthRow & {
  timeZone: string | null;
  archivedThrough: string | null;
  requireApproval: boolean;
  reviewShared: boolean;
  /** `Post[]` as JSON, written by the database (post-json-repository.ts). */
  postsJson: string;
};

/**
 * The month screen's read, the API's most frequent request: one query, built and compiled once
 * (precompiled.ts), scoped to the user by `months.userId` (the posts by the month's own user id).
 */
export function createMonthScreenRead(
  { db, kind }: Pick<DatabaseHandle, 'db' | 'kind'>,
  posts: Pick<PostRepository, 'listByMonth'>,
  changeStamp: MonthChangeStamp,
) {
  // One pass over the month's posts, each with its live delivery (deliveries.postId is unique, so
  // none repeats): they are counted, the ones with a delivery counted as kept, and written as JSON.
  const month = (userId: string, id: string) =>
    db
      .selectFrom('months')
      .leftJoin('profiles', 'profiles.userId', 'months.userId')
      .leftJoin('posts as p', (join) => join.onRef('p.userId', '=', 'months.userId').onRef('p.monthId', '=', 'months.id'))
      .leftJoin('deliveries as live', (join) => join.onRef('live.postId', '=', 'p.id').on('live.status', '<>', 'cancelled'))
      .selectAll('months')
      .select(['profiles.timeZone', 'profiles.archivedThrough'])
      .select((eb) => [eb.fn.count<number>('p.id').as('postCount'), eb.fn.count<number>('live.id').as('keptPostCount')])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('review_links')
              .select('review_links.id')
              .whereRef('review_links.userId', '=', 'months.userId')
              .whereRef('review_links.monthId', '=', 'months.id'),
          )
          .as('reviewShared'),
      )
      .where('months.userId', '=', userId)
      .where('months.id', '=', id)
      .groupBy(['months.userId', 'months.id', 'profiles.userId']);
  const withPosts = precompile(db, 2, (userId: string, id: string) => month(userId, id).select(postsJsonAggregate(kind).as('postsJson')));
  const alone = precompile(db, 2, month);

  /**
   * PostgreSQL 15 cannot test text for JSON before casting it, so a stored list that is not JSON
   * (never written by this app, but toPost reads it as empty) fails the query: the month is then
   * read the slower way, with its posts mapped by toPost.
   */
  async function read(userId: string, id: string) {
    try {
      return (await withPosts(db, userId, id))[0];
    } catch (error) {
      if (kind !== 'postgres' || (error as { code?: string }).code !== INVALID_TEXT) throw error;
      const [row] = await alone(db, userId, id);
      return row && { ...row, postsJson: JSON.stringify(await posts.listByMonth(userId, id)) };
    }
  }

  const kept = keptRows<Awaited<ReturnType<typeof read>>>();
  return async (userId: string, id: string): Promise<MonthScreenRow | undefined> => {
    const row = await kept(`${userId}\u0000${id}`, changeStamp(userId), () => read(userId, id));
    if (!row) return undefined;
    return {
      ...toMonth(row),
      timeZone: row.timeZone ?? null,
      archivedThrough: row.archivedThrough ?? null,
      requireApproval: row.requireApproval === 1,
      // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
      reviewShared: Boolean(row.reviewShared),
      postsJson: row.postsJson,
    };
  };
}

export type MonthScreenRead = ReturnType<typeof createMonthScreenRead>;

/** Months kept at most; a month's row with its posts is about 30 KB. */
const KEPT_MAX = 200;

/**
 * A month read again with nothing changed since (its owner's change stamp unchanged,
 * month-change-stamp.ts) is answered from the row read last time, without running the query. The
 * stamp is read before the query, so a row is never kept under a stamp newer than what it shows: any
 * change in between only makes the next read run the query again. No stamp, nothing kept.
 */
function keptRows<Row>() {
  const rows = new Map<string, { stamp: string; row: Row }>();
  return async (key: string, stamp: string | undefined, query: () => Promise<Row>): Promise<Row> => {
    if (stamp === undefined) return query();
    const hit = rows.get(key);
    if (hit?.stamp === stamp) return hit.row;
    const row = await query();
    if (rows.size >= KEPT_MAX) rows.clear();
    rows.set(key, { stamp, row });
    return row;
  };
}
