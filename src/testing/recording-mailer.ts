import type { Mailer, OutgoingMail } from '@server/modules/mail/mail';

/**
 * A mailer that keeps what it is handed, as the outbox does: one message per key (a second with the
 * same key is dropped and answers false). For tests of what the e-mails say and when they are made;
 * sending them over SMTP is the outbox's own tests' business.
 */
export function createRecordingMailer({ enabled = true }: { enabled?: boolean } = {}) {
  const kept = new Map<string, OutgoingMail>();
  const mailer: Mailer = {
    enabled,
    async enqueue(mail) {
      if (!enabled || kept.has(mail.key)) return false;
      kept.set(mail.key, mail);
      return true;
    },
  };
  return {
    mailer,
    /** Every message kept, in the order handed over. */
    sent: () => [...kept.values()],
    /** The messages kept for one address. */
    to: (address: string) => [...kept.values()].filter((mail) => mail.to === address),
  };
}

export type RecordingMailer = ReturnType<typeof createRecordingMailer>;
