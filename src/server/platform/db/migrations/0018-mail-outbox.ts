import type { Kysely } from 'kysely';

/**
 * The mail outbox (modules/mail): one row per message, keyed by the event and recipient it is about, so a
 * second hand-over of the same event is dropped. A worker claims due rows with a lease (`leaseOwner`,
 * `leaseUntil`) so one instance sends each; a lease that lapses (the instance died mid-send) lets another
 * take the row again. Sent rows are kept a while without their bodies, then pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('unsubscribeUrl', 'text')
    /** waiting, sending, sent or failed. */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'text', (col) => col.notNull())
    .addColumn('leaseOwner', 'text')
    .addColumn('leaseUntil', 'text')
    /** The last failure in words (the SMTP server's answer), never credentials. */
    .addColumn('lastError', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('sentAt', 'text')
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.createIndex('mail_outbox_user').on('mail_outbox').column('userId').execute();
}
