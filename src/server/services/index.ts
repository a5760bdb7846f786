import type { Writer } from '../ai/writer';
import { randomBytes } from 'node:crypto';
import { DEFAULT_LIMITS, type Limits, type PublishingConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createFeedbackRepository } from '../db/feedback-repository';
import { createDeletedPostRepository } from '../db/deleted-post-repository';
import { createJobRepository } from '../db/job-repository';
import { createMonthRepository } from '../db/month-repository';
import { createPostRepository } from '../db/post-repository';
import { createProfileRepository } from '../db/profile-repository';
import { createTransact } from '../db/repositories';
import { createUsageRepository } from '../db/usage-repository';
import { createConnectionRepository } from '../db/connection-repository';
import { createDeliveryRepository } from '../db/delivery-repository';
import { createPublisher } from '../publishing/engine';
import type { Timer } from '../publishing/worker-loop';
import { createMediaLinks } from '../publishing/media-links';
import { DEFAULT_OUTBOUND } from '../publishing/outbound';
import { createSecretBox } from '../publishing/secret-box';
import { createGenerationRunner, type JobLease } from '../jobs/generation-runner';
import { createLocalNotifier, type Notifier } from '../db/notifications';
import { createInProcessQueue, type JobQueue } from '../jobs/queue';
import type { Logger } from '../logger';
import { createDiskMediaStore, type MediaStore } from '../storage/media-store';
import { createAccess } from './access';
import { createAnalyticsService } from './analytics-service';
import { createExportService } from './export-service';
import { createFeedbackService } from './feedback-service';
import { createGenerationService } from './generation-service';
import { createMediaService } from './media-service';
import { createMonthService } from './month-service';
import { createPostService } from './post-service';
import { createPostRemovalService } from './post-removal-service';
import { createPostCopyService } from './post-copy-service';
import { createBulkPostService } from './bulk-post-service';
import { createScheduleService } from './schedule-service';
import { createProfileService } from './profile-service';
import { createSettingsService } from './settings-service';
import { createUsageLimits } from './usage-limits';
import { createConnectionService } from './connection-service';
import { createDeliveryService } from './delivery-service';

interface Options {
  writer: Writer;
  /** Where uploaded media live: DATA_DIR/media. */
  mediaDir: string;
  /** The public origin, for absolute links in exports. */
  publicUrl: string;
  log: Logger;
  /** Per-user limits (config); the defaults when not given. */
  limits?: Limits;
  now?: () => Date;
  /** The publishing worker's wake-up on that clock (tests pass the TestClock's); a real timer when not given. */
  timer?: Timer;
  /** How long a generation job holds its month between heartbeats (tests shorten it). */
  jobLease?: JobLease;
  /** Where jobs go (pg-boss on PostgreSQL in main.ts); a queue in this process when not given. */
  queue?: JobQueue;
  /** How instances tell each other of changes (LISTEN/NOTIFY on PostgreSQL); events in this process when not given. */
  notifier?: Notifier;
  /** Where uploaded files are kept (S3 with MEDIA_STORE=s3); files under `mediaDir` when not given. */
  mediaStore?: MediaStore;
  /** Takes queued jobs in this process (false for ROLE=web, and in main.ts, which starts them itself). */
  workers?: boolean;
  /** Publishing's key and rules (config); without it, a key for this process only and the defaults. */
  publishing?: PublishingConfig & { timeoutMs?: number; mediaBytesInFlight?: number };
}

/** Wires repositories into services; the one place that knows both. */
export function createServices(
  database: DatabaseHandle,
  {
    writer,
    log,
    mediaDir,
    publicUrl,
    limits = DEFAULT_LIMITS,
    now,
    timer,
    jobLease,
    queue = createInProcessQueue(log),
    notifier = createLocalNotifier(),
    mediaStore = createDiskMediaStore(mediaDir),
    workers = true,
    publishing = defaultPublishing(),
  }: Options,
) {
  const profiles = createProfileRepository(database.db);
  const months = createMonthRepository(database.db);
  const posts = createPostRepository(database.db, limits);
  const jobs = createJobRepository(database.db);
  // A delivery scheduled, re-timed or retried wakes the publishing workers (on every instance) by its time.
  const announce = (db: Parameters<Notifier['publish']>[2], dueAt: string) => notifier.publish('planner_deliveries', dueAt, db);
  const transact = createTransact(database.db, limits, announce);
  const access = createAccess({ months, posts, profiles, transact, now });
  const deliveries = createDeliveryRepository(database.db, announce);
  const monthService = createMonthService({ months, posts, profiles, deliveries, access, now });
  const usageRepository = createUsageRepository(database.db);
  const usage = createUsageLimits({ usage: usageRepository, posts, writer, limits, now });
  const deletedPosts = createDeletedPostRepository(database.db);
  const removal = createPostRemovalService({ deletedPosts, access, usage, now });
  const schedule = createScheduleService({ access, now });
  const postService = createPostService({ posts, profiles, access, writer, usage, now });
  const box = createSecretBox(publishing.encryptionKey);
  const mediaLinks = createMediaLinks(publishing.encryptionKey, publicUrl, now);
  const policy = { ...DEFAULT_OUTBOUND, allowPrivate: publishing.allowPrivateUrls, timeoutMs: publishing.timeoutMs ?? DEFAULT_OUTBOUND.timeoutMs };
  const connections = createConnectionRepository(database.db);
  const media = createMediaService({
    posts,
    deletedPosts,
    access,
    store: mediaStore,
    uploads: usageRepository,
    uploadsInFlightPerUser: limits.uploadsInFlightPerUser,
    now,
  });
  const publisher = createPublisher({
    deliveries,
    connections,
    posts,
    box,
    mediaLinks,
    locateMedia: media.locate,
    log,
    options: { policy, lateWindowMs: publishing.lateWindowMs, mediaBytesInFlight: publishing.mediaBytesInFlight },
    notifier,
    now,
    timer,
  });
  const runner = createGenerationRunner({ jobs, profiles, posts, access, usage, writer, log, queue, notifier, now, lease: jobLease });
  // A queue that cannot start taking jobs (PostgreSQL unreachable) is logged, not left to reject unhandled.
  if (workers) {
    runner.work().catch((error: unknown) => log.error({ event: 'generation.work_failed', err: (error as Error).message }, 'could not take generation jobs'));
  }
  return {
    writer,
    runner,
    queue,
    notifier,
    mediaStore,
    publisher,
    mediaLinks,
    connections: createConnectionService({ connections, box, policy, now }),
    deliveries: createDeliveryService({ deliveries, access, now }),
    usage,
    access,
    profile: createProfileService({ profiles, now }),
    months: monthService,
    generation: createGenerationService({ access, jobs, runner, writer, usage, now }),
    posts: postService,
    removal,
    copies: createPostCopyService({ profiles, access, writer, usage, now }),
    bulk: createBulkPostService({ access, posts: postService, removal, schedule }),
    media,
    schedule,
    exports: createExportService({ monthService, publicUrl, now }),
    analytics: createAnalyticsService({ posts, deliveries }),
    feedback: createFeedbackService({ feedback: createFeedbackRepository(database.db), now }),
    settings: createSettingsService({ writer, usage }),
  };
}

function defaultPublishing(): PublishingConfig {
  return { encryptionKey: randomBytes(32).toString('hex'), lateWindowMs: 3_600_000, allowPrivateUrls: false };
}

export type Services = ReturnType<typeof createServices>;
