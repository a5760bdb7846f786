import { createHash } from 'node:crypto';
import type { ResetLinkSender } from '../../platform/auth';
import { escapeHtml } from './escape-html';
import type { Mailer, OutgoingMail } from './mail';

const APP_NAME = 'Content Planner';

/** The e-mail with a reset link. Its key names the token only by a hash: keys appear in logs. */
export function passwordResetMail(user: { id: string; email: string }, link: string, token: string): OutgoingMail {
  const tokenHash = createHash('sha256').update(token).digest('hex').slice(0, 32);
  const text = [
    'Someone (we hope you) asked to set a new password for your Content Planner account.',
    '',
    'Open this link to choose a new password. It works once, for one hour:',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `— ${APP_NAME}`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif; color: #1a1b1e; line-height: 1.5">
<p>Someone (we hope you) asked to set a new password for your ${escapeHtml(APP_NAME)} account.</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #3b5bdb; color: #ffffff; border-radius: 6px; text-decoration: none">Choose a new password</a></p>
<p>The link works once, for one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
<p style="color: #5c5f66">— ${escapeHtml(APP_NAME)}</p>
</body></html>`;
  return { key: `password-reset:${tokenHash}:${user.id}`, userId: user.id, to: user.email, subject: `Set a new password for ${APP_NAME}`, text, html };
}

/** Reset links by e-mail through the outbox; undefined when no SMTP server is configured (the operator's script then makes links). */
export function resetLinksByMail(mailer: Mailer): ResetLinkSender | undefined {
  if (!mailer.enabled) return undefined;
  return async (user, link, token) => {
    await mailer.enqueue(passwordResetMail(user, link, token));
  };
}
