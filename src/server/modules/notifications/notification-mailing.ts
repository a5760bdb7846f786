import { NOTIFICATION_KEEP_DAYS } from '@shared/schemas/notifications';
import { wallClockMs } from '@shared/domain/zoned-time';
import type { Logger } from '../../platform/logger';
import type { Notifier } from '../../platform/notifier';
import type { JobQueue } from '../../platform/queue/queue';
import type { Mailer } from '../mail/mail';
import { digestMail, immediateMail, weeklyMail } from './notification-mail';
import type { NotificationRepository, Recipient } from './notification-repository';
import { DEFAULT_CHOICES } from './notification-service';
import type { UnsubscribeTokens } from './unsubscribe-token';

export const DIGEST_QUEUE = 'notification-digest';
export const WEEKLY_QUEUE = 'notification-weekly';
export const PRUNE_QUEUE = 'notification-prune';
/** How often the sweep looks for e-mails due; also the slot in which one user gets one job of each kind. */
export const MAIL_SWEEP_EVERY_MS = 15 * 60_000;
/** The scheduled e-mails go out from this hour of the user's morning, in their time zone. */
export const MORNING_HOUR = 8;
const DAY_MS = 86_400_000;

interface Deps {
  notifications: NotificationRepository;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  queue: JobQueue;
  notifier: Notifier;
  publicUrl: string;
  log: Logger;
  now: () => Date;
}

/** The user's local day (YYYY-MM-DD), hour and weekday (0 Sunday) at `at`. */
function localTime(at: Date, timeZone: string) {
  const wall = new Date(wallClockMs(at.getTime(), timeZone));
  return { day: wall.toISOString().slice(0, 10), hour: wall.getUTCHours(), weekday: wall.getUTCDay() };
}

export type ScheduledResult = 'sent' | 'skipped' | 'not-due' | 'nothing';

/**
 * Notifications by e-mail. Failures and broken connections go out at once (the notifier wakes the
 * sender when their write commits; the sweep sends any a stopped instance left); the rest wait for
 * the user's daily digest, sent from MORNING_HOUR in their zone; "Going out this week" goes out on
 * Monday morning to those who asked. Each user's e-mail of a kind is one queued job per sweep slot
 * (keyed by user, so instances sweeping at once queue it once), claimed per local day in the database
 * (so it is sent once a day), and handed to the mailer with a key per event and recipient (so it is
 * never sent twice). The sweep also forgets notifications older than NOTIFICATION_KEEP_DAYS.
 */
