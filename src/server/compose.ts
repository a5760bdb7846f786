import type { Writer } from './ai/writer';
import { randomBytes } from 'node:crypto';
import { DEFAULT_LIMITS, DEFAULT_PUBLISH_LANES, DEFAULT_REVIEW_RATE_LIMITS, type Limits, type PublishingConfig, type ReviewRateLimits } from './config';
import type { DatabaseHandle } from './platform/db/database';
import { createFeedbackRepository } from './modules/feedback/feedback-repository';
import { createDeletedPostRepository } from './modules/posts/deleted-post-repository';
import { createJobRepository } from './modules/generation/job-repository';
import { createMonthRepository } from './modules/months/month-repository';
import { createPostRepository } from './modules/posts/post-repository';
import { createProfileRepository } from './modules/profile/profile-repository';
import { createTransact } from './platform/db/transact';
import { createUsageRepository } from './modules/account/usage-repository';
import { createConnectionRepository } from './modules/publishing/connection-repository';
import { createDeliveryRepository } from './modules/publishing/delivery-repository';
import { createPublisher } from './modules/publishing/engine';
import { createApprovalHold } from './modules/publishing/approval-hold';
import { createApprovalHoldRepository } from './modules/publishing/approval-hold-repository';
import type { Timer } from './modules/publishing/worker-loop';
import { createMediaLinks } from './modules/publishing/media-links';
import { DEFAULT_OUTBOUND } from './modules/publishing/outbound';
import { createSecretBox } from './modules/publishing/secret-box';
import { createChannels } from './modules/publishing/channels';
import { createGenerationRunner } from './modules/generation/generation-runner';
import { createLeaseRules, DEFAULT_LEASE, type JobLease } from './modules/generation/job-lease';
import { createJobProgress } from './modules/generation/job-progress';
import { createLocalNotifier, type Notifier } from './platform/notifier';
import { createInProcessQueue, type JobQueue } from './platform/queue/queue';
import type { Logger } from './platform/logger';
import { createDiskMediaStore, type MediaStore } from './platform/media-store/media-store';
import { createAccess } from './modules/months/access';
import { createAnalyticsService } from './modules/analytics/analytics-service';
import { createImportService } from './modules/import/import-service';
import { createExportService } from './modules/months/export-service';
import { createFeedbackService } from './modules/feedback/feedback-service';
import { createGenerationService } from './modules/generation/generation-service';
import { createMediaService } from './modules/media/media-service';
import { createLibraryRepository } from './modules/media/library-repository';
import { createLibraryService } from './modules/media/library-service';
import { NO_IMAGE_MODEL, type ImageModel } from './ai/image-model';
import { AI_IMAGE_TIMEOUT_MS } from './modules/images/image-maker';
import { createImagesModule } from './modules/images/images-module';
import { createImageJobRepository } from './modules/images/image-job-repository';
import { createMonthService } from './modules/months/month-service';
import { createMonthChangeStamp } from './modules/months/month-change-stamp';
import { createMonthScreenRead } from './modules/months/month-screen-repository';
import { createPostService } from './modules/posts/post-service';
import { createPostRemovalService } from './modules/posts/post-removal-service';
import { createPostCopyService } from './modules/posts/post-copy-service';
import { createEvergreenRepository } from './modules/posts/evergreen-repository';
import { createEvergreenService } from './modules/posts/evergreen-service';
import { createVoiceRepository } from './modules/voice/voice-repository';
import { createVoiceService } from './modules/voice/voice-service';
import { createBulkPostService } from './modules/posts/bulk-post-service';
import { createScheduleService } from './modules/posts/schedule-service';
import { createProfileService } from './modules/profile/profile-service';
import { createSettingsService } from './modules/account/settings-service';
import { createUsageLimits } from './modules/account/usage-limits';
import { createConnectionService } from './modules/publishing/connection-service';
import { createDeliveryService } from './modules/publishing/delivery-service';
import { createGrantRepository } from './modules/publishing/oauth-grant-repository';
import { createSignIns } from './modules/publishing/oauth/meta-sign-in';
import { createOAuthService } from './modules/publishing/oauth/oauth-service';
import { createTokenRefresh } from './modules/publishing/oauth/token-refresh';
import { createTokenUpkeep } from './modules/publishing/oauth/token-upkeep';
import { createScheduleCheck } from './modules/publishing/schedule-check';
import type { MailConfig } from './mail-config';
import type { Mailer } from './modules/mail/mail';
import { createMailer, createMailWorker } from './modules/mail/mail-outbox';
import { createOutboxRepository } from './modules/mail/outbox-repository';
import { createNotificationRepository } from './modules/notifications/notification-repository';
import { createNotificationService } from './modules/notifications/notification-service';
import { createNotificationMailing } from './modules/notifications/notification-mailing';
import { createUnsubscribeTokens } from './modules/notifications/unsubscribe-token';
import type { NotificationEvent } from './modules/notifications/events';
import { createReviewLinkRepository } from './modules/review/review-link-repository';
import { createReviewLinkService } from './modules/review/review-link-service';
import { createReviewMedia } from './modules/review/review-media';
import { createReviewService } from './modules/review/review-service';

