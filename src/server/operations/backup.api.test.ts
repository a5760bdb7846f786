import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '../../shared/domain/months';
import { startServerProcess } from '../testing/server-process';
import { onboardedClient, TestClient } from '../testing/test-client';
import { TEST_DB_KIND } from '../testing/test-database';
import { TINY_PNG } from '../testing/fixtures';

const target = monthId(nextMonth(currentMonth(new Date(), 'UTC')));
const ROOT = path.resolve(import.meta.dirname, '../../..');

describe.runIf(TEST_DB_KIND === 'sqlite')('backup and restore (SQLite)', () => {
  it('backs up a running server and restores the data as it was at the backup', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-live-'));
    const backupDir = path.join(mkdtempSync(path.join(tmpdir(), 'planner-backup-')), 'copy');
    const restoredDir = mkdtempSync(path.join(tmpdir(), 'planner-restored-'));
    const server = await startServerProcess({ DATA_DIR: dataDir });
    let email = '';
    try {
      const client = await onboardedClient(server.url);
      email = (await client.get('/api/me')).body.user.email;
      await client.get('/api/workspace');
      const post = (await client.post(`/api/months/${target}/posts`, { mode: 'manual', date: `${target.replace(/-(\d)$/, '-0$1')}-04`, platform: 'linkedin', type: 'image', content: 'Before the backup' })).body;
      await client.upload(`/api/posts/${post.id}/media`, TINY_PNG, 'a.png', 'image/png');

      // Online backup while the server keeps running.
      const backup = spawnSync('npm', ['run', 'backup', '--silent', '--', backupDir], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backup written to ${backupDir}`);
      await client.patch(`/api/posts/${post.id}`, { version: 1, content: 'After the backup' });
    } finally {
      await server.stop();
    }

    // Restore, as docs/operations.md says: copy planner.db and media/ into an empty DATA_DIR.
    cpSync(path.join(backupDir, 'planner.db'), path.join(restoredDir, 'planner.db'));
    cpSync(path.join(backupDir, 'media'), path.join(restoredDir, 'media'), { recursive: true });
    cpSync(path.join(dataDir, 'auth-secret'), path.join(restoredDir, 'auth-secret'));
    const restored = await startServerProcess({ DATA_DIR: restoredDir });
    try {
      const client = new TestClient(restored.url);
      expect((await client.signIn(email, 'correct-horse-battery-9')).status).toBe(200);
      const month = (await client.get(`/api/months/${target}`)).body;
      expect(month.posts).toHaveLength(1);
      expect(month.posts[0].content).toBe('Before the backup');
      expect((await client.get(month.posts[0].media[0].url)).status).toBe(200);
      expect(existsSync(path.join(restoredDir, 'media'))).toBe(true);
      expect(readdirSync(path.join(restoredDir, 'media'))).toHaveLength(1);
    } finally {
      await restored.stop();
      for (const dir of [dataDir, path.dirname(backupDir), restoredDir]) rmSync(dir, { recursive: true, force: true });
    }
  });
});
