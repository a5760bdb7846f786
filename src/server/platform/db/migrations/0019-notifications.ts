import type { Kysely } from 'kysely';

/**
 * Notifications (issue 28):
 * - `notifications`: what happened, per user, in words, with the post, month or connection it is
 *   about; `key` names the event, unique per user, so one event never notifies twice. `mail` says
 *   what becomes of it by e-mail: 'immediate' (failures, broken connections) or 'digest' while it
 *   waits, then 'sent' or 'skipped'. Kept 90 days.
 * - `notification_settings`: each user's choices (a missing row means the defaults), with a version
 *   like every write, and the local day each scheduled e-mail last went out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('postId', 'text')
    .addColumn('monthId', 'text')
    .addColumn('connectionId', 'text')
    .addColumn('mail', 'text', (col) => col.notNull())
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('readAt', 'text')
    .execute();
  await db.schema.createIndex('notifications_event').on('notifications').columns(['userId', 'key']).unique().execute();
  await db.schema.createIndex('notifications_newest').on('notifications').columns(['userId', 'createdAt', 'id']).execute();
  await db.schema.createIndex('notifications_mail').on('notifications').columns(['mail', 'userId']).execute();
  await db.schema.createIndex('notifications_age').on('notifications').column('createdAt').execute();
  await db.schema
    .createTable('notification_settings')
    .addColumn('userId', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('immediateEmails', 'integer', (col) => col.notNull())
    .addColumn('dailyDigest', 'integer', (col) => col.notNull())
    .addColumn('weeklyPreview', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('digestSentOn', 'text')
    .addColumn('weeklySentOn', 'text')
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
}
