import type { Db } from '../../platform/db/database';

/** An evergreen post as a fill needs it, with the days it and its copies are dated. */
export interface EvergreenSource {
  id: string;
  date: string;
  platform: string;
  type: string;
  content: string;
  hashtags: string;
  mediaPrompt: string;
  media: string;
  /** Days (YYYY-MM-DD) the post and each of its reworded copies are dated, in any month. */
  shownOn: string[];
}

export function createEvergreenRepository(db: Db) {
  return {
    /**
     * Sets the flag if the post is still at `expectedVersion`: the version grows (other tabs see a new
     * post), the approval and text stay. False when stale or not the user's.
     */
    async mark(userId: string, postId: string, expectedVersion: number, evergreen: boolean, now: string): Promise<boolean> {
      const result = await db
        .updateTable('posts')
        .set((eb) => ({ evergreen: evergreen ? 1 : 0, version: eb('version', '+', 1), updatedAt: now }))
        .where('userId', '=', userId)
        .where('id', '=', postId)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The user's evergreen posts dated before `before` (noon-UTC ISO text), each with the days it was shown on. */
    async sourcesBefore(userId: string, before: string): Promise<EvergreenSource[]> {
      const rows = await db
        .selectFrom('posts')
        .select(['id', 'date', 'platform', 'type', 'content', 'hashtags', 'mediaPrompt', 'media'])
        .where('userId', '=', userId)
        .where('evergreen', '=', 1)
        .where('date', '<', before)
        .orderBy('date')
        .orderBy('id')
        .execute();
      if (rows.length === 0) return [];
      const copies = await db
        .selectFrom('posts')
        .select(['evergreenOf', 'date'])
        .where('userId', '=', userId)
        // Every copy of the user's (not an id list: no bound-parameter limit to mind).
        .where('evergreenOf', 'is not', null)
        .execute();
      return rows.map((row) => ({
        ...row,
        shownOn: [row.date, ...copies.filter((copy) => copy.evergreenOf === row.id).map((copy) => copy.date)].map((date) => date.slice(0, 10)),
      }));
    },
  };
}

export type EvergreenRepository = ReturnType<typeof createEvergreenRepository>;
