/**
 * The real server as `npm run serve` builds it (config from the environment, migrations, services,
 * the app), plus what the API benchmarks need beside it, outside /api:
 *   PUT /__bench/bare/:name  stores a JSON body in memory;
 *   GET /__bench/bare/:name  answers it with c.json() through the same middleware chain: the
 *                            framework's own ceiling for a route that does no session or database work.
 * bench/api.ts and bench/scale.ts bundle this file with esbuild and run it with plain node.
 */
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '@server/app';
import { createAuth, migrateAuthTables } from '@server/platform/auth';
import { loadConfig } from '@server/config';
import { notifierFor, queueFor } from '@server/platform';
import { openDatabase } from '@server/platform/db/database';
import { migrateToLatest } from '@server/platform/db/migrate';
import { createLogger } from '@server/platform/logger';
import { createWriter } from '@server/ai/create-writer';
import { createServices } from '@server/compose';

// Bound first, as in main.ts: with PORT=0 the public URL and trusted origins name the port chosen.
const ready: { app?: ReturnType<typeof createApp> } = {};
const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
  const bound = serve(
    {
      fetch: (request, env) => (ready.app ? ready.app.fetch(request, env) : new Response(null, { status: 503 })),
      hostname: process.env.HOST ?? '127.0.0.1',
      port: Number(process.env.PORT ?? 0),
    },
    (info) => resolve({ server: bound, port: info.port }),
  );
  bound.once('error', reject);
});
const config = loadConfig({ ...process.env, PORT: String(port) });
const log = createLogger(config.logLevel);
const database = openDatabase(config.database);
const auth = createAuth(config, database, log);
await migrateAuthTables(auth);
await migrateToLatest(database.db);
// Messages and jobs as main.ts has them: on PostgreSQL, LISTEN/NOTIFY (which the month read's keep listens to) and pg-boss.
const notifier = await notifierFor(config, database, log);
const queue = await queueFor(config, log, notifier);
const services = createServices(database, {
  writer: createWriter(config.ai),
  log,
  mediaDir: path.join(config.dataDir, 'media'),
  publicUrl: config.publicUrl,
  notifier,
  queue,
});
await services.runner.recoverInterrupted();
await services.runner.work();
const app = createApp({ config, database, auth, log, services });

const bare = new Map<string, unknown>();
app.put('/__bench/bare/:name', async (c) => {
  bare.set(c.req.param('name'), await c.req.json());
  return c.body(null, 204);
});
app.get('/__bench/bare/:name', (c) => (bare.has(c.req.param('name')) ? c.json(bare.get(c.req.param('name'))) : c.notFound()));
ready.app = app;
process.send?.({ event: 'server.listening', port });

const stop = () => {
  server.close();
  void services.runner
    .shutdown()
    .then(() => notifier.close())
    .then(() => database.close())
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      process.stderr.write(`bench server could not stop cleanly: ${(error as Error).message}\n`);
      process.exit(1);
    });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
