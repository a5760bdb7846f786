// `npm run backup [-- <folder>]`: a consistent copy of the SQLite database (online backup API, safe
// while the server runs) and of the media folder, into backups/<timestamp>/ by default.
// With DATABASE_URL (PostgreSQL) it copies the media and says how to dump the database with pg_dump.
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { ConfigError, loadConfig } from '../src/server/config';

async function main() {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(process.argv[2] ?? path.join('backups', stamp));
  await mkdir(target, { recursive: true });

  if (config.database.kind === 'sqlite') {
    const source = new BetterSqlite3(config.database.file, { fileMustExist: true, readonly: true });
    try {
      await source.backup(path.join(target, 'planner.db'));
    } finally {
      source.close();
    }
  } else {
    process.stdout.write(`PostgreSQL: dump the database with\n  pg_dump --format=custom --file="${path.join(target, 'planner.pgdump')}" "$DATABASE_URL"\n`);
  }
  await cp(path.join(config.dataDir, 'media'), path.join(target, 'media'), { recursive: true, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await writeFile(path.join(target, 'BACKUP.txt'), `Content Planner backup of ${config.dataDir}\nmade ${new Date().toISOString()}\ndatabase: ${config.database.kind}\n`);
  process.stdout.write(`Backup written to ${target}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? 'Configuration error: ' : 'Backup failed: '}${(error as Error).message}\n`);
  process.exit(1);
});
