import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Platform } from '@shared/networks';
import type { VoiceExample, VoiceSource } from '@shared/schemas/voice';
import { inTransaction, type Db } from '../../platform/db/database';
import type { VoiceExamplesTable } from '../../platform/db/schema';

export interface NewVoiceExample {
  text: string;
  network: Platform | null;
  source: VoiceSource;
  /** The post's id on its network; null for pasted and CSV text, which are deduplicated by their text. */
  sourceId: string | null;
  publishedAt: string | null;
}

const toExample = (row: VoiceExamplesTable): VoiceExample => ({
  id: row.id,
  text: row.text,
  network: row.network as Platform | null,
  source: row.source as VoiceSource,
  publishedAt: row.publishedAt,
  createdAt: row.createdAt,
});

/** A user's examples of the brand's voice (voice_examples), newest first. */
export function createVoiceRepository(db: Db) {
  const list = async (trx: Db, userId: string) =>
    (await trx.selectFrom('voice_examples').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()).map(
      toExample,
    );
  return {
    list: (userId: string) => list(db, userId),

    /**
     * Adds the examples not kept already (same source and post id, or the same text), then keeps only
     * the newest `max`: the oldest added make room. One transaction, under the user's row lock, so two
     * adds at once cannot pass the cap.
     */
    async add(userId: string, examples: NewVoiceExample[], max: number, now: Date): Promise<{ added: number; duplicates: number; dropped: number }> {
      return inTransaction(db, async (trx) => {
        await sql`update "user" set "updatedAt" = "updatedAt" where "id" = ${userId}`.execute(trx);
        const kept = await trx.selectFrom('voice_examples').select(['text', 'source', 'sourceId']).where('userId', '=', userId).execute();
        const ids = new Set(kept.filter((row) => row.sourceId !== null).map((row) => `${row.source}\n${row.sourceId}`));
        const texts = new Set(kept.map((row) => row.text));
        const fresh: NewVoiceExample[] = [];
        for (const example of examples) {
          const key = example.sourceId === null ? null : `${example.source}\n${example.sourceId}`;
          if ((key && ids.has(key)) || texts.has(example.text)) continue;
          if (key) ids.add(key);
          texts.add(example.text);
          fresh.push(example);
        }
        // The first of a batch is taken as the newest (a feed is read newest first): later ones get earlier times.
        const at = now.getTime();
        const rows = fresh.slice(0, max).map((example, index) => ({ id: randomUUID(), userId, ...example, createdAt: new Date(at - index).toISOString() }));
        if (rows.length > 0) await trx.insertInto('voice_examples').values(rows).execute();
        const over = await trx
          .selectFrom('voice_examples')
          .select('id')
          .where('userId', '=', userId)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .offset(max)
          .limit(1000)
          .execute();
        if (over.length > 0)
          await trx
            .deleteFrom('voice_examples')
            .where('userId', '=', userId)
            .where(
              'id',
              'in',
              over.map((row) => row.id),
            )
            .execute();
        const dropped = over.length + (fresh.length - rows.length);
        return { added: rows.length, duplicates: examples.length - fresh.length, dropped };
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('voice_examples').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async removeAll(userId: string): Promise<number> {
      const result = await db.deleteFrom('voice_examples').where('userId', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type VoiceRepository = ReturnType<typeof createVoiceRepository>;
