import addressparser from 'nodemailer/lib/addressparser';

/** Where e-mail goes out (SMTP_URL) and whom it is from (MAIL_FROM); unset, the app sends no e-mail. */
export interface MailConfig {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with the credentials in it. Never logged. */
  smtpUrl: string;
  from: { name: string; address: string };
}

const SMTP_URL_RULE = 'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465.';
const MAIL_FROM_RULE = 'MAIL_FROM must be one e-mail address, optionally with a name, such as "Content Planner <planner@example.com>".';

/** A line break would let a value add header lines of its own. */
const hasLineBreak = (value: string) => /[\r\n]/.test(value);

function smtpUrl(value: string, fail: (message: string) => Error): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fail(SMTP_URL_RULE);
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname || (url.pathname !== '' && url.pathname !== '/') || hasLineBreak(value)) {
    throw fail(SMTP_URL_RULE);
  }
  if (Boolean(url.username) !== Boolean(url.password)) throw fail('SMTP_URL must carry both a user name and a password, or neither.');
  return value;
}

function mailFrom(value: string, fail: (message: string) => Error): MailConfig['from'] {
  if (hasLineBreak(value)) throw fail(MAIL_FROM_RULE);
  const parsed = addressparser(value, { flatten: true });
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (!only || !/^[^\s@]+@[^\s@]+$/.test(only.address)) throw fail(MAIL_FROM_RULE);
  return { name: only.name, address: only.address };
}

/** SMTP_URL and MAIL_FROM together, or neither; a bad value is refused in one sentence naming it (not echoing it). */
export function mailConfig(env: Record<string, string>, fail: (message: string) => Error): MailConfig | undefined {
  const url = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim();
  if (!url && !from) return undefined;
  if (!url) throw fail('SMTP_URL must be set when MAIL_FROM is set (for example SMTP_URL=smtps://user:password@smtp.example.com:465).');
  if (!from) throw fail('MAIL_FROM must be set when SMTP_URL is set (for example MAIL_FROM="Content Planner <planner@example.com>").');
  return { smtpUrl: smtpUrl(url, fail), from: mailFrom(from, fail) };
}
