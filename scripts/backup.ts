// `npm run backup [-- <folder>]`: a complete, consistent copy of DATA_DIR while the server runs
// (src/server/backup/backup.ts), into backups/<timestamp>/ by default.
// With DATABASE_URL (PostgreSQL) it copies the media and the session secret and says how to dump the
// database with pg_dump.
import path from 'node:path';
import { ConfigError, loadConfig } from '@server/config';
import { backupDataDir } from '@server/platform/backup/backup';

async function main() {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(process.argv[2] ?? path.join('backups', stamp));
  const result = await backupDataDir(config, target);
  if (config.database.kind === 'postgres') {
    process.stdout.write(`PostgreSQL: dump the database now with\n  pg_dump --format=custom --file="${path.join(target, 'planner.pgdump')}" "$DATABASE_URL"\n`);
  }
  if (config.media.kind === 's3') {
    const where = config.media.endpoint ? ` at ${config.media.endpoint}` : '';
    process.stdout.write(
      `Media are in the S3 bucket "${config.media.bucket}"${where}, not in this backup: copy the bucket's media/ prefix too ` +
        `(for example: aws s3 sync s3://${config.media.bucket}/media "${path.join(target, 'media')}"), or keep versioning on the bucket.\n`,
    );
  }
  if (!result.authSecret) process.stdout.write('The session secret is set by AUTH_SECRET: keep it with the backup.\n');
  if (result.unsealsConnections) {
    process.stdout.write(
      'ENCRYPTION_KEY is not set, so auth-secret in this backup opens every saved connection token: keep the backup private, ' +
        'and set ENCRYPTION_KEY, kept apart from backups (connections saved before must then be added again).\n',
    );
  }
  process.stdout.write(`Backup written to ${target} (${result.mediaFiles.length} media files)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? 'Configuration error: ' : 'Backup failed: '}${(error as Error).message}\n`);
  process.exit(1);
});
