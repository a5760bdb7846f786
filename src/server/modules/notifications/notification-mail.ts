import { PLATFORM_LABELS, type Platform } from '@shared/domain/options';
import { NOTIFICATION_SETTINGS_PATH, notificationPath } from '@shared/domain/notification-path';
import type { OutgoingMail } from '../mail/mail';
import type { NotificationRow, Recipient } from './notification-repository';

/** Makes text safe inside HTML, attributes included. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** One item of an e-mail: a heading, words, and the place in the app it leads to. */
interface Item {
  title: string;
  body: string;
  url: string;
}

interface Letter {
  key: string;
  recipient: Recipient;
  subject: string;
  intro: string;
  items: Item[];
  /** What the footer says the reader can change, and where. */
  settingsUrl: string;
  unsubscribeUrl?: string;
}

const company = (recipient: Recipient) => recipient.companyName.trim() || 'your company';

/** The plain-text and HTML parts of one e-mail; every value from a user is escaped in the HTML. */
function compose({ key, recipient, subject, intro, items, settingsUrl, unsubscribeUrl }: Letter): OutgoingMail {
  const name = company(recipient);
  const footer = unsubscribeUrl
    ? `You get this e-mail for ${name}. Choose what we send in Settings → Notifications: ${settingsUrl}\nStop these e-mails: ${unsubscribeUrl}`
    : `You get this e-mail for ${name}. Choose what we send in Settings → Notifications: ${settingsUrl}`;
  const text = [`${name}: ${intro}`, ...items.map((item) => `${item.title}\n${item.body}\n${item.url}`), footer].join('\n\n') + '\n';
  const list = items
    .map(
      (item) =>
        `<li style="margin:0 0 16px"><a href="${escapeHtml(item.url)}" style="font-weight:600;color:#1c5fb8">${escapeHtml(item.title)}</a><br>${escapeHtml(item.body)}</li>`,
    )
    .join('');
  const stop = unsubscribeUrl ? ` <a href="${escapeHtml(unsubscribeUrl)}" style="color:#555">Stop these e-mails</a>.` : '';
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a;max-width:600px;margin:0 auto;padding:16px">',
    `<p style="font-size:13px;color:#555;margin:0 0 8px">${escapeHtml(name)}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
    `<ul style="padding-left:20px;margin:0 0 24px">${list}</ul>`,
    `<p style="font-size:13px;color:#555">You get this e-mail for ${escapeHtml(name)}. <a href="${escapeHtml(settingsUrl)}" style="color:#555">Choose what we send</a>.${stop}</p>`,
    '</body></html>',
  ].join('');
  return { key, userId: recipient.userId, to: recipient.email, subject, text, html, ...(unsubscribeUrl ? { unsubscribeUrl } : {}) };
}

const itemOf = (publicUrl: string, row: NotificationRow): Item => ({ title: row.title, body: row.body, url: publicUrl + notificationPath(row) });

/** The e-mail sent at once for a failure or a broken connection: one event, one recipient, one message. */
export function immediateMail(publicUrl: string, recipient: Recipient, row: NotificationRow): OutgoingMail {
  return compose({
    key: `${row.key}:${recipient.userId}`,
    recipient,
    subject: `${company(recipient)}: ${row.title}`,
    intro: 'Something needs your attention.',
    items: [itemOf(publicUrl, row)],
    settingsUrl: publicUrl + NOTIFICATION_SETTINGS_PATH,
  });
}

/** The day's digest of everything else, once per local `day`. */
export function digestMail(publicUrl: string, recipient: Recipient, rows: NotificationRow[], day: string, unsubscribeUrl: string): OutgoingMail {
  return compose({
    key: `digest:${day}:${recipient.userId}`,
    recipient,
    subject: `${company(recipient)}: ${rows.length === 1 ? 'what happened today' : `${rows.length} things happened`}`,
    intro: 'Here is what happened in your content planner since the last e-mail.',
    items: rows.map((row) => itemOf(publicUrl, row)),
    settingsUrl: publicUrl + NOTIFICATION_SETTINGS_PATH,
    unsubscribeUrl,
  });
}

/** A post going out this week, as the Monday e-mail lists it. */
export interface WeekPost {
  postId: string;
  monthId: string;
  platform: string;
  dueAt: string;
  content: string;
}

/** "Mon 7 Dec, 09:00" in the user's zone. */
function whenIn(dueAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(dueAt));
}

/** Monday's "Going out this week": the posts scheduled for the coming seven days (sent for local `day`). */
export function weeklyMail(publicUrl: string, recipient: Recipient, posts: WeekPost[], day: string, unsubscribeUrl: string): OutgoingMail {
  const items = posts.map((post) => {
    const text = post.content.replace(/\s+/g, ' ').trim();
    return {
      title: `${whenIn(post.dueAt, recipient.timeZone)} · ${PLATFORM_LABELS[post.platform as Platform] ?? post.platform}`,
      body: text.length > 140 ? `${text.slice(0, 139)}…` : text,
      url: publicUrl + notificationPath({ postId: post.postId, monthId: post.monthId, connectionId: null }),
    };
  });
  return compose({
    key: `weekly:${day}:${recipient.userId}`,
    recipient,
    subject: `${company(recipient)}: going out this week (${posts.length} ${posts.length === 1 ? 'post' : 'posts'})`,
    intro: posts.length === 0 ? 'Nothing is scheduled to go out this week.' : 'These posts are scheduled to go out this week.',
    items,
    settingsUrl: publicUrl + NOTIFICATION_SETTINGS_PATH,
    unsubscribeUrl,
  });
}
