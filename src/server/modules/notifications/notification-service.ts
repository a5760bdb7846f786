import {
  DEFAULT_NOTIFICATION_CHOICES,
  type Notification,
  type NotificationChoices,
  type NotificationPage,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@shared/schemas/notifications';
import { AppError } from '../../errors';
import type { Notifier } from '../../platform/notifier';
import type { Mailer } from '../mail/mail';
import { STALE_MESSAGE } from '../months/access';
import type { Choices, NotificationRepository, NotificationRow, RaiseNotification } from './notification-repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

interface Deps {
  notifications: NotificationRepository;
  notifier: Notifier;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  now: () => Date;
}

export const DEFAULT_CHOICES: Choices = {
  immediateEmails: DEFAULT_NOTIFICATION_CHOICES.immediateEmails ? 1 : 0,
  dailyDigest: DEFAULT_NOTIFICATION_CHOICES.dailyDigest ? 1 : 0,
  weeklyPreview: DEFAULT_NOTIFICATION_CHOICES.weeklyPreview ? 1 : 0,
};

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as Notification['kind'],
    title: row.title,
    body: row.body,
    postId: row.postId,
    monthId: row.monthId,
    connectionId: row.connectionId,
    createdAt: row.createdAt,
    readAt: row.readAt,
  };
}

const choicesOf = (row: Choices): NotificationChoices => ({
  immediateEmails: row.immediateEmails === 1,
  dailyDigest: row.dailyDigest === 1,
  weeklyPreview: row.weeklyPreview === 1,
});

/** The bell's list, the user's choices, and the one place events are recorded. */
export function createNotificationService({ notifications, notifier, mailer, tokens, now }: Deps) {
  /**
   * Records an event inside the write that decided it (`db`); a new one that is e-mailed at once wakes
   * the mail sender on every instance when that write commits.
   */
  const raise: RaiseNotification = async (db, event) => {
    const recorded = await notifications.insert(db, event, now().toISOString());
    if (recorded && event.immediate) await notifier.publish('planner_notifications', event.userId, db);
  };

  async function settings(userId: string): Promise<NotificationSettings> {
    const row = await notifications.settings(userId);
    return { ...choicesOf(row ?? DEFAULT_CHOICES), version: row?.version ?? 0, mailEnabled: mailer.enabled };
  }

  return {
    raise,

    async list(userId: string, { limit, before }: { limit: number; before?: string }): Promise<NotificationPage> {
      const rows = await notifications.page(userId, limit + 1, before);
      if (!rows) throw new AppError('not_found', 'That page of notifications is gone. Reload the list.');
      const page = rows.slice(0, limit);
      return {
        notifications: page.map(toNotification),
        unread: await notifications.unreadCount(userId),
        nextCursor: rows.length > limit ? page.at(-1)!.id : null,
      };
    },

    async markRead(userId: string, id: string): Promise<{ unread: number }> {
      if (!(await notifications.find(userId, id))) throw new AppError('not_found', 'That notification is gone: notifications are kept 90 days.');
      await notifications.markRead(userId, id, now().toISOString());
      return { unread: await notifications.unreadCount(userId) };
    },

    async markAllRead(userId: string): Promise<{ unread: number }> {
      await notifications.markAllRead(userId, now().toISOString());
      return { unread: await notifications.unreadCount(userId) };
    },

    settings,

    async saveSettings(userId: string, input: NotificationSettingsInput): Promise<NotificationSettings> {
      const choices: Choices = {
        immediateEmails: input.immediateEmails ? 1 : 0,
        dailyDigest: input.dailyDigest ? 1 : 0,
        weeklyPreview: input.weeklyPreview ? 1 : 0,
      };
      if (!(await notifications.saveChoices(userId, choices, input.version, DEFAULT_CHOICES, now().toISOString())))
        throw new AppError('stale_version', STALE_MESSAGE);
      return settings(userId);
    },

    /** What an unsubscribe link would turn off, for its confirm page; refused when the link was not signed here. */
    async unsubscribeTarget(token: string) {
      const target = tokens.read(token);
      if (!target || !(await notifications.recipient(target.userId))) throw invalidLink();
      return target;
    },

    /** The one click of an unsubscribe link: that e-mail is turned off. */
    async unsubscribe(token: string) {
      const target = tokens.read(token);
      if (!target || !(await notifications.recipient(target.userId))) throw invalidLink();
      await notifications.turnOff(target.userId, target.list, DEFAULT_CHOICES, now().toISOString());
      return target;
    },
  };
}

const invalidLink = () =>
  new AppError('bad_request', 'This unsubscribe link is not valid. Open Settings → Notifications in the app to choose which e-mails you get.');

export type NotificationService = ReturnType<typeof createNotificationService>;
