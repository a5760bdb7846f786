import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, healthRoute } from './app';
import { createAuth, migrateAuthTables } from './platform/auth';
import { ConfigError, loadConfig } from './config';
import { assertReachable, openDatabase } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { mediaStoreFor, notifierFor, queueFor } from './platform';
import { createLogger } from './platform/logger';
import { createWriter } from './ai/create-writer';
import { createMailerFor, createServices } from './compose';
import { NO_IMAGE_MODEL } from './ai/image-model';
import { createOpenAiImageModel } from './ai/openai-image-model';
import { resetLinksByMail } from './modules/mail/password-reset-mail';

/** The built web app sits beside the bundled server (dist/web) or, in development, in dist/web of the repo. */
function findWebRoot(): string | undefined {
  const candidates = ['../web', '../../dist/web'].map((relative) => fileURLToPath(new URL(relative, import.meta.url)));
  return candidates.find((folder) => existsSync(`${folder}/index.html`));
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function configFrom(env: NodeJS.ProcessEnv) {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
}

const STARTING = JSON.stringify({ error: { code: 'unavailable', message: 'The server is starting. Please try again in a moment.' } });

/** Binds HOST:PORT; PORT=0 lets the system choose a free port, which the result names. */
function listen(fetch: (request: Request, env: unknown) => Response | Promise<Response>, host: string, port: number) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch, hostname: host, port }, (info) => resolve({ server, port: info.port }));
    server.once('error', reject);
  });
}

