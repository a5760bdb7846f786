import type { Db } from '../../platform/db/database';

/** What each user has used of the shared server: AI requests per UTC day, uploads in progress. */
export function createUsageRepository(db: Db) {
  return {
    /**
     * Counts one AI request on the user's day unless `max` are counted already; false then. One
     * conditional upsert, so parallel requests cannot pass the limit together (PostgreSQL locks the
     * row it updates; SQLite runs one statement at a time).
     */
    async consumeAiRequest(userId: string, day: string, max: number): Promise<boolean> {
      const result = await db
        .insertInto('ai_usage')
        .values({ userId, day, requests: 1, images: 0 })
        .onConflict((conflict) =>
          conflict
            .columns(['userId', 'day'])
            .doUpdateSet((eb) => ({ requests: eb('ai_usage.requests', '+', 1) }))
            .where('ai_usage.requests', '<', max),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows) > 0;
    },

    /** Counts one image made on the user's day unless `max` are counted already; false then (as consumeAiRequest). */
    async consumeImage(userId: string, day: string, max: number): Promise<boolean> {
      const result = await db
        .insertInto('ai_usage')
        .values({ userId, day, requests: 0, images: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['userId', 'day'])
            .doUpdateSet((eb) => ({ images: eb('ai_usage.images', '+', 1) }))
            .where('ai_usage.images', '<', max),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows) > 0;
    },

    /** Images the user has made on `day` (UTC, YYYY-MM-DD). */
    async imagesMade(userId: string, day: string): Promise<number> {
      const row = await db.selectFrom('ai_usage').select('images').where('userId', '=', userId).where('day', '=', day).executeTakeFirst();
      return row?.images ?? 0;
    },

    /**
     * Takes one of the user's `max` upload slots until `until` (a crashed instance's slot frees itself
     * then); null when all are taken. Each slot is a row with a fixed key, so the primary key keeps
     * two instances from taking the same one without any lock.
     */
    async takeUploadSlot(userId: string, max: number, now: string, until: string): Promise<{ id: string; until: string } | null> {
      await db.deleteFrom('uploads_in_flight').where('userId', '=', userId).where('until', '<', now).execute();
      for (let slot = 1; slot <= max; slot += 1) {
        const id = `${userId}/${slot}`;
        const result = await db
          .insertInto('uploads_in_flight')
          .values({ id, userId, until })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return { id, until };
      }
      return null;
    },

    async countUploadSlots(userId: string, now: string): Promise<number> {
      const row = await db
        .selectFrom('uploads_in_flight')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .where('until', '>=', now)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async releaseUploadSlot(slot: { id: string; until: string }): Promise<void> {
      await db.deleteFrom('uploads_in_flight').where('id', '=', slot.id).where('until', '=', slot.until).execute();
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
