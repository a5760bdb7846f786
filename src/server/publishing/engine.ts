import { publishedText } from '@shared/domain/networks';
import { randomUUID } from 'node:crypto';
import { PLATFORM_LABELS, type Platform } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import type { ConnectionRepository, ConnectionRow } from '../db/connection-repository';
import type { AttemptEnd, DeliveryRepository, DeliveryRow } from '../db/delivery-repository';
import type { Notifier } from '../db/notifications';
import type { PostRepository } from '../db/post-repository';
import type { Logger } from '../logger';
import { MEDIA_URL_PREFIX } from '../services/media-service';
import { createBlueskySessions, type BlueskyCredentials } from './bluesky-agent';
import { sendBluesky } from './bluesky';
import { sendMastodon, type MastodonCredentials } from './mastodon';
import type { MediaFile as StoredFile } from '../services/media-service';
import { createByteBudget, MEDIA_BYTES_IN_FLIGHT, outgoingFile, type OutgoingFile } from './media-files';
import type { MediaLinks } from './media-links';
import type { OutboundPolicy } from './outbound';
import type { AttemptOutcome } from './outcome';
import { UnreadableCredentials, type SecretBox } from './secret-box';
import { groupCommit } from './group-commit';
import { sendWebhook, type PublishPayload, type WebhookCredentials } from './webhook';
import { createWorkerLoop, realTimer, type Timer } from './worker-loop';

export interface PublishingOptions {
  policy: OutboundPolicy;
  /** A post more than this late (after downtime) is 'missed', not sent. */
  lateWindowMs: number;
  /** How long a worker holds a delivery it sends; a lapsed lease means it died mid-send. */
  leaseMs?: number;
  /** Deliveries sent at once by one worker (and claimed at most this many at a time). */
  concurrency?: number;
  /** Bytes of media one worker sends at once, all lanes together (MEDIA_BYTES_IN_FLIGHT by default). */
  mediaBytesInFlight?: number;
}

interface Deps {
  deliveries: DeliveryRepository;
  connections: ConnectionRepository;
  posts: PostRepository;
  box: SecretBox;
  mediaLinks: MediaLinks;
  /** Where an uploaded file of a user is, and its type (the media service's `locate`). */
  locateMedia: (userId: string, fileId: string) => Promise<StoredFile>;
  log: Logger;
  options: PublishingOptions;
  /** Wakes the worker when a delivery is scheduled elsewhere (`start`). */
  notifier: Notifier;
  now?: () => Date;
  /** Sets the worker's wake-up on the injected clock (tests move a TestClock). */
  timer?: Timer;
}

/** Attempts per delivery, and the wait before each retry (the last repeats). */
export const MAX_ATTEMPTS = 5;
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000];
const RETRY_AFTER_CAP_MS = 60 * 60_000;
const MEDIA_LINK_TTL_MS = 24 * 60 * 60_000;

export const LAPSED_REASON = 'The server stopped while sending this post: it may or may not have been published. Check the network, then confirm it or retry.';

/** The text as published: the post, then its hashtags. */
const fullText = (post: Post) => publishedText(post.content, post.hashtags);

export interface TickResult {
  published: number;
  retrying: number;
  failed: number;
  unknown: number;
  missed: number;
}

/**
 * The delivery engine. `deliverDue(now)` is the whole of a worker's turn: write off lapsed leases,
 * claim what is due (a conditional UPDATE over a few at a time, so any number of processes can run
 * it and each delivery goes to one), send, record. It keeps no state between turns; `start` runs turns
 * when something is due (worker-loop.ts).
 */
