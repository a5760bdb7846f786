import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { monthName, type MonthRef, monthId } from '@shared/domain/months';
import type { Db } from '../../platform/db/database';
import { precompile } from '../../platform/db/precompiled';
import { toJson } from '../../platform/db/json-columns';
import type { MonthsTable } from '../../platform/db/schema';

export interface MonthRow {
  id: string;
  name: string;
  year: number;
  month: number;
  contentGenerated: boolean;
  lastGeneratedAt: string | null;
  strategy: Strategy | null;
  createdAt: string;
  updatedAt: string;
  postCount: number;
  /** Posts a regeneration keeps: those with a delivery that was not cancelled (scheduled, held for approval, sent, unknown…). */
  keptPostCount: number;
}

type Count = number | string | bigint | null;

function strategyOf(saved: string | null): Strategy | null {
  if (!saved) return null;
  try {
    // A strategy saved before a field existed gets that field's default (Target Platforms: the spec's four).
    return { ...DEFAULT_STRATEGY, ...(JSON.parse(saved) as Partial<Strategy>) };
  } catch {
    return null;
  }
}

export function toMonth(row: MonthsTable & { postCount: Count; keptPostCount: Count }): MonthRow {
  const strategy = strategyOf(row.strategy);
  return {
    id: row.id,
    name: row.name,
    year: row.year,
    month: row.month,
    contentGenerated: row.contentGenerated === 1,
    lastGeneratedAt: row.lastGeneratedAt,
    strategy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    postCount: Number(row.postCount ?? 0),
    keptPostCount: Number(row.keptPostCount ?? 0),
  };
}

/** A month's row as it is first stored: nothing generated yet, no strategy. */
export function newMonthRow(userId: string, ref: MonthRef, now: string): MonthsTable {
  return {
    userId,
    id: monthId(ref),
    name: monthName(ref.month),
    year: ref.year,
    month: ref.month,
    contentGenerated: 0,
    lastGeneratedAt: null,
    requireApproval: 0,
    strategy: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The months with their post counts; callers add `where` on `months.` columns. */
const withPostCount = (db: Db) =>
  db
    .selectFrom('months')
    .selectAll('months')
    .select((eb) =>
      eb
        .selectFrom('posts')
        .select(eb.fn.countAll().as('count'))
        .whereRef('posts.userId', '=', 'months.userId')
        .whereRef('posts.monthId', '=', 'months.id')
        .as('postCount'),
    )
    .select((eb) =>
      eb
        .selectFrom('posts')
        .select(eb.fn.countAll().as('count'))
        .whereRef('posts.userId', '=', 'months.userId')
        .whereRef('posts.monthId', '=', 'months.id')
        .where((inner) =>
          inner.exists(
            inner.selectFrom('deliveries').select('deliveries.id').whereRef('deliveries.postId', '=', 'posts.id').where('deliveries.status', '<>', 'cancelled'),
          ),
        )
        .as('keptPostCount'),
    );

export function createMonthRepository(db: Db) {
  // The workspace read's query (on every load of the app), built on first use (precompiled.ts).
  let listQuery: ReturnType<typeof listOf> | undefined;
  const listOf = (on: Db) => precompile(on, 1, (userId: string) => withPostCount(on).where('months.userId', '=', userId));
  return {
    async list(userId: string): Promise<MonthRow[]> {
      listQuery ??= listOf(db);
      return (await listQuery(db, userId)).map(toMonth);
    },

    async find(userId: string, id: string): Promise<MonthRow | undefined> {
      const row = await withPostCount(db).where('months.userId', '=', userId).where('months.id', '=', id).executeTakeFirst();
      return row ? toMonth(row) : undefined;
    },

    /** The strategies of some of the user's months, by month id (months without one are left out): what publishing reads per batch. */
    async strategies(userId: string, ids: string[]): Promise<Map<string, Strategy>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('months').select(['id', 'strategy']).where('userId', '=', userId).where('id', 'in', ids).execute();
      return new Map(
        rows.flatMap((row) => {
          const strategy = strategyOf(row.strategy);
          return strategy ? [[row.id, strategy] as const] : [];
        }),
      );
    },

    /** Creates the months that do not exist yet; safe when two requests race (the primary key decides). */
    async ensure(userId: string, refs: MonthRef[], now: string): Promise<void> {
      if (refs.length === 0) return;
      await db
        .insertInto('months')
        .values(refs.map((ref) => newMonthRow(userId, ref, now)))
        .onConflict((conflict) => conflict.columns(['userId', 'id']).doNothing())
        .execute();
    },

    async saveStrategy(userId: string, id: string, strategy: Strategy, now: string): Promise<void> {
      await db
        .updateTable('months')
        .set({ strategy: toJson(strategy), updatedAt: now })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .execute();
    },

    /** Whether only approved posts of the month may be published. */
    async setRequireApproval(userId: string, id: string, requireApproval: boolean, now: string): Promise<void> {
      await db
        .updateTable('months')
        .set({ requireApproval: requireApproval ? 1 : 0, updatedAt: now })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .execute();
    },

    async markGenerated(userId: string, id: string, now: string): Promise<void> {
      await db
        .updateTable('months')
        .set({ contentGenerated: 1, lastGeneratedAt: now, updatedAt: now })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .execute();
    },
  };
}

export type MonthRepository = ReturnType<typeof createMonthRepository>;