interface Options {
  writer: Writer;
  /** Where uploaded media live: DATA_DIR/media. */
  mediaDir: string;
  /** The public origin, for absolute links in exports. */
  publicUrl: string;
  log: Logger;
  /** Per-user limits (config); the defaults when not given. */
  limits?: Limits;
  /** Review-page requests a minute per link and per client address (config); the defaults when not given. */
  reviewRateLimits?: ReviewRateLimits;
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
  /** Publishing's key and rules (config); without it, a key for this process only and the defaults. */
  publishing?: PublishingConfig & { timeoutMs?: number; mediaBytesInFlight?: number };
  /** SMTP_URL and MAIL_FROM (config); without them no e-mail is kept or sent. */
  mail?: MailConfig;
  /** The mailer better-auth was given already (`createMailerFor`); built here when not given. */
  mailer?: Mailer;
  /** Signs unsubscribe links (AUTH_SECRET); a key for this process only when not given. */
  linkSecret?: string;
  /** The image model behind "Generate image" (AI_IMAGE_MODEL); templates only when not given. */
  imageModel?: ImageModel;
  /** How long the image model may take to answer (tests shorten it). */
  imageTimeoutMs?: number;
}

/**
 * The mailer on its own, for main.ts and the test servers to hand to better-auth (reset links), which
 * is made before the services; pass the same one to `createServices`.
 */
export function createMailerFor(database: DatabaseHandle, mail: MailConfig | undefined, notifier: Notifier, now?: () => Date): Mailer {
  return createMailer(createOutboxRepository(database.db), mail, notifier, now);
}

/**
 * The composition root: wires the platform (database, queue, notifier, media store) into the modules'
 * repositories and services, the one place that knows both. It starts nothing: main.ts (and the test
 * servers) start the workers.
 */