export function createNotificationMailing({ notifications, mailer, tokens, queue, notifier, publicUrl, log, now }: Deps) {
  const unsubscribeUrl = (userId: string, list: 'dailyDigest' | 'weeklyPreview') => `${publicUrl}/unsubscribe/${tokens.token(userId, list)}`;

  const failed = (event: string) => (error: unknown) => log.error({ event, error: (error as Error).message });
  const choicesOf = async (userId: string) => (await notifications.settings(userId)) ?? DEFAULT_CHOICES;

  /** Sends the user's waiting failures and broken connections, one e-mail each; the count handed to the mailer. */
  async function sendImmediate(userId: string): Promise<number> {
    const rows = await notifications.waiting(userId, 'immediate', now().toISOString());
    if (rows.length === 0) return 0;
    const recipient = await notifications.recipient(userId);
    if (!recipient || !mailer.enabled || (await choicesOf(userId)).immediateEmails !== 1) {
      await notifications.setMail(
        rows.map((row) => row.id),
        'immediate',
        'skipped',
      );
      return 0;
    }
    let sent = 0;
    for (const row of rows) {
      // Handed over first, then marked: a crash between sends it again under the same key, which the outbox drops.
      await mailer.enqueue(immediateMail(publicUrl, recipient, row));
      await notifications.setMail([row.id], 'immediate', 'sent');
      sent += 1;
    }
    return sent;
  }

  /** Whether it is the user's morning and their `field` e-mail has not gone out today; claims today if so. */
  async function claimMorning(recipient: Recipient, field: 'digestSentOn' | 'weeklySentOn', at: Date, monday: boolean): Promise<string | undefined> {
    const local = localTime(at, recipient.timeZone);
    if (local.hour < MORNING_HOUR || (monday && local.weekday !== 1)) return undefined;
    const claimed = await notifications.claimDay(recipient.userId, field, local.day, DEFAULT_CHOICES, at.toISOString());
    return claimed ? local.day : undefined;
  }

  /** The user's daily digest, if it is their morning and one has not gone out today. */
  async function sendDigest(userId: string): Promise<ScheduledResult> {
    const at = now();
    const rows = await notifications.waiting(userId, 'digest', at.toISOString());
    const recipient = await notifications.recipient(userId);
    if (rows.length === 0 || !recipient) return 'nothing';
    const ids = rows.map((row) => row.id);
    if (!mailer.enabled || (await choicesOf(userId)).dailyDigest !== 1) {
      await notifications.setMail(ids, 'digest', 'skipped');
      return 'skipped';
    }
    const day = await claimMorning(recipient, 'digestSentOn', at, false);
    if (!day) return 'not-due';
    await mailer.enqueue(digestMail(publicUrl, recipient, rows, day, unsubscribeUrl(userId, 'dailyDigest')));
    await notifications.setMail(ids, 'digest', 'sent');
    return 'sent';
  }

  /** "Going out this week", on the user's Monday morning, if they asked for it. */
  async function sendWeekly(userId: string): Promise<ScheduledResult> {
    const at = now();
    const recipient = await notifications.recipient(userId);
    if (!recipient || !mailer.enabled || (await choicesOf(userId)).weeklyPreview !== 1) return 'skipped';
    const day = await claimMorning(recipient, 'weeklySentOn', at, true);
    if (!day) return 'not-due';
    const posts = await notifications.scheduledBetween(userId, at.toISOString(), new Date(at.getTime() + 7 * DAY_MS).toISOString());
    await mailer.enqueue(weeklyMail(publicUrl, recipient, posts, day, unsubscribeUrl(userId, 'weeklyPreview')));
    return 'sent';
  }

  /** Sends failures and broken connections at once, as their writes commit (on any instance); answers the function that stops it. */
  const listen = (): (() => void) =>
    notifier.listen('planner_notifications', (userId) => void sendImmediate(userId).catch(failed('notifications.send_failed')));

  /** Forgets notifications older than NOTIFICATION_KEEP_DAYS; the count removed. */
  async function prune(): Promise<number> {
    return notifications.prune(new Date(now().getTime() - NOTIFICATION_KEEP_DAYS * DAY_MS).toISOString());
  }

  /** Queues each user's digest and Monday e-mail and the pruning, and sends what a stopped instance left; answers how many jobs were queued. */
  async function sweep(): Promise<number> {
    const options = (key: string) => ({
      singletonKey: key,
      singletonSeconds: MAIL_SWEEP_EVERY_MS / 1000,
      retryLimit: 3,
      retryDelaySeconds: 60,
      retryBackoff: true,
    });
    let queued = 0;
    const send = async (name: string, userId: string) => {
      if ((await queue.send(name, { userId }, options(userId))) !== null) queued += 1;
    };
    for (const userId of await notifications.usersWaiting('digest')) await send(DIGEST_QUEUE, userId);
    if (mailer.enabled) for (const userId of await notifications.weeklyReaders()) await send(WEEKLY_QUEUE, userId);
    if ((await queue.send(PRUNE_QUEUE, {}, options('all'))) !== null) queued += 1;
    for (const userId of await notifications.usersWaiting('immediate')) await sendImmediate(userId);
    return queued;
  }

  return {
    sendImmediate,
    sendDigest,
    sendWeekly,
    prune,
    sweep,
    /** Takes the scheduled e-mail and pruning jobs on this instance (main.ts, on instances that run jobs). */
    async work() {
      await queue.work<{ userId: string }>(DIGEST_QUEUE, async (job) => void (await sendDigest(job.data.userId)));
      await queue.work<{ userId: string }>(WEEKLY_QUEUE, async (job) => void (await sendWeekly(job.data.userId)));
      await queue.work(PRUNE_QUEUE, async () => void (await prune()));
    },
    listen,
    /** Listens, and sweeps now and every MAIL_SWEEP_EVERY_MS; answers the function that stops both. */
    start(): () => void {
      const stopListening = listen();
      const run = () => void sweep().catch(failed('notifications.sweep_failed'));
      run();
      const timer = setInterval(run, MAIL_SWEEP_EVERY_MS);
      timer.unref();
      return () => {
        stopListening();
        clearInterval(timer);
      };
    },
  };
}

export type NotificationMailing = ReturnType<typeof createNotificationMailing>;
