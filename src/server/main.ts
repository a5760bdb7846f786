import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { createAuth, migrateAuthTables } from './auth';
import { ConfigError, loadConfig } from './config';
import { assertReachable, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './logger';
import { createWriter } from './ai/create-writer';
import { createServices } from './services';

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

/** How often this process looks for posts due (a turn sends everything due, so lateness stays under this). */
const PUBLISH_TICK_MS = 2_000;

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
  const ready: { app?: ReturnType<typeof createApp> } = {};
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
  const auth = createAuth(config, database, log);
  await migrateAuthTables(auth);
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ event: 'db.migrated', applied }, 'database migrated');

  const services = createServices(database, {
    writer: createWriter(config.ai),
    log,
    mediaDir: path.join(config.dataDir, 'media'),
    publicUrl: config.publicUrl,
    limits: config.limits,
    publishing: config.publishing,
  });
  const interrupted = await services.runner.recoverInterrupted();
  if (interrupted > 0) log.warn({ event: 'generation.recovered', failed: interrupted }, 'marked interrupted generation jobs as failed');
  const orphans = await services.media.sweepOrphans();
  if (orphans > 0) log.warn({ event: 'media.swept', removed: orphans }, 'removed orphaned media files');
  const webRoot = findWebRoot();
  if (!webRoot) log.warn({ event: 'web.missing' }, 'no built web app found; run `npm run build` (API only)');
  services.publisher.start(PUBLISH_TICK_MS);
  ready.app = createApp({ config, database, auth, log, services, webRoot });
  log.info({ event: 'server.listening', url: config.publicUrl, port, database: database.kind, ai: config.ai.kind }, 'listening');
  // A parent that started this process with an IPC channel (tests, benchmarks) learns the port here.
  process.send?.({ event: 'server.listening', port });

  // Stop accepting, let running jobs record their end, close the database, exit.
  const shutdown = (signal: string) => {
    log.info({ event: 'server.stopping', signal }, 'stopping');
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close();
    void Promise.all([services.runner.shutdown(), services.publisher.stop()])
      .then(() => database.close())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => fail(`Start-up failed: ${(error as Error).message}`));
