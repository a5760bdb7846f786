/**
 * The backup behind `npm run backup`: a complete, consistent copy of DATA_DIR taken while the server
 * runs, readable only by its owner.
 *
 * - Every media file is first hard-linked into a staging folder in DATA_DIR, so a file the server
 *   deletes afterwards can still be copied. (The server saves a file before a post refers to it and
 *   deletes it only after no post does.)
 * - SQLite: `VACUUM INTO` copies the database in one read transaction, which finishes however busy
 *   the server is (the online backup API starts over whenever another connection writes).
 * - The media kept are exactly those the copied database refers to. One uploaded after the staging
 *   is linked now; if it is already gone again, the copy starts over.
 * - auth-secret comes along, so sessions and their cookies stay valid after a restore. Without
 *   ENCRYPTION_KEY it is also the key of the saved connection credentials: BACKUP.txt says so.
 */
import { existsSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Config } from '../../config';
import { MEDIA_URL_PREFIX, mediaFolder } from '../../modules/media/media-service';

export interface BackupHooks {
  /** Runs after each copy of the database, before its media are gathered (lets tests delete a file right then). */
  afterDatabaseCopy?: () => Promise<void>;
}

export interface BackupResult {
  /** Media files in the backup, as `<user id>/<file>`. */
  mediaFiles: string[];
  /** False when the secret comes from AUTH_SECRET, which the backup cannot hold. */
  authSecret: boolean;
  /** True when the backup's auth-secret opens every saved connection token (ENCRYPTION_KEY unset). */
  unsealsConnections: boolean;
}

/** The BACKUP.txt line on the key that seals connection credentials (secret-box.ts), and where it is kept. */
function connectionsNote(config: Config, unsealsConnections: boolean): string {
  if (unsealsConnections)
    return (
      'connection credentials: sealed under auth-secret, which is in this backup (ENCRYPTION_KEY is not set), so whoever holds this backup ' +
      'can read every saved connection token and webhook secret. Keep it private, and set ENCRYPTION_KEY, kept apart from backups ' +
      '(connections saved before must then be added again).'
    );
  if (config.publishing.encryptionKey !== config.authSecret)
    return 'connection credentials: sealed under ENCRYPTION_KEY, which is not in this backup. Keep it apart from backups, and at hand for a restore: without it, connections must be added again.';
  return 'connection credentials: sealed under AUTH_SECRET (ENCRYPTION_KEY is not set), which is not in this backup. Set ENCRYPTION_KEY and keep it apart from backups.';
}

const ATTEMPTS = 5;
const FILE_NAME = /^[0-9a-f-]{36}\.[a-z0-9]+$/;

/** Links (or, across file systems, copies) a file; false when it is gone. */
async function pin(from: string, to: string): Promise<boolean> {
  if (existsSync(to)) return true;
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'EEXIST') return true;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
    await copyFile(from, to).catch((copyError: NodeJS.ErrnoException) => {
      if (copyError.code !== 'ENOENT') throw copyError;
    });
  }
  return existsSync(to);
}

/** Every media file there is right now (half-written `.name.part` uploads left out). */
async function mediaFiles(mediaDir: string): Promise<string[]> {
  const users = await readdir(mediaDir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const user of users.filter((entry) => entry.isDirectory())) {
    // A folder can vanish meanwhile: its account was deleted.
    const names = await readdir(path.join(mediaDir, user.name)).catch(() => []);
    for (const name of names) if (FILE_NAME.test(name)) files.push(path.join(user.name, name));
  }
  return files;
}

/** `<user id>/<file>` of every media file the posts of a database file refer to. */
function mediaReferences(databaseFile: string): string[] {
  const database = new BetterSqlite3(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const rows = database.prepare(`select "userId", media from posts where media <> '[]'`).all() as { userId: string; media: string }[];
    return rows.flatMap((row) =>
      (JSON.parse(row.media) as { url: string }[])
        .map((item) => item.url.slice(MEDIA_URL_PREFIX.length))
        .filter((name) => FILE_NAME.test(name))
        // mediaFolder refuses a user id that could name another folder.
        .map((name) => path.join(mediaFolder('', row.userId), name)),
    );
  } finally {
    database.close();
  }
}

function vacuumInto(source: string, target: string): void {
  const database = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    database.prepare('vacuum into ?').run(target);
  } finally {
    database.close();
  }
}

/** Copies the database and pins the media it refers to; returns those media. */
async function copySqlite(databaseFile: string, mediaDir: string, staging: string, copy: string, hooks: BackupHooks): Promise<string[]> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    for (const file of await mediaFiles(mediaDir)) await pin(path.join(mediaDir, file), path.join(staging, file));
    await rm(copy, { force: true });
    vacuumInto(databaseFile, copy);
    await chmod(copy, 0o600);
    await hooks.afterDatabaseCopy?.();
    const referenced = mediaReferences(copy);
    let complete = true;
    for (const file of referenced) if (!(await pin(path.join(mediaDir, file), path.join(staging, file)))) complete = false;
    if (complete) return referenced;
  }
  throw new Error(`media files kept disappearing while the database was copied (${ATTEMPTS} attempts); please try again`);
}

/** Writes the backup into `target`, which must be empty or not exist yet. */
export async function backupDataDir(config: Config, target: string, hooks: BackupHooks = {}): Promise<BackupResult> {
  if ((await readdir(target).catch(() => [])).length > 0) throw new Error(`${target} is not empty; choose a new folder`);
  await mkdir(target, { recursive: true, mode: 0o700 });
  await chmod(target, 0o700);
  const mediaDir = path.join(config.dataDir, 'media');
  // In DATA_DIR, so hard links to the media work; mkdtemp makes it 0700.
  const staging = await mkdtemp(path.join(config.dataDir, '.backup-'));
  let files: string[];
  try {
    if (config.database.kind === 'sqlite') {
      files = await copySqlite(config.database.file, mediaDir, staging, path.join(target, 'planner.db'), hooks);
    } else {
      // pg_dump runs outside this script, so every file there is now is kept.
      files = await mediaFiles(mediaDir);
      for (const file of files) await pin(path.join(mediaDir, file), path.join(staging, file));
    }
    for (const file of files) await copyPrivate(path.join(staging, file), path.join(target, 'media', file));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const secretFile = path.join(config.dataDir, 'auth-secret');
  const authSecret = existsSync(secretFile);
  if (authSecret) await copyPrivate(secretFile, path.join(target, 'auth-secret'));
  const unsealsConnections = authSecret && (await readFile(secretFile, 'utf8')).trim() === config.publishing.encryptionKey;
  const notes = [
    `Content Planner backup of ${config.dataDir}`,
    `made ${new Date().toISOString()}`,
    `database: ${config.database.kind}`,
    config.media.kind === 's3'
      ? `media files: in the S3 bucket ${config.media.bucket} (prefix media/), not in this backup; copy the bucket as well`
      : `media files: ${files.length}`,
    authSecret ? 'session secret: auth-secret' : 'session secret: not included (AUTH_SECRET is set in the environment)',
    connectionsNote(config, unsealsConnections),
  ];
  await writeFile(path.join(target, 'BACKUP.txt'), `${notes.join('\n')}\n`, { mode: 0o600 });
  return { mediaFiles: files, authSecret, unsealsConnections };
}

/** copyFile keeps the source's mode; a backup is the owner's only. */
async function copyPrivate(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  await copyFile(from, to);
  await chmod(to, 0o600);
}
