import { randomUUID } from 'node:crypto';
import type { FeedbackInput } from '@shared/schemas/feedback';
import type { Db } from '../../platform/db/database';

/** Messages users send from the feedback form; written once, read by the operator in the database. */
export function createFeedbackRepository(db: Db) {
  return {
    /** Stores one message; returns its id. */
    async add(userId: string, { message, rating }: FeedbackInput, now: string): Promise<string> {
      const id = randomUUID();
      await db.insertInto('feedback').values({ id, userId, message, rating, createdAt: now }).execute();
      return id;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
