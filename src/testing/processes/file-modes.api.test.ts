import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBackupScript } from '../backup-script';
import { TINY_PNG } from '../fixtures';
import { startServerProcess } from '../server-process';
import { onboardedClient, read } from '../test-client';
import { addPost } from '../month-posts';
import { createTestDatabase, databaseEnv } from '../test-database';

const modes = (paths: string[]) => Object.fromEntries(paths.map((file) => [file, (statSync(file).mode & 0o777).toString(8)]));
const all = (paths: string[], mode: string) => Object.fromEntries(paths.map((file) => [file, mode]));

describe('files the server and the backup write', { timeout: 120_000 }, () => {
  it('are readable by their owner only: DATA_DIR, the database with its WAL files, media, the session secret, backups', async () => {
    const testDb = await createTestDatabase();
    const parent = mkdtempSync(path.join(tmpdir(), 'planner-modes-'));
    // The server makes DATA_DIR itself, and the session secret in it.
    const dataDir = path.join(parent, 'data');
    const backupDir = path.join(parent, 'backup');
    const env = { DATA_DIR: dataDir, AUTH_SECRET: '', ...databaseEnv(testDb.database) };
    const server = await startServerProcess(env);
    try {
      const client = await onboardedClient(server.url);
      await read(client.api.workspace.$get());
      const post = await addPost(client, { type: 'image', content: 'Private' });
      expect((await client.uploadMedia(post.id, TINY_PNG, 'a.png', 'image/png')).status).toBe(201);
      const backup = await runBackupScript(env, backupDir);
      expect(backup.status, backup.stderr).toBe(0);

      const media = path.join(dataDir, 'media', client.userId);
      const [file] = readdirSync(media);
      const folders = [dataDir, path.dirname(media), media, backupDir, path.join(backupDir, 'media'), path.join(backupDir, 'media', client.userId)];
      const files = [
        path.join(dataDir, 'auth-secret'),
        path.join(media, file!),
        path.join(backupDir, 'auth-secret'),
        path.join(backupDir, 'media', client.userId, file!),
        path.join(backupDir, 'BACKUP.txt'),
      ];
      // SQLite's -wal and -shm exist while the server runs.
      if (testDb.database.kind === 'sqlite')
        files.push(...['planner.db', 'planner.db-wal', 'planner.db-shm'].map((name) => path.join(dataDir, name)), path.join(backupDir, 'planner.db'));
      expect(modes(folders)).toEqual(all(folders, '700'));
      expect(modes(files)).toEqual(all(files, '600'));
    } finally {
      await server.stop();
      await testDb.drop();
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