export function createServices(
  database: DatabaseHandle,
  {
    writer,
    log,
    mediaDir,
    publicUrl,
    limits = DEFAULT_LIMITS,
    reviewRateLimits = DEFAULT_REVIEW_RATE_LIMITS,
    now,
    timer,
    jobLease,
    queue = createInProcessQueue(log),
    notifier = createLocalNotifier(),
    mediaStore = createDiskMediaStore(mediaDir),
    publishing = defaultPublishing(),
    mail,
    mailer = createMailerFor(database, mail, notifier, now),
    linkSecret = randomBytes(32).toString('hex'),
    imageModel = NO_IMAGE_MODEL,
    imageTimeoutMs = AI_IMAGE_TIMEOUT_MS,
  }: Options,
) {
  const clock = now ?? (() => new Date());
  const notificationRepository = createNotificationRepository(database.db);
  const tokens = createUnsubscribeTokens(linkSecret);
  const notifications = createNotificationService({ notifications: notificationRepository, notifier, mailer, tokens, now: clock });
  const { raise } = notifications;
  /** An event no other write decides (a sweep's finding, a refusal), recorded on its own. */
  const raiseNow = (event: NotificationEvent) =>
    raise(database.db, event).catch((error: unknown) => log.error({ event: 'notifications.raise_failed', kind: event.kind, error: (error as Error).message }));
  const profiles = createProfileRepository(database.db);
  const months = createMonthRepository(database.db);
  const posts = createPostRepository(database.db, limits);
  const jobs = createJobRepository(database.db, raise);
  // A delivery scheduled, re-timed or retried wakes the publishing workers (on every instance) by its time.
  const announce = (db: Parameters<Notifier['publish']>[2], dueAt: string) => notifier.publish('planner_deliveries', dueAt, db);
  const transact = createTransact(database.db, limits, announce, raise);
  const access = createAccess({ months, posts, profiles, transact, now });
  const deliveries = createDeliveryRepository(database.db, announce, raise);
  // Publishing only approved posts: the workers hold and release; `approvalsChanged` releases at once after an approval.
  const approvalHoldRepository = createApprovalHoldRepository(database.db, announce, raise);
  const approvalHold = createApprovalHold({
    holds: approvalHoldRepository,
    lateWindowMs: publishing.lateWindowMs,
    log,
    now: clock,
  });
  const { approvalsChanged } = approvalHold;
  const monthService = createMonthService({
    months,
    screen: createMonthScreenRead(database, posts, createMonthChangeStamp(database, notifier)),
    posts,
    profiles,
    deliveries,
    access,
    approvalsChanged,
    now,
  });
  const usageRepository = createUsageRepository(database.db);
  const usage = createUsageLimits({ usage: usageRepository, posts, writer, limits, now, raise: raiseNow });
  const deletedPosts = createDeletedPostRepository(database.db);
  const removal = createPostRemovalService({ deletedPosts, access, usage, now });
  // Examples of the brand's voice go into every prompt the writer is given (voice-examples.ts).
  const voiceRepository = createVoiceRepository(database.db);
  const voiceSamples = (userId: string) => voiceRepository.list(userId).then((rows) => rows.map(({ id, text, network }) => ({ id, text, network })));
  const postService = createPostService({ posts, profiles, access, writer, usage, voiceSamples, now });
  const box = createSecretBox(publishing.encryptionKey);
  const mediaLinks = createMediaLinks(publishing.encryptionKey, publicUrl, now);
  const policy = { ...DEFAULT_OUTBOUND, allowPrivate: publishing.allowPrivateUrls, timeoutMs: publishing.timeoutMs ?? DEFAULT_OUTBOUND.timeoutMs };
  const connections = createConnectionRepository(database.db, raise);
  const channels = createChannels({ policy, providers: publishing.providers, publicUrl });
  const library = createLibraryRepository(database.db);
  const media = createMediaService({
    library,
    posts,
    deletedPosts,
    logos: profiles,
    access,
    store: mediaStore,
    uploads: usageRepository,
    uploadsInFlightPerUser: limits.uploadsInFlightPerUser,
    now,
  });
  // Images for posts: made on the queue, one at a time per instance; a generation's batch is queued after it is written.
  const { images, imageWorker, renderPool } = createImagesModule({
    imageJobs: createImageJobRepository(database.db),
    log,
    queue,
    posts,
    profiles,
    access,
    media,
    library,
    usage,
    usageCounts: usageRepository,
    imageModel,
    imageTimeoutMs,
    imagesPerDay: limits.imagesPerDay,
    now,
  });
  const check = createScheduleCheck({ connections, box, channels, locateMedia: media.locate, now });
  const schedule = createScheduleService({ access, check, now });
  const publisher = createPublisher({
    deliveries,
    connections,
    posts,
    months,
    profiles,
    box,
    channels,
    mediaLinks,
    locateMedia: media.locate,
    keepDerived: media.keepDerived,
    log,
    hold: approvalHold,
    options: { policy, lateWindowMs: publishing.lateWindowMs, concurrency: publishing.lanes, mediaBytesInFlight: publishing.mediaBytesInFlight },
    notifier,
    now,
    timer,
  });
  const providers = { providers: publishing.providers, policy, now: clock };
  const oauth = createOAuthService({
    grants: createGrantRepository(database.db),
    connections,
    box,
    signIns: createSignIns(providers),
    publicUrl,
    log,
    now: clock,
  });
  const tokenUpkeep = createTokenUpkeep({ connections, box, queue, refresh: createTokenRefresh(providers), channels, log, now: clock, raise: raiseNow });
  const leaseRules = createLeaseRules(jobLease ?? DEFAULT_LEASE, { durable: queue.durable });
  const jobProgress = createJobProgress({ jobs, notifier, rules: leaseRules, now });
  // E-mail: services enqueue through `mailer`; the worker (started by main.ts) sends the outbox.
  const mailWorker = createMailWorker({ outbox: createOutboxRepository(database.db), config: mail, notifier, log, now, timer });
  const runner = createGenerationRunner({
    jobs,
    profiles,
    posts,
    access,
    usage,
    writer,
    voiceSamples,
    log,
    queue,
    progress: jobProgress,
    rules: leaseRules,
    now,
    afterWritten: (job) => imageWorker.queueBatch(job.userId, job.monthId, job.id).then(() => undefined),
  });
  // Review links: only a hash of each token is stored; the page's media are signed with their own key.
  const reviewLinks = createReviewLinkRepository(database.db, raise);
  const reviewMedia = createReviewMedia(publishing.encryptionKey, clock);
  const review = createReviewService({
    reviews: reviewLinks,
    posts,
    profiles,
    access,
    media: reviewMedia,
    locateMedia: media.locate,
    rateLimits: reviewRateLimits,
    approvalsChanged,
    log,
    now: clock,
  });
  return {
    writer,
    imageModel,
    images,
    imageWorker,
    renderPool,
    runner,
    queue,
    notifier,
    mediaStore,
    publisher,
    mailer,
    mailWorker,
    mediaLinks,
    connections: createConnectionService({ connections, box, channels, now }),
    oauth,
    tokenUpkeep,
    deliveries: createDeliveryService({ deliveries, connections, holds: approvalHoldRepository, access, check, now }),
    approvalsChanged,
    usage,
    access,
    profile: createProfileService({ profiles, media, now }),
    months: monthService,
    generation: createGenerationService({ access, jobs, runner, progress: jobProgress, rules: leaseRules, writer, usage, now }),
    posts: postService,
    removal,
    evergreen: createEvergreenService({ evergreen: createEvergreenRepository(database.db), posts, profiles, access, writer, usage, limits, now }),
    copies: createPostCopyService({ profiles, access, writer, usage, voiceSamples, now }),
    voice: createVoiceService({ voice: voiceRepository, connections, box, channels, now }),
    bulk: createBulkPostService({ access, posts: postService, removal, schedule }),
    media,
    library: createLibraryService({ library, posts, deletedPosts, logos: profiles, access, store: mediaStore, now }),
    schedule,
    exports: createExportService({ monthService, publicUrl, now }),
    imports: createImportService({ access, posts, profiles, usage, now }),
    analytics: createAnalyticsService({ posts, deliveries }),
    feedback: createFeedbackService({ feedback: createFeedbackRepository(database.db), now }),
    settings: createSettingsService({ writer, usage }),
    notifications,
    reviewLinks: createReviewLinkService({ reviews: reviewLinks, access, now: clock }),
    review,
    reviewMedia,
    notificationMailing: createNotificationMailing({ notifications: notificationRepository, mailer, tokens, queue, notifier, publicUrl, log, now: clock }),
  };
}

function defaultPublishing(): PublishingConfig {
  return { encryptionKey: randomBytes(32).toString('hex'), lateWindowMs: 3_600_000, lanes: DEFAULT_PUBLISH_LANES, allowPrivateUrls: false, providers: {} };
}

export type Services = ReturnType<typeof createServices>;
