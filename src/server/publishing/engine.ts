import { randomUUID } from 'node:crypto';
import { PLATFORM_LABELS, type Platform } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import type { ConnectionRepository } from '../db/connection-repository';
import type { DeliveryRepository, DeliveryRow } from '../db/delivery-repository';
import type { PostRepository } from '../db/post-repository';
import type { Logger } from '../logger';
import { MEDIA_URL_PREFIX } from '../services/media-service';
import { createBlueskySessions, type BlueskyCredentials } from './bluesky-agent';
import { sendBluesky } from './bluesky';
import { sendMastodon, type MastodonCredentials, type MediaFile } from './mastodon';
import type { MediaFile as StoredFile } from '../services/media-service';
import type { MediaLinks } from './media-links';
import type { OutboundPolicy } from './outbound';
import type { AttemptOutcome } from './outcome';
import type { SecretBox } from './secret-box';
import { sendWebhook, type PublishPayload, type WebhookCredentials } from './webhook';

export interface PublishingOptions {
  policy: OutboundPolicy;
  /** A post more than this late (after downtime) is 'missed', not sent. */
  lateWindowMs: number;
  /** How long a worker holds a delivery it sends; a lapsed lease means it died mid-send. */
  leaseMs?: number;
  /** Deliveries sent at once by one worker. */
  concurrency?: number;
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
  now?: () => Date;
}

/** Attempts per delivery, and the wait before each retry (the last repeats). */
export const MAX_ATTEMPTS = 5;
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000];
const RETRY_AFTER_CAP_MS = 60 * 60_000;
const MEDIA_LINK_TTL_MS = 24 * 60 * 60_000;
const BATCH = 500;

export const LAPSED_REASON = 'The server stopped while sending this post: it may or may not have been published. Check the network, then confirm it or retry.';

/** The text as published: the post, then its hashtags. */
const fullText = (post: Post) => (post.hashtags.length > 0 ? `${post.content}\n\n${post.hashtags.join(' ')}` : post.content);

export interface TickResult {
  published: number;
  retrying: number;
  failed: number;
  unknown: number;
  missed: number;
}

/**
 * The delivery engine. `deliverDue(now)` is the whole of a worker's turn: write off lapsed leases,
 * claim what is due (one conditional UPDATE per delivery, so any number of processes can run it),
 * send, record. It keeps no state between turns, so a job queue can run it instead of the timer.
 */
export function createPublisher({ deliveries, connections, posts, box, mediaLinks, locateMedia, log, options, now = () => new Date() }: Deps) {
  const owner = randomUUID();
  const leaseMs = options.leaseMs ?? Math.max(120_000, options.policy.timeoutMs * 5);
  const concurrency = options.concurrency ?? 25;
  const bluesky = createBlueskySessions(options.policy);

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

  async function attempt(row: DeliveryRow, at: Date): Promise<{ outcome: AttemptOutcome; connectionId: string | null }> {
    const post = await posts.find(row.userId, row.postId);
    if (!post) return { outcome: { kind: 'failed', detail: 'The post was deleted.' }, connectionId: null };
    const connection = await connections.routeFor(row.userId, row.platform);
    if (!connection) {
      const network = PLATFORM_LABELS[row.platform as Platform] ?? row.platform;
      return {
        outcome: { kind: 'failed', detail: `No connection sends ${network} posts. Add one in Settings → Connections, then retry.` },
        connectionId: null,
      };
    }
    if (connection.kind === 'mastodon') {
      const media = await mediaFilesOf(row.userId, post);
      const outcome = await sendMastodon(box.open<MastodonCredentials>(connection.credentials), row.id, { text: fullText(post), media }, options.policy, now);
      return { outcome, connectionId: connection.id };
    }
    if (connection.kind === 'bluesky') {
      const media = await mediaFilesOf(row.userId, post);
      const content = { text: fullText(post), media, alt: post.mediaPrompt.slice(0, 1000) };
      const outcome = await sendBluesky(bluesky, box.open<BlueskyCredentials>(connection.credentials), row, content, now);
      return { outcome, connectionId: connection.id };
    }
    const payload = payloadFor(row, post, at);
    const outcome = await sendWebhook(box.open<WebhookCredentials>(connection.credentials), row.id, payload, options.policy, now);
    return { outcome, connectionId: connection.id };
  }

  async function mediaFilesOf(userId: string, post: Post): Promise<MediaFile[]> {
    const files: MediaFile[] = [];
    for (const item of post.media.filter((entry) => entry.url.startsWith(MEDIA_URL_PREFIX))) {
      const name = item.url.slice(MEDIA_URL_PREFIX.length);
      const file = await locateMedia(userId, name);
      const bytes = file.size === 0 ? Buffer.alloc(0) : Buffer.from(await new Response(await file.read(0, file.size - 1)).arrayBuffer());
      files.push({ bytes, mime: file.mime, name });
    }
    return files;
  }

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

  async function deliverOne(id: string, at: Date, result: TickResult): Promise<void> {
    const claimedAt = at.toISOString();
    const row = await deliveries.claim(id, owner, claimedAt, new Date(at.getTime() + leaseMs).toISOString());
    if (!row) return;
    const late = at.getTime() - Date.parse(row.nextAttemptAt);
    if (late > options.lateWindowMs) {
      const detail = `Not sent: the server was down at its time and it is now ${Math.round(late / 60_000)} minutes late. Retry to send it now.`;
      if (await deliveries.finish(row, owner, { status: 'missed', reason: detail, finishedAt: claimedAt }, { at: claimedAt, outcome: 'missed', detail }))
        result.missed++;
      return;
    }
    let outcome: AttemptOutcome;
    let connectionId: string | null = null;
    try {
      ({ outcome, connectionId } = await attempt(row, at));
    } catch (error) {
      log.error({ event: 'publish.error', deliveryId: row.id, err: (error as Error).message }, 'delivery attempt failed unexpectedly');
      outcome = { kind: 'retry', detail: 'Not sent: something went wrong on our side.' };
    }
    const finishedAt = now();
    const { change, logged } = nextState(row, outcome, finishedAt);
    const saved = await deliveries.finish(row, owner, { ...change, connectionId }, { at: finishedAt.toISOString(), outcome: logged, detail: outcome.detail });
    if (!saved) return;
    result[logged === 'retry' ? 'retrying' : logged]++;
    log.info({ event: 'publish.attempt', deliveryId: row.id, outcome: logged, attempt: row.attempts }, 'delivery attempt');
  }

  /** One worker turn at `at` (the injected clock by default). */
  async function deliverDue(at: Date = now()): Promise<TickResult> {
    const result: TickResult = { published: 0, retrying: 0, failed: 0, unknown: 0, missed: 0 };
    result.unknown += await deliveries.writeOffLapsed(at.toISOString(), LAPSED_REASON);
    const ids = await deliveries.due(at.toISOString(), BATCH);
    let next = 0;
    const lane = async () => {
      while (next < ids.length) await deliverOne(ids[next++]!, at, result);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, lane));
    return result;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    deliverDue,
    /** Runs a turn every `intervalMs`; a turn still running when the next is due lets it pass. */
    start(intervalMs: number) {
      timer = setInterval(() => {
        if (running) return;
        running = deliverDue()
          .catch((error: Error) => log.error({ event: 'publish.tick_failed', err: error.message }, 'publishing turn failed'))
          .finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
