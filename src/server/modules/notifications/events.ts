import { randomUUID } from 'node:crypto';
import { PLATFORM_LABELS, type Platform } from '@shared/domain/options';
import { monthName, parseMonthId } from '@shared/domain/months';
import type { NotificationKind } from '@shared/schemas/notifications';
import type { NotificationsTable } from '../../platform/db/schema';

/**
 * One thing that happened, in words, for one user. `key` names the event (one delivery's attempt, one
 * disconnection): raising it again is a no-op. `immediate` ones are e-mailed at once (failures and
 * broken connections); the rest wait for the daily digest.
 */
export interface NotificationEvent {
  userId: string;
  key: string;
  kind: NotificationKind;
  title: string;
  body: string;
  postId?: string;
  monthId?: string;
  connectionId?: string;
  immediate: boolean;
}

export function notificationRow(event: NotificationEvent, at: string): NotificationsTable {
  return {
    id: randomUUID(),
    userId: event.userId,
    key: event.key,
    kind: event.kind,
    title: event.title,
    body: event.body,
    postId: event.postId ?? null,
    monthId: event.monthId ?? null,
    connectionId: event.connectionId ?? null,
    mail: event.immediate ? 'immediate' : 'digest',
    createdAt: at,
    readAt: null,
  };
}

const networkLabel = (platform: string) => PLATFORM_LABELS[platform as Platform] ?? platform;

/** "December 2026" for "2026-12". */
export function monthLabel(id: string): string {
  const ref = parseMonthId(id);
  return ref ? `${monthName(ref.month)} ${ref.year}` : id;
}

/** A post's first words, for a title. */
function excerpt(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text || 'A post';
}

/** A delivery ended without publishing: failed, its outcome unknown, or missed. `claim` names the attempt. */
export function deliveryEnded(facts: {
  userId: string;
  deliveryId: string;
  claim: string;
  postId: string;
  monthId: string;
  content: string;
  platform: string;
  status: 'failed' | 'unknown' | 'missed';
  reason: string;
}): NotificationEvent {
  const network = networkLabel(facts.platform);
  const words = {
    failed: { kind: 'delivery_failed', title: `Not published on ${network}`, next: 'Open the post to see why, then retry it.' },
    unknown: {
      kind: 'delivery_unknown',
      title: `Not sure it was published on ${network}`,
      next: 'Check the network; then confirm it or retry it from the post.',
    },
    missed: { kind: 'delivery_missed', title: `Missed its time on ${network}`, next: 'Open the post and retry it to send it now.' },
  } as const;
  const { kind, title, next } = words[facts.status];
  return {
    userId: facts.userId,
    key: `delivery:${facts.deliveryId}:${facts.claim}:${facts.status}`,
    kind,
    title,
    body: `“${excerpt(facts.content)}”: ${facts.reason} ${next}`,
    postId: facts.postId,
    monthId: facts.monthId,
    // Failed, unknown and missed all mean a post did not (surely) go out: each is told at once.
    immediate: true,
  };
}

/**
 * A post reached its time unapproved in a month that publishes only approved posts: held, not sent.
 * `heldAt` names this hold; `lateWindow` says how long after its time an approval still sends it.
 */
export function awaitingApproval(facts: {
  userId: string;
  deliveryId: string;
  heldAt: string;
  postId: string;
  monthId: string;
  content: string;
  platform: string;
  lateWindow: string;
}): NotificationEvent {
  return {
    userId: facts.userId,
    key: `awaiting-approval:${facts.deliveryId}:${facts.heldAt}`,
    kind: 'awaiting_approval',
    title: `Waiting for approval on ${networkLabel(facts.platform)}`,
    body: `“${excerpt(facts.content)}” reached its time, but ${monthLabel(facts.monthId)} publishes only approved posts, so it was held, not sent. It goes out once approved, if that is within ${facts.lateWindow} of its time.`,
    postId: facts.postId,
    monthId: facts.monthId,
    // The post is late from now on: told at once, like a post that did not go out.
    immediate: true,
  };
}

