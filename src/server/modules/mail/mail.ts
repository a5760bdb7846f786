/**
 * E-mail as the rest of the app sees it: a message handed over once per event and recipient, kept in an
 * outbox that survives a crash, and sent by a worker with retries (mail-outbox.ts, smtp-sender.ts). With
 * no SMTP_URL configured, `enabled` is false and nothing is kept.
 */

/** One message, ready to send. */
export interface OutgoingMail {
  /**
   * The event and recipient it is about, e.g. `delivery-failed:<deliveryId>:<userId>`: a second message
   * with the same key is dropped, so one event never e-mails one person twice.
   */
  key: string;
  /** The user it is for (their data is removed with their account). */
  userId: string;
  /** The recipient's address. */
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part: built with `escapeHtml` for every value that came from a user. */
  html: string;
  /** For digests: the one-click unsubscribe address (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /** Whether the operator configured SMTP_URL and MAIL_FROM. */
  readonly enabled: boolean;
  /** Keeps the message in the outbox for the worker; answers false when its key was already there (or mail is off). */
  enqueue(mail: OutgoingMail): Promise<boolean>;
}
