import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../mail-config';
import type { OutboxRow } from './outbox-repository';

/** How a send ended: accepted by the SMTP server, refused for good (5xx), or worth another try later. */
export type SendOutcome = { result: 'sent' } | { result: 'permanent'; error: string } | { result: 'retry'; error: string };

export interface SmtpSender {
  send(row: OutboxRow): Promise<SendOutcome>;
  close(): void;
}

/** Waits on the SMTP server, all well under the outbox's lease, so an attempt ends (and is recorded) while the lease holds. */
export const SMTP_TIMEOUTS = { connectionTimeoutMs: 30_000, greetingTimeoutMs: 30_000, socketTimeoutMs: 60_000 };

/**
 * The Message-ID of a message: the same for every attempt of one key, so a receiver that got a message
 * twice (an instance that died after the server accepted it, before recording so) can tell.
 */
export function messageIdFor(key: string, fromAddress: string): string {
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1);
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

/** A header value on one line: a line break in a subject would start a header of its own. */
const oneLine = (value: string) => value.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

/** The SMTP server's answer in words, without the credentials wherever the library quotes its configuration. */
function describe(error: unknown, secrets: string[]): string {
  const failure = error as { message?: string; response?: string; responseCode?: number; code?: string };
  let text = [failure.code, failure.response ?? failure.message].filter(Boolean).join(': ') || 'unknown failure';
  for (const secret of secrets) if (secret) text = text.split(secret).join('***');
  return text.slice(0, 500);
}

/** The outbox's messages through nodemailer's SMTP transport (headers encoded by nodemailer). */
export function createSmtpSender(config: MailConfig): SmtpSender {
  const url = new URL(config.smtpUrl);
  const secrets = [url.password, decodeURIComponent(url.password), url.username, decodeURIComponent(url.username)].filter((secret) => secret.length >= 3);
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUTS.connectionTimeoutMs,
    greetingTimeout: SMTP_TIMEOUTS.greetingTimeoutMs,
    socketTimeout: SMTP_TIMEOUTS.socketTimeoutMs,
  });
  return {
    async send(row) {
      try {
        await transport.sendMail({
          from: { name: oneLine(config.from.name), address: config.from.address },
          to: row.recipient,
          subject: oneLine(row.subject),
          text: row.text,
          html: row.html,
          messageId: messageIdFor(row.key, config.from.address),
          ...(row.unsubscribeUrl ? { list: { unsubscribe: row.unsubscribeUrl }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
        });
        return { result: 'sent' };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const described = describe(error, secrets);
        // 5xx is the server's permanent refusal (RFC 5321 §4.2.1); anything else (down, 4xx, a timeout) may pass later.
        return code !== undefined && code >= 500 && code < 600 ? { result: 'permanent', error: described } : { result: 'retry', error: described };
      }
    },
    close: () => transport.close(),
  };
}
