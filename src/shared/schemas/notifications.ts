import { z } from 'zod';

/** What a notification is about; each kind says where it links. */
export const NOTIFICATION_KINDS = [
  'delivery_failed',
  'delivery_unknown',
  'delivery_missed',
  'connection_disconnected',
  'connection_expiring',
  'month_written',
  'month_failed',
  'ai_limit_reached',
  /** A reviewer left no post of their link waiting. */
  'review_finished',
  /** A post reached its time unapproved in a month that publishes only approved posts: held. */
  'awaiting_approval',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How long a notification is kept. */
export const NOTIFICATION_KEEP_DAYS = 90;
export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The post (with its month), the month, or the connection it is about; null where it is not about one. */
  postId: z.string().nullable(),
  monthId: z.string().nullable(),
  connectionId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Unread notifications in all, not only on this page. */
  unread: z.number().int(),
  /** The `before` of the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** GET /api/notifications: newest first, a page at a time. */
export const notificationsQuerySchema = z.object({
  /** The last notification id of the previous page (its `nextCursor`). */
  before: z.uuid('The cursor is a notification id.').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});

export const notificationParamSchema = z.object({ notificationId: z.uuid('Notification ids are UUIDs.') });

/** The choices in Settings → Notifications. */
export const notificationChoicesSchema = z.object({
  /** E-mail at once when a post fails or a connection breaks (on by default). */
  immediateEmails: z.boolean(),
  /** One e-mail a day with everything else (on by default). */
  dailyDigest: z.boolean(),
  /** Monday's "Going out this week" (off until the user opts in). */
  weeklyPreview: z.boolean(),
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

export const DEFAULT_NOTIFICATION_CHOICES: NotificationChoices = { immediateEmails: true, dailyDigest: true, weeklyPreview: false };

export const notificationSettingsSchema = notificationChoicesSchema.extend({
  /** Grows with every save; a save carries the version it saw (a stale one answers 409). */
  version: z.number().int(),
  /** Whether the server sends e-mail at all (the operator sets SMTP_URL and MAIL_FROM). */
  mailEnabled: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsInputSchema = notificationChoicesSchema.extend({ version: z.number().int().min(0) });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** The lists one can leave with one click from an e-mail. */
export const UNSUBSCRIBE_LISTS = ['dailyDigest', 'weeklyPreview'] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

/** The signed token of an unsubscribe link: `<user>.<list>.<signature>`, base64url parts. */
export const unsubscribeTokenSchema = z.object({
  token: z
    .string()
    .min(10, 'This unsubscribe link is incomplete.')
    .max(400, 'This unsubscribe link is not one of ours.')
    .regex(/^[A-Za-z0-9_-]{1,200}\.[A-Za-z]{1,20}\.[A-Za-z0-9_-]{1,100}$/, 'This unsubscribe link is not one of ours.'),
});
