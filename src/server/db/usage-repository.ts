import type { Db } from './database';

/** What each user has used of the shared server: AI requests per UTC day. */
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
        .values({ userId, day, requests: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['userId', 'day'])
            .doUpdateSet((eb) => ({ requests: eb('ai_usage.requests', '+', 1) }))
            .where('ai_usage.requests', '<', max),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows) > 0;
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