/** A connection's sign-in stopped working. `since`: when it was last changed before (one disconnection). */
export function connectionDisconnected(facts: { userId: string; connectionId: string; name: string; reason: string; since: string }): NotificationEvent {
  return {
    userId: facts.userId,
    key: `connection-disconnected:${facts.connectionId}:${facts.since}`,
    kind: 'connection_disconnected',
    title: `${facts.name} is disconnected`,
    body: `${facts.reason} Posts due through it will not go out until you reconnect it in Settings → Connections.`,
    connectionId: facts.connectionId,
    immediate: true,
  };
}

/** A connection's sign-in ends within days and will not renew itself. */
export function connectionExpiring(facts: { userId: string; connectionId: string; name: string; expiresAt: string; now: Date }): NotificationEvent {
  const days = Math.max(0, Math.ceil((Date.parse(facts.expiresAt) - facts.now.getTime()) / 86_400_000));
  const when = days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return {
    userId: facts.userId,
    key: `connection-expiring:${facts.connectionId}:${facts.expiresAt}`,
    kind: 'connection_expiring',
    title: `${facts.name} needs you to sign in again ${when}`,
    body: `Its sign-in ends on ${facts.expiresAt.slice(0, 10)}. Reconnect it in Settings → Connections before then so its posts keep going out.`,
    connectionId: facts.connectionId,
    immediate: false,
  };
}

/** A month's generation ended. */
export function generationEnded(facts: {
  userId: string;
  jobId: string;
  monthId: string;
  succeeded: boolean;
  written: number;
  error: string | null;
}): NotificationEvent {
  const month = monthLabel(facts.monthId);
  return facts.succeeded
    ? {
        userId: facts.userId,
        key: `generation:${facts.jobId}`,
        kind: 'month_written',
        title: `${month} is written`,
        body: `${facts.written} ${facts.written === 1 ? 'post is' : 'posts are'} ready to review and schedule.`,
        monthId: facts.monthId,
        immediate: false,
      }
    : {
        userId: facts.userId,
        key: `generation:${facts.jobId}`,
        kind: 'month_failed',
        title: `${month} could not be written`,
        body: `${facts.error ?? 'The generation stopped.'} Your month is as it was; open it to generate again.`,
        monthId: facts.monthId,
        immediate: false,
      };
}

/** The user used the day's AI requests. `day`: the UTC day (one notification a day). */
export function aiLimitReached(facts: { userId: string; day: string; limit: number }): NotificationEvent {
  return {
    userId: facts.userId,
    key: `ai-limit:${facts.day}`,
    kind: 'ai_limit_reached',
    title: 'You have used today’s AI requests',
    body: `All ${facts.limit} AI requests for today are used. More are available after midnight UTC; until then you can still edit posts and add posts by hand.`,
    immediate: false,
  };
}

/** A reviewer left no post of their link waiting. `decisions`: how many they had made then (one notification per finish). */
export function reviewFinished(facts: {
  userId: string;
  linkId: string;
  monthId: string;
  reviewerName: string | null;
  decisions: number;
  approved: number;
  changesRequested: number;
}): NotificationEvent {
  const who = facts.reviewerName ?? 'Your reviewer';
  const changes =
    facts.changesRequested === 0
      ? 'no changes requested'
      : `${facts.changesRequested} ${facts.changesRequested === 1 ? 'post needs' : 'posts need'} changes — open the month to read the comments`;
  return {
    userId: facts.userId,
    key: `review:${facts.linkId}:${facts.decisions}`,
    kind: 'review_finished',
    title: `${who} finished reviewing ${monthLabel(facts.monthId)}`,
    body: `${facts.approved} ${facts.approved === 1 ? 'post' : 'posts'} approved, ${changes}.`,
    monthId: facts.monthId,
    // The planner is waiting to publish: told at once.
    immediate: true,
  };
}
