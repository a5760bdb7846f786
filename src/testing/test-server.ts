import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '@server/app';
import { createAuth, migrateAuthTables } from '@server/platform/auth';
import { loadConfig, type Config } from '@server/config';
import { openDatabase, type DatabaseHandle } from '@server/platform/db/database';
import { migrateToLatest } from '@server/platform/db/migrate';
import { mediaStoreFor, notifierFor, queueFor } from '@server/platform';
import { createLogger } from '@server/platform/logger';
import { createWriter } from '@server/ai/create-writer';
import { NO_IMAGE_MODEL } from '@server/ai/image-model';
import { createOpenAiImageModel } from '@server/ai/openai-image-model';
import type { WriterOptions } from '@server/ai/writer';
import { createMailerFor, createServices, type Services } from '@server/compose';
import { resetLinksByMail } from '@server/modules/mail/password-reset-mail';
import type { JobLease } from '@server/modules/generation/job-lease';
import type { Mailer } from '@server/modules/mail/mail';
import { createTestDatabase, databaseEnv } from './test-database';

export interface TestServer {
  url: string;
  config: Config;
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  services: Services;
  dataDir: string;
  /** Every line the server logged, for tests that check what is (not) logged. */
  logLines: string[];
  close: () => Promise<void>;
}

/** Timing a test may take over: the services' clock, the job lease, the progress stream's heartbeat; and the mailer. */
export interface TestServerTiming {
  now?: () => Date;
  jobLease?: JobLease;
  progressHeartbeatMs?: number;
  /** How long a delivery waits for an answer before its outcome is unknown. */
  publishTimeoutMs?: number;
  /** Bytes of media the publishing worker sends at once (tests make it small). */
  publishMediaBytesInFlight?: number;
  /** The built web app to serve (browser tests that drive the clock run the server in their process). */
  webRoot?: string;
  /** Where e-mail goes (a recording mailer); none is sent when not given, as without SMTP_URL. */
  mailer?: Mailer;
  /** How long the image model (AI_IMAGE_MODEL in `env`) may take for one image. */
  imageModelTimeoutMs?: number;
  /**
   * On PostgreSQL, jobs go through pg-boss as main.ts sends them (QUEUE_POLL_SECONDS in `env` sets
   * its poll); by default they run in this process on both databases.
   */
  durableQueue?: boolean;
}

/** The real server on a loopback port with its own fresh database, as `npm start` builds it. */
export async function startTestServer(env: Record<string, string> = {}, writerOptions: WriterOptions = {}, timing: TestServerTiming = {}): Promise<TestServer> {
  const testDb = await createTestDatabase();
  // The app needs the port for its public URL, so the server listens first and gets the app after.
  const holder: { app?: ReturnType<typeof createApp> } = {};
  const server: ServerType = await new Promise((resolve) => {
    const instance = serve({ fetch: (request, env) => holder.app!.fetch(request, env), hostname: '127.0.0.1', port: 0 }, () => resolve(instance));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    PORT: String(port),
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    AUTH_RATE_LIMIT_MAX: '1000',
    // The route sweeps call the review API many times from one address; the limit tests set their own.
    REVIEW_RATE_LIMIT_PER_LINK: '1000',
    REVIEW_RATE_LIMIT_PER_ADDRESS: '1000',
    LOG_LEVEL: 'info',
    ...databaseEnv(testDb.database),
    ...env,
  });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const log = createLogger(config.logLevel, sink);
  const database = openDatabase(config.database);
  // MEDIA_STORE=s3 in `env` puts media in that bucket, as main.ts does.
  const mediaStore = await mediaStoreFor(config);
  // On PostgreSQL progress events travel by LISTEN/NOTIFY, as between instances.
  const notifier = await notifierFor(config, database, log);
  // SMTP_URL and MAIL_FROM in `env` turn e-mail on (tests send the outbox with services.mailWorker.sendDue()); a test's own mailer records instead.
  const mailer = timing.mailer ?? createMailerFor(database, config.mail, notifier, timing.now);
  const auth = createAuth(config, database, log, mediaStore, resetLinksByMail(mailer));
  await migrateAuthTables(auth);
  await migrateToLatest(database.db);
  const services = createServices(database, {
    notifier,
    ...(timing.durableQueue ? { queue: await queueFor(config, log, notifier) } : {}),
    mediaStore,
    writer: createWriter(config.ai, writerOptions),
    imageModel: config.imageModel ? createOpenAiImageModel(config.imageModel, { timeoutMs: timing.imageModelTimeoutMs }) : NO_IMAGE_MODEL,
    log,
    mediaDir: path.join(config.dataDir, 'media'),
    publicUrl: config.publicUrl,
    limits: config.limits,
    reviewRateLimits: config.reviewRateLimits,
    now: timing.now,
    jobLease: timing.jobLease,
    publishing: { ...config.publishing, timeoutMs: timing.publishTimeoutMs, mediaBytesInFlight: timing.publishMediaBytesInFlight },
    linkSecret: config.authSecret,
    mail: config.mail,
    mailer,
  });
  await services.runner.recoverInterrupted();
  // Generation jobs are taken in this process, as main.ts does on an instance that runs jobs.
  await services.runner.work();
  // Image jobs too, after the same start-up recovery.
  await services.imageWorker.recoverInterrupted();
  await services.imageWorker.work();
  // With e-mail on, failures are e-mailed as they are recorded, as on an instance that runs jobs (the sweeps are called by the tests).
  const stopMail = mailer.enabled ? services.notificationMailing.listen() : () => undefined;
  holder.app = createApp({ config, database, auth, log, services, progressHeartbeatMs: timing.progressHeartbeatMs, webRoot: timing.webRoot });
  return {
    url,
    config,
    app: holder.app,
    database,
    services,
    dataDir: testDb.dataDir,
    logLines,
    close: async () => {
      stopMail();
      await services.runner.shutdown();
      await services.publisher.stop();
      await services.mailWorker.stop();
      await services.queue.stop();
      await services.renderPool.stop();
      await notifier.close();
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      await testDb.drop();
    },
  };
}