async function main() {
  // What the server writes (database and its WAL files, media, the session secret) is its owner's only.
  process.umask(0o077);
  let config = configFrom(process.env);
  const log = createLogger(config.logLevel);
  // The port is bound first so that with PORT=0 (tests, benchmarks) the public URL and the trusted
  // origins name the port the system chose. Until start-up is done, every request answers 503.
  const ready: { app?: { fetch: (request: Request, env: unknown) => Response | Promise<Response> } } = {};
  const startingResponse = () => new Response(STARTING, { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1' } });
  const { server, port } = await listen((request, env) => (ready.app ? ready.app.fetch(request, env) : startingResponse()), config.host, config.port).catch(
    (error: Error) => fail(`Start-up failed: cannot listen on ${config.host}:${config.port} (${error.message}).`),
  );
  if (config.port === 0) config = configFrom({ ...process.env, PORT: String(port) });
  const database = openDatabase(config.database);
  try {
    await assertReachable(database.db);
  } catch (error) {
    const where = config.database.kind === 'postgres' ? 'the PostgreSQL server in DATABASE_URL' : `the SQLite file in ${config.dataDir}`;
    fail(`Database error: cannot reach ${where} (${(error as Error).message}).`);
  }
  const mediaDir = path.join(config.dataDir, 'media');
  const mediaStore = await mediaStoreFor(config);
  // Messages between instances (LISTEN/NOTIFY on PostgreSQL) first: the mailer that e-mails reset links wakes the mail workers with them.
  const notifier = await notifierFor(config, database, log);
  const mailer = createMailerFor(database, config.mail, notifier);
  const auth = createAuth(config, database, log, mediaStore, resetLinksByMail(mailer));
  await migrateAuthTables(auth);
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ event: 'db.migrated', applied }, 'database migrated');

  // On PostgreSQL: jobs on pg-boss and messages between instances by LISTEN/NOTIFY; on SQLite both in this process.
  const lease = config.jobLeaseSeconds;
  const queue = await queueFor(config, log, notifier);
  const services = createServices(database, {
    writer: createWriter(config.ai),
    imageModel: config.imageModel ? createOpenAiImageModel(config.imageModel) : NO_IMAGE_MODEL,
    log,
    mediaDir,
    mediaStore,
    queue,
    notifier,
    publicUrl: config.publicUrl,
    limits: config.limits,
    reviewRateLimits: config.reviewRateLimits,
    jobLease: { durationMs: lease * 1000, renewEveryMs: (lease * 1000) / 4 },
    publishing: config.publishing,
    linkSecret: config.authSecret,
    mail: config.mail,
    mailer,
  });
  const runsJobs = config.role !== 'web';
  let purgeTimer: NodeJS.Timeout | undefined;
  let stopTokenSweep: (() => void) | undefined;
  let stopNotificationMail: (() => void) | undefined;
  if (runsJobs) {
    const recovered = await services.runner.recoverInterrupted();
    if (recovered > 0 && !queue.durable) log.warn({ event: 'generation.recovered', failed: recovered }, 'marked interrupted generation jobs as failed');
    if (recovered > 0 && queue.durable) log.warn({ event: 'generation.requeued', jobs: recovered }, 'handed generation jobs nobody holds back to the queue');
    await services.runner.work();
    const lostImages = await services.imageWorker.recoverInterrupted();
    if (lostImages > 0) log.warn({ event: 'images.recovered', failed: lostImages }, 'marked interrupted image jobs as failed');
    await services.imageWorker.work();
    void services.imageWorker.warmUp();
    // Files posts or the logo refer to without a library row get one first, so the sweep keeps them.
    const backfilled = await services.library.backfill();
    if (backfilled > 0) log.info({ event: 'media.library_backfilled', added: backfilled }, 'added files to the media library');
    const orphans = await services.media.sweepOrphans();
    if (orphans > 0) log.warn({ event: 'media.swept', removed: orphans }, 'removed orphaned media files');
    // Deleted posts whose time to undo has passed are forgotten, files included, every few seconds; so
    // are made images nobody kept for a day.
    const purgeDeleted = () =>
      Promise.all([
        services.media
          .purgeDeleted()
          .catch((error: unknown) => log.error({ event: 'posts.purge_failed', error: (error as Error).message }, 'could not purge deleted posts')),
        services.library
          .purgeUnkept()
          .catch((error: unknown) => log.error({ event: 'media.purge_failed', error: (error as Error).message }, 'could not purge unkept images')),
      ]);
    await purgeDeleted();
    purgeTimer = setInterval(() => void purgeDeleted(), 10_000);
    purgeTimer.unref();
    // Scheduled posts go out from every instance that runs jobs (never from ROLE=web); each delivery is
    // claimed by one of them. The worker wakes at the next due time and when a post is scheduled anywhere.
    services.publisher.start();
    // Tokens that end within days are renewed by queued jobs; the sweep that queues them runs hourly.
    await services.tokenUpkeep.work();
    stopTokenSweep = services.tokenUpkeep.start();
    // Failures are e-mailed as they are recorded; digests, Monday's e-mail and pruning are queued by a sweep.
    await services.notificationMailing.work();
    stopNotificationMail = services.notificationMailing.start();
    // E-mail in the outbox goes out from every instance that runs jobs; each message is claimed by one of them.
    services.mailWorker.start();
  }
  const webRoot = findWebRoot();
  // A worker serves only /health, for its orchestrator.
  if (config.role === 'worker') ready.app = new Hono().route('/', healthRoute({ database }));
  else {
    if (!webRoot) log.warn({ event: 'web.missing' }, 'no built web app found; run `npm run build` (API only)');
    ready.app = createApp({ config, database, auth, log, services, webRoot });
  }
  log.info(
    {
      event: 'server.listening',
      url: config.publicUrl,
      port,
      database: database.kind,
      ai: config.ai.kind,
      role: config.role,
      media: config.media.kind,
      mail: config.mail ? 'smtp' : 'off',
    },
    'listening',
  );
  // A parent that started this process with an IPC channel (tests, benchmarks) learns the port here.
  process.send?.({ event: 'server.listening', port });

  // Stop accepting, let running jobs record their end, close the database, exit.
  const shutdown = (signal: string) => {
    log.info({ event: 'server.stopping', signal }, 'stopping');
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close();
    clearInterval(purgeTimer);
    stopTokenSweep?.();
    stopNotificationMail?.();
    void Promise.all([services.runner.shutdown(), services.publisher.stop(), services.mailWorker.stop()])
      .then(() => services.imageWorker.idle())
      .then(() => services.renderPool.stop())
      .then(() => queue.stop())
      .then(() => notifier.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      // A step that fails would otherwise reject unhandled; say which, and exit as failed at once.
      .catch((error: unknown) => {
        log.error({ event: 'server.stop_failed', err: (error as Error).message }, 'could not stop cleanly');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => fail(`Start-up failed: ${(error as Error).message}`));
