import { randomUUID } from 'node:crypto';
import { PLATFORM_LABELS, type Platform } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
import type { ConnectionRepository, ConnectionRow } from './connection-repository';
import type { DeliveryRepository } from './delivery-repository';
import type { AttemptEnd, DeliveryRow } from './delivery-row';
import type { Notifier } from '../../platform/notifier';
import type { PostRepository } from '../posts/post-repository';
import { createBatchReads, type BatchReadDeps, type BatchReads } from './batch-reads';
import { DEFAULT_POST_LANGUAGE } from '@shared/domain/languages';
import type { Logger } from '../../platform/logger';
import type { ChannelContent, ChannelDelivery, Channels } from './channels';
import { createByteBudget, MEDIA_BYTES_IN_FLIGHT } from './media-files';
import { postContent, type LocateMedia } from './post-content';
import { disconnectedClause } from './schedule-check';
import type { MediaLinks } from './media-links';
import type { OutboundPolicy } from './outbound';
import type { AttemptOutcome } from './outcome';
import { UnreadableCredentials, type SecretBox } from './secret-box';
import { connectionCredentialStore } from './credential-store';
import { groupCommit } from './group-commit';
import { lateEnd, nextState } from './next-state';
import { createLanes, settledOnFailure } from './lanes';
import { deferral, restAfter, restingUntil } from './account-rest';
import { DEFAULT_PUBLISH_LANES } from '../../config';
import { createWorkerLoop, realTimer, type Timer } from './worker-loop';
import type { ApprovalHold } from './approval-hold';

export interface PublishingOptions {
  policy: OutboundPolicy;
  /** A post more than this late (after downtime) is 'missed', not sent. */
  lateWindowMs: number;
  /**
   * How long a worker holds a delivery it sends; a lapsed lease means it died or stalled mid-send. A
   * send's time limit (all its requests, redirects and uploads) is three quarters of it, so its
   * outcome is recorded while the lease holds.
   */
  leaseMs?: number;
  /** Deliveries sent at once by one worker (and claimed at most this many at a time): PUBLISH_LANES. */
  concurrency?: number;
  /** Bytes of media one worker sends at once, all lanes together (MEDIA_BYTES_IN_FLIGHT by default). */
  mediaBytesInFlight?: number;
}

interface Deps {
  deliveries: DeliveryRepository;
  connections: ConnectionRepository;
  posts: PostRepository;
  months: BatchReadDeps['months'];
  profiles: BatchReadDeps['profiles'];
  box: SecretBox;
  channels: Channels;
  mediaLinks: MediaLinks;
  /** Where an uploaded file of a user is, and its type (the media service's `locate`). */
  locateMedia: LocateMedia;
  /** Keeps a file made from an upload for a network (the media service's `keepDerived`). */
  keepDerived: (userId: string, from: string, variant: string, bytes: Uint8Array, mime: 'image/jpeg') => Promise<string>;
  log: Logger;
  /** Holds due posts that need approving and releases approved ones, at the start of each turn (approval-hold.ts). */
  hold: Pick<ApprovalHold, 'sweep'>;
  options: PublishingOptions;
  /** Wakes the worker when a delivery is scheduled elsewhere (`start`). */
  notifier: Notifier;
  now?: () => Date;
  /** Sets the worker's wake-up on the injected clock (tests move a TestClock). */
  timer?: Timer;
}

export const LAPSED_REASON = 'The server stopped while sending this post: it may or may not have been published. Check the network, then confirm it or retry.';

/** Why a post due through a disconnected connection was not sent, and what to do. */
const disconnectedDetail = (connection: ConnectionRow) => `Not sent: ${disconnectedClause(connection)}. Reconnect it in Settings → Connections, then retry.`;

export interface TickResult {
  published: number;
  retrying: number;
  failed: number;
  unknown: number;
  missed: number;
  /** Held until approved (approval-hold.ts), and released to be sent once approved. */
  held: number;
  released: number;
}
const noResults = (): TickResult => ({ published: 0, retrying: 0, failed: 0, unknown: 0, missed: 0, held: 0, released: 0 });

/**
 * The delivery engine. A worker's turn releases and holds posts for approval, writes off lapsed leases,
 * claims what is due (a conditional UPDATE over a few at a time, so any number of processes can run it
 * and each delivery goes to one), and sends each under a time limit shorter than its lease; outcomes are recorded as they arrive. Only
 * its lanes outlast a turn. `deliverDue(now)` is a turn with its sends awaited; `start` runs turns when
 * something is due (worker-loop.ts).
 */
