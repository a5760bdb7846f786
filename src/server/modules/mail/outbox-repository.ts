import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DatabaseSchema, MailOutboxTable } from '../../platform/db/schema';
import type { OutgoingMail } from './mail';

export type OutboxRow = Selectable<MailOutboxTable>;

/** How an attempt ended: sent, tried again at `nextAttemptAt`, or given up. */
export type OutboxEnd = { status: 'sent' } | { status: 'waiting'; nextAttemptAt: string; error: string } | { status: 'failed'; error: string };

/** The outbox's SQL: the same on SQLite and PostgreSQL (ISO timestamps compare as text). */
export function createOutboxRepository(db: Db) {
  /** Waiting and due, or being sent under a lease that has lapsed (the instance sending it died). */
  const claimable = (now: string) => (eb: ExpressionBuilder<DatabaseSchema, 'mail_outbox'>) =>
    eb.or([eb.and([eb('status', '=', 'waiting'), eb('nextAttemptAt', '<=', now)]), eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<', now)])]);

  return {
    /** Keeps a message; answers false when its key is there already. */
    async insert(mail: OutgoingMail, now: string): Promise<boolean> {
      const result = await db
        .insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          key: mail.key,
          userId: mail.userId,
          recipient: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          unsubscribeUrl: mail.unsubscribeUrl ?? null,
          status: 'waiting',
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Takes up to `limit` claimable messages for `owner` until `leaseUntil`, in one conditional UPDATE:
     * of several instances claiming at once, each message goes to one.
     */
    async claimDue(owner: string, now: string, leaseUntil: string, limit: number): Promise<OutboxRow[]> {
      const claim = `${owner}/${randomUUID()}`;
      const rows = await db
        .updateTable('mail_outbox')
        .set((eb) => ({ status: 'sending', leaseOwner: claim, leaseUntil, attempts: eb('attempts', '+', 1), updatedAt: now }))
        .where('id', 'in', (eb) => eb.selectFrom('mail_outbox').select('id').where(claimable(now)).orderBy('nextAttemptAt').limit(limit))
        .where(claimable(now))
        .returningAll()
        .execute();
      return rows.sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt));
    },

    /**
     * Records an attempt's end while its claim still holds the message; answers whether it did. A sent
     * or failed message loses its bodies: a reset link must not outlive its use in the database.
     */
    async finish(row: OutboxRow, end: OutboxEnd, now: string): Promise<boolean> {
      const done = end.status !== 'waiting';
      const result = await db
        .updateTable('mail_outbox')
        .set({
          status: end.status,
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: now,
          ...(end.status === 'sent' ? { sentAt: now, lastError: null } : { lastError: end.error }),
          ...(end.status === 'waiting' ? { nextAttemptAt: end.nextAttemptAt } : {}),
          ...(done ? { text: '', html: '' } : {}),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .where('leaseOwner', '=', row.leaseOwner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** When a worker next has something to do: the earliest waiting message, or just after the earliest lease. */
    async nextWake(): Promise<string | undefined> {
      const [due, lease] = await Promise.all([
        db.selectFrom('mail_outbox').select('nextAttemptAt as at').where('status', '=', 'waiting').orderBy('nextAttemptAt').limit(1).executeTakeFirst(),
        db.selectFrom('mail_outbox').select('leaseUntil as at').where('status', '=', 'sending').orderBy('leaseUntil').limit(1).executeTakeFirst(),
      ]);
      const lapses = lease?.at ? new Date(Date.parse(lease.at) + 1).toISOString() : undefined;
      return [due?.at, lapses].filter((at): at is string => Boolean(at)).sort()[0];
    },

    /** Forgets sent and failed messages last touched before `before`; answers how many. */
    async prune(before: string): Promise<number> {
      const result = await db.deleteFrom('mail_outbox').where('status', 'in', ['sent', 'failed']).where('updatedAt', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A message by its key (tests and the operator's look at one event). */
    byKey: (key: string) => db.selectFrom('mail_outbox').selectAll().where('key', '=', key).executeTakeFirst(),
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
