import type { Mailer } from './mail';

/** The mailer until SMTP is configured: sends nothing, keeps nothing. */
export const disabledMailer: Mailer = { enabled: false, enqueue: async () => false };