export function createPublisher(deps: Deps) {
  const {
    deliveries,
    connections,
    posts,
    months,
    profiles,
    box,
    channels,
    mediaLinks,
    locateMedia,
    keepDerived,
    log,
    hold,
    options,
    notifier,
    now = () => new Date(),
  } = deps;
  const owner = randomUUID();
  const leaseMs = options.leaseMs ?? Math.max(120_000, options.policy.timeoutMs * 5);
  const timeLimitMs = Math.floor((leaseMs * 3) / 4);
  const concurrency = options.concurrency ?? DEFAULT_PUBLISH_LANES;
  const timer = deps.timer ?? realTimer(now);
  const mediaBudget = createByteBudget(options.mediaBytesInFlight ?? MEDIA_BYTES_IN_FLIGHT);

  async function attempt(
    row: DeliveryRow,
    at: Date,
    reads: BatchReads,
    signal: AbortSignal,
  ): Promise<{ outcome: AttemptOutcome; connectionId: string | null } | { deferred: AttemptEnd }> {
    const post = reads.post(row);
    if (!post) return { outcome: { result: 'failed', detail: 'The post was deleted.' }, connectionId: null };
    const connection = await reads.route(row);
    if (!connection) {
      const network = PLATFORM_LABELS[row.platform as Platform] ?? row.platform;
      return {
        outcome: { result: 'failed', detail: `No connection sends ${network} posts. Add one in Settings → Connections, then retry.` },
        connectionId: null,
      };
    }
    // Sealed under another ENCRYPTION_KEY: no retry can read it, so the post fails now with the reason.
    let credentials: unknown;
    try {
      credentials = reads.credentials(connection);
    } catch (error) {
      if (!(error instanceof UnreadableCredentials)) throw error;
      return { outcome: { result: 'failed', detail: `Not sent. ${error.message} Then retry this post.` }, connectionId: connection.id };
    }
    // Nothing is sent through a connection whose token is known not to work: the post fails with why.
    if (connection.health === 'disconnected') return { outcome: { result: 'failed', detail: disconnectedDetail(connection) }, connectionId: connection.id };
    // The network asked us to slow down for this account: the post waits for that, without a request.
    const resting = restingUntil(connection, at);
    if (resting) return { deferred: deferral(row, connection, resting, now()) };
    const delivery: ChannelDelivery = {
      ...row,
      markSent: (sentAt: string) => deliveries.markSent(row.id, sentAt),
      saveProgress: (progress: string) => deliveries.saveProgress(row.id, progress),
      // A rotated token is stored with this delivery before it is used (X), and re-read when another worker rotated it first.
      ...connectionCredentialStore({ connections, box, now }, connection.id, row.id),
    };
    const outcome = await channels.channelFor(connection.kind).send(credentials, delivery, contentOf(row.userId, post, reads), { claimedAt: at, now, signal });
    if (outcome.result === 'failed' && outcome.connectionLost) await connections.markDisconnected(connection.id, outcome.detail, now().toISOString());
    return { outcome, connectionId: connection.id };
  }

  /** What a post sends: its files by their metadata only (the channel picks what it sends, and reads that within the worker's budget). */
  const contentOf = (userId: string, post: Post, reads: BatchReads): ChannelContent => {
    const profile = reads.profile(userId);
    return {
      ...postContent(userId, post, locateMedia, mediaBudget),
      link: (name, expiresAt) => mediaLinks.link(userId, name, expiresAt),
      keep: (from, variant, bytes, mime) => keepDerived(userId, from, variant, bytes, mime),
      callsToAction: reads.strategy(userId, post.monthId)?.selectedCTAs ?? [],
      website: profile?.website ?? '',
      language: profile?.postLanguage ?? DEFAULT_POST_LANGUAGE,
    };
  };

  const readsFor = createBatchReads({ connections, posts, months, profiles, box });

  /** Outcomes are recorded together when they arrive together (one transaction). */
  const record = groupCommit((ends: AttemptEnd[]) => deliveries.finish(ends));

  interface Claimed {
    row: DeliveryRow;
    claimedAt: Date;
    reads: BatchReads;
  }

  async function deliverOne({ row, claimedAt, reads }: Claimed, result: TickResult): Promise<void> {
    const behind = claimedAt.getTime() - Date.parse(row.nextAttemptAt);
    if (behind > options.lateWindowMs) {
      const at = claimedAt.toISOString();
      const detail = `Not sent: the server was down at its time and it is now ${Math.round(behind / 60_000)} minutes late. Retry to send it now.`;
      if (await record({ row, change: { status: 'missed', reason: detail, finishedAt: at }, attempt: { at, outcome: 'missed', detail } })) result.missed++;
      return;
    }
    let outcome: AttemptOutcome;
    let connectionId: string | null = null;
    let deferred: AttemptEnd | undefined;
    const limit = new AbortController();
    const cancelLimit = timer(new Date(claimedAt.getTime() + timeLimitMs), () => limit.abort());
    try {
      const tried = await attempt(row, claimedAt, reads, limit.signal);
      if ('deferred' in tried) deferred = tried.deferred;
      else ({ outcome, connectionId } = tried);
    } catch (error) {
      log.error({ event: 'publish.error', deliveryId: row.id, err: (error as Error).message }, 'delivery attempt failed unexpectedly');
      outcome = { result: 'retry', detail: 'Not sent: something went wrong on our side.' };
    } finally {
      cancelLimit();
    }
    if (deferred) {
      if (await record(deferred)) result.retrying++;
      return;
    }
    const finishedAt = now();
    const at = finishedAt.toISOString();
    const { change, logged } = nextState(row, outcome!, finishedAt);
    const restUntil = restAfter(outcome!, finishedAt, change.nextAttemptAt);
    if (restUntil && connectionId) await connections.rest(connectionId, restUntil);
    const saved = await record({
      row,
      change: { ...change, connectionId },
      attempt: { at, outcome: logged, detail: outcome!.detail },
      late: lateEnd(outcome!, at, connectionId),
    });
    if (!saved) {
      log.warn({ event: 'publish.late', deliveryId: row.id, outcome: logged }, 'delivery attempt ended after its lease was written off');
      return;
    }
    result[logged === 'retry' ? 'retrying' : logged]++;
    log.info({ event: 'publish.attempt', deliveryId: row.id, outcome: logged, attempt: row.attempts }, 'delivery attempt');
  }

  const lanes = createLanes(concurrency);

  /**
   * One worker turn at `at` (by default the injected clock, read again at each claim): release and hold
   * for approval (approval-hold.ts), write off lapsed leases, then claim as many due deliveries as lanes
   * are free (waiting for one when none is) and start each at once, until a claim finds fewer than it
   * could take. It ends then, while its sends go on
   * (pushed to `started`): a slow receiver holds its lane, not the next turn. A turn that fails
   * midway ends once the sends it started have settled (settledOnFailure).
   */
  async function turn(at: Date | undefined, result: TickResult, started: Promise<void>[] = []): Promise<void> {
    const clock = at ? () => at : now;
    // Before any claim: approved posts go, unapproved ones due in a month that requires approval wait.
    const swept = await hold.sweep(clock());
    result.held += swept.held;
    result.released += swept.released;
    result.missed += swept.missed;
    const writtenOff = clock();
    result.unknown += await deliveries.writeOffLapsed(writtenOff.toISOString(), LAPSED_REASON, new Date(writtenOff.getTime() + leaseMs).toISOString());
    for (;;) {
      // Lanes are taken before the claim (another turn may claim meanwhile) and given back unused.
      const free = await lanes.takeFree();
      const claimedAt = clock();
      let rows: DeliveryRow[] = [];
      try {
        rows = await deliveries.claimDue(owner, claimedAt.toISOString(), new Date(claimedAt.getTime() + leaseMs).toISOString(), free);
      } finally {
        lanes.giveBack(free - rows.length);
      }
      const reads = await readsFor(rows);
      for (const row of rows) {
        const sent = deliverOne({ row, claimedAt, reads }, result).catch((error: unknown) => {
          log.error({ event: 'publish.record_failed', deliveryId: row.id, err: (error as Error).message }, 'delivery outcome not recorded');
        });
        started.push(lanes.run(sent));
      }
      if (rows.length < free) return;
    }
  }

  /** A whole turn at `at`, with its sends recorded (tests, and a run by hand). */
  async function deliverDue(at?: Date): Promise<TickResult> {
    const result = noResults();
    const started: Promise<void>[] = [];
    await settledOnFailure(started, () => turn(at, result, started));
    await Promise.all(started);
    return result;
  }

  const loop = createWorkerLoop({
    turn: () => settledOnFailure([], (started) => turn(undefined, noResults(), started)),
    nextWake: deliveries.nextWake,
    notifier,
    timer,
    now,
    log,
  });
  return {
    deliverDue,
    /** Runs turns when something is due: at the earliest waiting attempt, and when a delivery is scheduled anywhere. */
    start: loop.start,
    /** Stops waking, and waits for the sends under way to be recorded. */
    async stop() {
      await loop.stop();
      await lanes.settled();
    },
    /** When this worker next wakes (undefined while a turn runs or when stopped). */
    wakeAt: loop.wakeAt,
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
