import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import type { MailConfig } from '../../mail-config';
import type { Logger } from '../../platform/logger';
import type { Notifier } from '../../platform/notifier';
import { createWorkerLoop, realTimer, type Timer } from '../publishing/worker-loop';
import type { Mailer, OutgoingMail } from './mail';
import type { OutboxEnd, OutboxRepository, OutboxRow } from './outbox-repository';
import { createSmtpSender, type SmtpSender } from './smtp-sender';

/** How long a worker holds a message it sends: longer than every SMTP timeout together (smtp-sender.ts). */
export const MAIL_LEASE_MS = 3 * 60_000;
/** The first retry waits this long, each next one twice as long, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
/** A message the SMTP server has not taken within this long is given up (failed). */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
/** Sent and failed messages are forgotten this long after their last attempt. */
export const KEEP_SENT_MS = 30 * 24 * 60 * 60_000;
/** Messages one worker sends at once. */
const BATCH = 10;
const PRUNE_EVERY_MS = 60 * 60_000;

const hasLineBreak = (value: string) => /[\r\n]/.test(value);

/** One plain address (no name, no list): the recipient header carries nothing else. */
function checkMail(mail: OutgoingMail): void {
  const parsed = hasLineBreak(mail.to) ? [] : addressparser(mail.to, { flatten: true });
  if (parsed.length !== 1 || parsed[0]!.address !== mail.to.trim() || !mail.to.includes('@'))
    throw new Error(`mail ${mail.key}: "to" must be one e-mail address`);
  if (mail.unsubscribeUrl !== undefined && (!/^https?:\/\//.test(mail.unsubscribeUrl) || /[\s<>]/.test(mail.unsubscribeUrl))) {
    throw new Error(`mail ${mail.key}: unsubscribeUrl must be an http(s) URL`);
  }
}

/** The Mailer the app's services use: a message goes into the outbox (one per key) and wakes the workers. */
export function createMailer(outbox: OutboxRepository, config: MailConfig | undefined, notifier: Notifier, now: () => Date = () => new Date()): Mailer {
  return {
    enabled: config !== undefined,
    async enqueue(mail) {
      if (!config) return false;
      checkMail(mail);
      const at = now().toISOString();
      const kept = await outbox.insert({ ...mail, to: mail.to.trim() }, at);
      if (kept) await notifier.publish('planner_mail', at);
      return kept;
    },
  };
}

/** When the attempt after `attempts` failed ones goes: 30 s, 1 min, 2 min … at most an hour apart. */
export const retryDelayMs = (attempts: number) => Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

interface WorkerDeps {
  outbox: OutboxRepository;
  config: MailConfig | undefined;
  notifier: Notifier;
  log: Logger;
  now?: () => Date;
  timer?: Timer;
  /** The SMTP side (tests never replace it: they run a real SMTP server); nodemailer by default. */
  sender?: SmtpSender;
}

/**
 * Sends the outbox. A turn claims due messages with a lease (one conditional UPDATE, so of several
 * instances each message goes to one; a message whose lease lapsed because its instance died is taken
 * again), sends them, and records each end while the lease holds: sent, retried with back-off (down,
 * 4xx, timeouts), or failed (a 5xx refusal, or still unsent after GIVE_UP_AFTER_MS). Runs turns when
 * something is due and when a message is enqueued anywhere (worker-loop.ts, 'planner_mail').
 */
export function createMailWorker({ outbox, config, notifier, log, now = () => new Date(), timer = realTimer(now), sender }: WorkerDeps) {
  const owner = randomUUID();
  const smtp = config ? (sender ?? createSmtpSender(config)) : undefined;
  let prunedAt = 0;

  function endOf(row: OutboxRow, outcome: Awaited<ReturnType<SmtpSender['send']>>, at: Date): OutboxEnd {
    if (outcome.result === 'sent') return { status: 'sent' };
    if (outcome.result === 'permanent') return { status: 'failed', error: outcome.error };
    if (at.getTime() - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS) return { status: 'failed', error: `Given up after 3 days: ${outcome.error}` };
    return { status: 'waiting', nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts)).toISOString(), error: outcome.error };
  }

  async function sendOne(row: OutboxRow): Promise<OutboxEnd['status'] | 'late'> {
    const outcome = await smtp!.send(row);
    const at = now();
    const end = endOf(row, outcome, at);
    if (!(await outbox.finish(row, end, at.toISOString()))) {
      log.warn({ event: 'mail.late', mailId: row.id, key: row.key }, 'mail attempt ended after its lease lapsed');
      return 'late';
    }
    if (end.status === 'sent') log.info({ event: 'mail.sent', mailId: row.id, key: row.key, attempt: row.attempts }, 'mail sent');
    else if (end.status === 'failed')
      log.error({ event: 'mail.failed', mailId: row.id, key: row.key, attempt: row.attempts, reason: end.error }, 'mail not sent');
    else
      log.warn(
        { event: 'mail.retry', mailId: row.id, key: row.key, attempt: row.attempts, reason: end.error, nextAttemptAt: end.nextAttemptAt },
        'mail will be retried',
      );
    return end.status;
  }

  async function prune(at: Date): Promise<void> {
    if (at.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at.getTime();
    const removed = await outbox.prune(new Date(at.getTime() - KEEP_SENT_MS).toISOString());
    if (removed > 0) log.info({ event: 'mail.pruned', removed }, 'forgot old sent mail');
  }

  /** One turn at `at` (the clock by default): claims and sends batches until nothing is due; answers how each ended. */
  async function sendDue(at?: Date): Promise<Record<OutboxEnd['status'] | 'late', number>> {
    const ended = { sent: 0, waiting: 0, failed: 0, late: 0 };
    if (!smtp) return ended;
    const clock = at ? () => at : now;
    await prune(clock());
    for (;;) {
      const claimedAt = clock();
      const rows = await outbox.claimDue(owner, claimedAt.toISOString(), new Date(claimedAt.getTime() + MAIL_LEASE_MS).toISOString(), BATCH);
      const results = await Promise.all(
        rows.map((row) =>
          sendOne(row).catch((error: unknown) => {
            // The database was away: the lease lapses and the message is taken again.
            log.error({ event: 'mail.record_failed', mailId: row.id, err: (error as Error).message }, 'mail outcome not recorded');
            return 'late' as const;
          }),
        ),
      );
      for (const result of results) ended[result]++;
      if (rows.length < BATCH) return ended;
    }
  }

  const loop = createWorkerLoop({
    turn: () => sendDue(),
    nextWake: outbox.nextWake,
    notifier,
    timer,
    now,
    log,
    channel: 'planner_mail',
    failureEvent: 'mail.turn_failed',
  });
  return {
    sendDue,
    /** Sends when something is due, and when a message is enqueued anywhere; nothing without SMTP_URL. */
    start: () => (smtp ? loop.start() : undefined),
    /** Stops waking, waits for the turn under way, closes the SMTP connections. */
    async stop() {
      await loop.stop();
      smtp?.close();
    },
    wakeAt: loop.wakeAt,
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