export function createPublisher(deps: Deps) {
  const { deliveries, connections, posts, box, mediaLinks, locateMedia, log, options, notifier, now = () => new Date() } = deps;
  const owner = randomUUID();
  const leaseMs = options.leaseMs ?? Math.max(120_000, options.policy.timeoutMs * 5);
  const concurrency = options.concurrency ?? 25;
  const bluesky = createBlueskySessions(options.policy);
  const mediaBudget = createByteBudget(options.mediaBytesInFlight ?? MEDIA_BYTES_IN_FLIGHT);

  function payloadFor(row: DeliveryRow, post: Post, at: Date): PublishPayload {
    const expiresAt = new Date(at.getTime() + MEDIA_LINK_TTL_MS);
    return {
      type: 'post.publish',
      timestamp: at.toISOString(),
      data: {
        deliveryId: row.id,
        postId: post.id,
        network: row.platform,
        postType: post.type,
        text: post.content,
        hashtags: post.hashtags,
        textWithHashtags: fullText(post),
        scheduledFor: row.dueAt,
        localTime: post.scheduledTime,
        media: post.media
          .filter((item) => item.url.startsWith(MEDIA_URL_PREFIX))
          .map((item) => ({
            type: item.type,
            url: mediaLinks.link(row.userId, item.url.slice(MEDIA_URL_PREFIX.length), expiresAt),
            expiresAt: expiresAt.toISOString(),
          })),
      },
    };
  }

  async function attempt(row: DeliveryRow, at: Date, reads: BatchReads): Promise<{ outcome: AttemptOutcome; connectionId: string | null }> {
    const post = reads.post(row);
    if (!post) return { outcome: { kind: 'failed', detail: 'The post was deleted.' }, connectionId: null };
    const connection = await reads.route(row);
    if (!connection) {
      const network = PLATFORM_LABELS[row.platform as Platform] ?? row.platform;
      return {
        outcome: { kind: 'failed', detail: `No connection sends ${network} posts. Add one in Settings → Connections, then retry.` },
        connectionId: null,
      };
    }
    // Sealed under another ENCRYPTION_KEY: no retry can read it, so the post fails now with the reason.
    let credentials: unknown;
    try {
      credentials = box.open(connection.credentials);
    } catch (error) {
      if (!(error instanceof UnreadableCredentials)) throw error;
      return { outcome: { kind: 'failed', detail: `Not sent. ${error.message} Then retry this post.` }, connectionId: connection.id };
    }
    if (connection.kind === 'mastodon') {
      const media = await mediaFilesOf(row.userId, post);
      const delivery = { id: row.id, sentAt: row.sentAt, markSent: (sentAt: string) => deliveries.markSent(row.id, sentAt) };
      const outcome = await sendMastodon(credentials as MastodonCredentials, delivery, { text: fullText(post), media }, options.policy, now);
      return { outcome, connectionId: connection.id };
    }
    if (connection.kind === 'bluesky') {
      const media = await mediaFilesOf(row.userId, post);
      const content = { text: fullText(post), media, alt: post.mediaPrompt.slice(0, 1000) };
      const outcome = await sendBluesky(bluesky, credentials as BlueskyCredentials, row, content, now);
      return { outcome, connectionId: connection.id };
    }
    const payload = payloadFor(row, post, at);
    const outcome = await sendWebhook(credentials as WebhookCredentials, row.id, payload, options.policy, now);
    return { outcome, connectionId: connection.id };
  }

  /** The post's files, by their metadata only: the channel picks what it sends, and reads that within the worker's budget. */
  async function mediaFilesOf(userId: string, post: Post): Promise<OutgoingFile[]> {
    const names = post.media.filter((entry) => entry.url.startsWith(MEDIA_URL_PREFIX)).map((entry) => entry.url.slice(MEDIA_URL_PREFIX.length));
    return Promise.all(names.map(async (name) => outgoingFile(name, await locateMedia(userId, name), mediaBudget)));
  }

  /** What a batch of claimed deliveries reads once, when claimed: their posts (a query per user) and each route. */
  async function readsFor(rows: DeliveryRow[]) {
    const byUser = new Map<string, string[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.postId]);
    const found = new Map<string, Post>();
    for (const [userId, postIds] of byUser) for (const post of await posts.findMany(userId, postIds)) found.set(post.id, post);
    const routes = new Map<string, Promise<ConnectionRow | undefined>>();
    return {
      post: (row: DeliveryRow) => found.get(row.postId),
      route(row: DeliveryRow) {
        const key = `${row.userId} ${row.platform}`;
        if (!routes.has(key)) routes.set(key, connections.routeFor(row.userId, row.platform));
        return routes.get(key)!;
      },
    };
  }
  type BatchReads = Awaited<ReturnType<typeof readsFor>>;

  /** Outcomes are recorded together when they arrive together (one transaction). */
  const record = groupCommit((ends: AttemptEnd[]) => deliveries.finish(owner, ends));

  /** The state an attempt's outcome leads to. */
  function nextState(row: DeliveryRow, outcome: AttemptOutcome, at: Date) {
    const iso = at.toISOString();
    switch (outcome.kind) {
      case 'published':
        return { change: { status: 'published', liveUrl: outcome.liveUrl, reason: null, finishedAt: iso }, logged: 'published' as const };
      case 'failed':
      case 'unknown':
        return { change: { status: outcome.kind, reason: outcome.detail, finishedAt: iso }, logged: outcome.kind };
      case 'retry': {
        if (row.attempts >= MAX_ATTEMPTS)
          return {
            change: { status: 'failed', reason: `Gave up after ${MAX_ATTEMPTS} attempts. ${outcome.detail}`, finishedAt: iso },
            logged: 'failed' as const,
          };
        const backoff = BACKOFF_MS[Math.min(row.attempts - 1, BACKOFF_MS.length - 1)]!;
        const wait = Math.min(Math.max(backoff, outcome.retryAfterMs ?? 0), RETRY_AFTER_CAP_MS);
        return {
          change: { status: 'scheduled', nextAttemptAt: new Date(at.getTime() + wait).toISOString(), reason: outcome.detail },
          logged: 'retry' as const,
        };
      }
    }
  }

  interface Claimed {
    row: DeliveryRow;
    claimedAt: Date;
    reads: BatchReads;
  }

  async function deliverOne({ row, claimedAt, reads }: Claimed, result: TickResult): Promise<void> {
    const late = claimedAt.getTime() - Date.parse(row.nextAttemptAt);
    if (late > options.lateWindowMs) {
      const at = claimedAt.toISOString();
      const detail = `Not sent: the server was down at its time and it is now ${Math.round(late / 60_000)} minutes late. Retry to send it now.`;
      if (await record({ row, change: { status: 'missed', reason: detail, finishedAt: at }, attempt: { at, outcome: 'missed', detail } })) result.missed++;
      return;
    }
    let outcome: AttemptOutcome;
    let connectionId: string | null = null;
    try {
      ({ outcome, connectionId } = await attempt(row, claimedAt, reads));
    } catch (error) {
      log.error({ event: 'publish.error', deliveryId: row.id, err: (error as Error).message }, 'delivery attempt failed unexpectedly');
      outcome = { kind: 'retry', detail: 'Not sent: something went wrong on our side.' };
    }
    const finishedAt = now();
    const { change, logged } = nextState(row, outcome, finishedAt);
    const saved = await record({
      row,
      change: { ...change, connectionId },
      attempt: { at: finishedAt.toISOString(), outcome: logged, detail: outcome.detail },
    });
    if (!saved) return;
    result[logged === 'retry' ? 'retrying' : logged]++;
    log.info({ event: 'publish.attempt', deliveryId: row.id, outcome: logged, attempt: row.attempts }, 'delivery attempt');
  }

  /**
   * One worker turn at `at` (by default the injected clock, read again at each claim). `concurrency`
   * lanes send; when the claimed ones run out, as many due as lanes are free are claimed in one
   * statement, so a delivery is sent as soon as it is claimed, well within its lease.
   */
  async function deliverDue(at?: Date): Promise<TickResult> {
    const clock = at ? () => at : now;
    const result: TickResult = { published: 0, retrying: 0, failed: 0, unknown: 0, missed: 0 };
    result.unknown += await deliveries.writeOffLapsed(clock().toISOString(), LAPSED_REASON);
    const claimed: Claimed[] = [];
    let claiming: Promise<boolean> | undefined;
    let drained = false;
    let sending = 0;
    // Only as many as lanes are free: a delivery is claimed just before it is sent, so a crash leaves
    // no more deliveries 'publishing' (and then 'unknown') than there were sends in flight.
    const claimMore = async () => {
      const claimedAt = clock();
      const rows = await deliveries.claimDue(
        owner,
        claimedAt.toISOString(),
        new Date(claimedAt.getTime() + leaseMs).toISOString(),
        Math.max(1, concurrency - sending),
      );
      // A read that fails leaves each claimed delivery to record a retry, as a failed send would.
      const reads = await readsFor(rows).catch((error: unknown) => ({
        post: (): Post => {
          throw error;
        },
        route: () => Promise.reject(error),
      }));
      claimed.push(...rows.map((row) => ({ row, claimedAt, reads })));
      return rows.length > 0;
    };
    const lane = async () => {
      for (;;) {
        const next = claimed.shift();
        if (next) {
          sending++;
          await deliverOne(next, result).finally(() => sending--);
        } else if (drained) return;
        else {
          claiming ??= claimMore().finally(() => (claiming = undefined));
          if (!(await claiming)) drained = true;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    return result;
  }

  const loop = createWorkerLoop({ turn: deliverDue, nextWake: deliveries.nextWake, notifier, timer: deps.timer ?? realTimer(now), now, log });
  return {
    deliverDue,
    /** Runs turns when something is due: at the earliest waiting attempt, and when a delivery is scheduled anywhere. */
    start: loop.start,
    stop: loop.stop,
    /** When this worker next wakes (undefined while a turn runs or when stopped). */
    wakeAt: loop.wakeAt,
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
