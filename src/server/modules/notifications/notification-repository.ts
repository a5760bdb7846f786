import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { NotificationSettingsTable, NotificationsTable } from '../../platform/db/schema';
import { notificationRow, type NotificationEvent } from './events';

export type NotificationRow = NotificationsTable;

/**
 * Records an event inside the caller's write (`db`: its transaction, so the event exists exactly when
 * what it tells of was saved). Composed once in compose.ts (notifications.raise); repositories take it
 * like `announce`, and a repository built without one records nothing.
 */
export type RaiseNotification = (db: Db, event: NotificationEvent) => Promise<void>;
export const raiseNothing: RaiseNotification = async () => undefined;
export type MailState = 'immediate' | 'digest' | 'sent' | 'skipped';
export type Choices = Pick<NotificationSettingsTable, 'immediateEmails' | 'dailyDigest' | 'weeklyPreview'>;

/** Who an e-mail goes to, and what it says of them. */
export interface Recipient {
  userId: string;
  email: string;
  companyName: string;
  timeZone: string;
}

/** Notifications per user, their e-mail state, and each user's choices. */
export function createNotificationRepository(db: Db) {
  /** The user's row of choices, made with the defaults (version 0) when they never saved any. */
  const ensureRow = async (userId: string, defaults: Choices, at: string) => {
    await db
      .insertInto('notification_settings')
      .values({ userId, ...defaults, version: 0, digestSentOn: null, weeklySentOn: null, updatedAt: at })
      .onConflict((conflict) => conflict.column('userId').doNothing())
      .execute();
  };

  return {
    /** Records the event inside `trx` (the write that decided it); false when this event was recorded before. */
    async insert(trx: Db, event: NotificationEvent, at: string): Promise<boolean> {
      const result = await trx
        .insertInto('notifications')
        .values(notificationRow(event, at))
        .onConflict((conflict) => conflict.columns(['userId', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The user's notifications newest first, after the one with id `before` when given. */
    async page(userId: string, limit: number, before?: string): Promise<NotificationRow[] | undefined> {
      let query = db.selectFrom('notifications').selectAll().where('userId', '=', userId);
      if (before) {
        const cursor = await db
          .selectFrom('notifications')
          .select(['createdAt', 'id'])
          .where('userId', '=', userId)
          .where('id', '=', before)
          .executeTakeFirst();
        if (!cursor) return undefined;
        query = query.where((eb) =>
          eb.or([eb('createdAt', '<', cursor.createdAt), eb.and([eb('createdAt', '=', cursor.createdAt), eb('id', '<', cursor.id)])]),
        );
      }
      return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async unreadCount(userId: string): Promise<number> {
      const { count } = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    find(userId: string, id: string): Promise<NotificationRow | undefined> {
      return db.selectFrom('notifications').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
    },

    async markRead(userId: string, id: string, at: string): Promise<void> {
      await db.updateTable('notifications').set({ readAt: at }).where('userId', '=', userId).where('id', '=', id).where('readAt', 'is', null).execute();
    },

    async markAllRead(userId: string, at: string): Promise<number> {
      const result = await db.updateTable('notifications').set({ readAt: at }).where('userId', '=', userId).where('readAt', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Forgets notifications made before `before`; the count removed. */
    async prune(before: string): Promise<number> {
      const result = await db.deleteFrom('notifications').where('createdAt', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Users with notifications waiting for an e-mail of that kind. */
    async usersWaiting(mail: 'immediate' | 'digest'): Promise<string[]> {
      const rows = await db.selectFrom('notifications').select('userId').distinct().where('mail', '=', mail).execute();
      return rows.map((row) => row.userId);
    },

    /** The user's notifications waiting for an e-mail of that kind, oldest first, made up to `until`. */
    waiting(userId: string, mail: 'immediate' | 'digest', until: string): Promise<NotificationRow[]> {
      return db
        .selectFrom('notifications')
        .selectAll()
        .where('userId', '=', userId)
        .where('mail', '=', mail)
        .where('createdAt', '<=', until)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    /** Moves notifications on from `from` (so a second sender finds them gone). */
    async setMail(ids: string[], from: MailState, to: MailState): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('notifications').set({ mail: to }).where('id', 'in', ids).where('mail', '=', from).execute();
    },

    settings(userId: string): Promise<NotificationSettingsTable | undefined> {
      return db.selectFrom('notification_settings').selectAll().where('userId', '=', userId).executeTakeFirst();
    },

    /** Saves the choices if the stored version is still `expected` (0: never saved); false when another save came first. */
    async saveChoices(userId: string, choices: Choices, expected: number, defaults: Choices, at: string): Promise<boolean> {
      await ensureRow(userId, defaults, at);
      const result = await db
        .updateTable('notification_settings')
        .set({ ...choices, version: expected + 1, updatedAt: at })
        .where('userId', '=', userId)
        .where('version', '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Turns one e-mail off (an unsubscribe link), whatever the version; the version moves on. */
    async turnOff(userId: string, list: 'dailyDigest' | 'weeklyPreview', defaults: Choices, at: string): Promise<void> {
      await ensureRow(userId, defaults, at);
      await db
        .updateTable('notification_settings')
        .set((eb) => ({ [list]: 0, version: eb('version', '+', 1), updatedAt: at }))
        .where('userId', '=', userId)
        .execute();
    },

    /**
     * Claims the user's scheduled e-mail for their local `day`: true for the one caller that moves the
     * day on (a second sweep, or another instance, finds it taken).
     */
    async claimDay(userId: string, field: 'digestSentOn' | 'weeklySentOn', day: string, defaults: Choices, at: string): Promise<boolean> {
      await ensureRow(userId, defaults, at);
      const result = await db
        .updateTable('notification_settings')
        .set({ [field]: day })
        .where('userId', '=', userId)
        .where((eb) => eb.or([eb(field, 'is', null), eb(field, '<', day)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Users who opted in to "Going out this week". */
    async weeklyReaders(): Promise<string[]> {
      const rows = await db.selectFrom('notification_settings').select('userId').where('weeklyPreview', '=', 1).execute();
      return rows.map((row) => row.userId);
    },

    /** The address and company an e-mail to the user names; undefined when the account is gone. */
    async recipient(userId: string): Promise<Recipient | undefined> {
      const { rows } = await sql<{ email: string; companyName: string | null; timeZone: string | null }>`
        select u."email", p."companyName", p."timeZone" from "user" u left join "profiles" p on p."userId" = u."id" where u."id" = ${userId}`.execute(db);
      const row = rows[0];
      return row ? { userId, email: row.email, companyName: row.companyName ?? '', timeZone: row.timeZone ?? 'UTC' } : undefined;
    },

    /** The user's posts scheduled from `from` until before `to`, in time order. */
    scheduledBetween(userId: string, from: string, to: string) {
      return db
        .selectFrom('deliveries')
        .innerJoin('posts', 'posts.id', 'deliveries.postId')
        .select(['deliveries.postId', 'deliveries.platform', 'deliveries.dueAt', 'posts.monthId', 'posts.content'])
        .where('deliveries.userId', '=', userId)
        .where('deliveries.status', '=', 'scheduled')
        .where('deliveries.dueAt', '>=', from)
        .where('deliveries.dueAt', '<', to)
        .orderBy('deliveries.dueAt')
        .execute();
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
