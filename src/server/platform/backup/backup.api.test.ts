import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createSecretBox, UnreadableCredentials } from '../../modules/publishing/secret-box';
import { runBackupScript } from '@testing/backup-script';
import { TINY_PNG } from '@testing/fixtures';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { startServerProcess, type ServerProcess } from '@testing/server-process';
import { onboardedClient, TEST_PASSWORD, TestClient, read } from '@testing/test-client';
import { TEST_DB_KIND } from '@testing/test-database';
import { startTestServer } from '@testing/test-server';
import { backupDataDir } from './backup';

const { targetId: target, day } = nextMonthTarget();
/** The session secret comes from DATA_DIR/auth-secret, as in a default install (the harness sets AUTH_SECRET otherwise). */
const SECRET_IN_DATA_DIR = { AUTH_SECRET: '' };

const folders: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Restores as docs/operations.md says: the backup's files into an empty DATA_DIR, then start. */
function restore(backupDir: string): Promise<ServerProcess> {
  const dataDir = tempDir('planner-restored-');
  cpSync(backupDir, dataDir, { recursive: true });
  return startServerProcess({ DATA_DIR: dataDir, ...SECRET_IN_DATA_DIR });
}

/** The month's posts as `cookie`'s user sees them on `url`, after checking every media file is served whole. */
async function postsWithTheirMedia(url: string, cookie: string): Promise<{ id: string; media: { url: string }[] }[]> {
  const response = await fetch(`${url}/api/months/${target}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const { posts } = (await response.json()) as { posts: { id: string; content: string; media: { url: string }[] }[] };
  for (const post of posts) {
    for (const item of post.media) {
      const file = await fetch(`${url}${item.url}`, { headers: { cookie } });
      expect(file.status, `${post.content}: ${item.url}`).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    }
  }
  return posts;
}

/** One user writing without pause: each round a post with two pictures, the first removed again. */
function keepWriting(client: TestClient) {
  const state = { rounds: 0, created: [] as string[], stopped: false };
  const done = (async () => {
    for (let round = 1; !state.stopped && round <= 150; round += 1) {
      const post = await addPost(client, { date: day(1 + (round % 28)), platform: 'instagram', type: 'image', content: `Round ${round}` });
      await client.uploadMedia(post.id, TINY_PNG, 'first.png', 'image/png');
      const media = (await client.uploadMedia(post.id, TINY_PNG, 'second.png', 'image/png')).body.media;
      expect(
        (await read(client.api.posts[':postId'].media[':fileId'].$delete({ param: { postId: post.id, fileId: media[0]!.url.split('/').pop()! } }))).status,
      ).toBe(200);
      state.created.push(post.id);
      state.rounds = round;
    }
  })();
  return {
    state,
    stop: async () => {
      state.stopped = true;
      await done;
    },
  };
}

// Two server processes and a backup each: slow to start on a busy machine.
describe.runIf(TEST_DB_KIND === 'sqlite')('backup and restore (SQLite)', { timeout: 120_000 }, () => {
  it('backs up a server that keeps writing; the restored copy has every earlier post, serves all their media and keeps sessions', async () => {
    const dataDir = tempDir('planner-live-');
    const backupDir = path.join(tempDir('planner-backup-'), 'copy');
    const live = await startServerProcess({ DATA_DIR: dataDir, ...SECRET_IN_DATA_DIR });
    const users: { client: TestClient; email: string }[] = [];
    for (let i = 0; i < 2; i += 1) {
      const client = await onboardedClient(live.url);
      users.push({ client, email: (await read(client.api.me.$get())).body.user.email });
      await read(client.api.workspace.$get());
    }
    const writers = users.map((user) => keepWriting(user.client));
    const rounds = () => writers.reduce((sum, writer) => sum + writer.state.rounds, 0);
    let before: string[][];
    try {
      await until(() => writers.every((writer) => writer.state.rounds >= 3));
      before = writers.map((writer) => [...writer.state.created]);
      const roundsBefore = rounds();
      const backup = await runBackupScript({ DATA_DIR: dataDir, ...SECRET_IN_DATA_DIR }, backupDir);
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backup written to ${backupDir}`);
      expect(backup.stdout).toContain('ENCRYPTION_KEY is not set, so auth-secret in this backup opens every saved connection token');
      expect(rounds(), 'the server kept writing while the backup ran').toBeGreaterThan(roundsBefore);
    } finally {
      await Promise.all(writers.map((writer) => writer.stop()));
      await live.stop();
    }

    const restored = await restore(backupDir);
    try {
      let mediaServed = 0;
      for (const [index, user] of users.entries()) {
        // The cookie from before the backup still works: same secret, same session.
        const posts = await postsWithTheirMedia(restored.url, user.client.cookieHeader());
        expect(posts.map((post) => post.id)).toEqual(expect.arrayContaining(before[index]!));
        mediaServed += posts.reduce((sum, post) => sum + post.media.length, 0);
        expect((await new TestClient(restored.url).signIn(user.email, TEST_PASSWORD)).status).toBe(200);
      }
      expect(mediaServed).toBeGreaterThanOrEqual(before.flat().length);
    } finally {
      await restored.stop();
    }
  });

  it('keeps a media file the server deletes right after the database was copied', async () => {
    const dataDir = tempDir('planner-live-');
    const backupDir = path.join(tempDir('planner-backup-'), 'copy');
    const live = await startServerProcess({ DATA_DIR: dataDir, ...SECRET_IN_DATA_DIR });
    const client = await onboardedClient(live.url);
    await read(client.api.workspace.$get());
    const post = await addPost(client, { date: day(4), platform: 'linkedin', type: 'image', content: 'With a picture' });
    const fileId = (await client.uploadMedia(post.id, TINY_PNG, 'a.png', 'image/png')).body.media[0]!.url.split('/').pop()!;
    let databaseCopies = 0;
    try {
      await backupDataDir(loadConfig({ DATA_DIR: dataDir, ...SECRET_IN_DATA_DIR }), backupDir, {
        afterDatabaseCopy: async () => {
          databaseCopies += 1;
          if (databaseCopies === 1)
            // Deleted from the media library (taking it off the post): the file goes now.
            expect((await client.delete(`/api/library/${fileId}?confirm=true`)).status).toBe(204);
        },
      });
    } finally {
      await live.stop();
    }
    expect(existsSync(path.join(dataDir, 'media', client.userId, fileId))).toBe(false);
    expect(databaseCopies).toBe(1);

    const restored = await restore(backupDir);
    try {
      const posts = await postsWithTheirMedia(restored.url, client.cookieHeader());
      expect(posts.find((candidate) => candidate.id === post.id)?.media).toEqual([expect.objectContaining({ url: `/api/media/${fileId}` })]);
    } finally {
      await restored.stop();
    }
  });
});

describe('what BACKUP.txt says about the key of the saved connection credentials', () => {
  /** A server whose session secret is DATA_DIR/auth-secret, one webhook connection, and a backup of it. */
  async function backupWithConnection(env: Record<string, string>) {
    const server = await startTestServer({ ...SECRET_IN_DATA_DIR, PUBLISH_ALLOW_PRIVATE_URLS: 'true', ...env });
    try {
      const client = await onboardedClient(server.url);
      const created = await read(client.api.connections.$post({ json: { kind: 'webhook', name: 'Hook', url: 'http://127.0.0.1:9/hook', networks: [] } }));
      const { credentials } = await server.database.db.selectFrom('connections').select('credentials').executeTakeFirstOrThrow();
      const backupDir = path.join(tempDir('planner-backup-'), 'copy');
      const result = await backupDataDir(server.config, backupDir);
      const notes = readFileSync(path.join(backupDir, 'BACKUP.txt'), 'utf8');
      const openWithBackup = () => createSecretBox(readFileSync(path.join(backupDir, 'auth-secret'), 'utf8').trim()).open(credentials);
      return { backupDir, result, notes, openWithBackup, signingSecret: created.body.signingSecret };
    } finally {
      await server.close();
    }
  }

  it('without ENCRYPTION_KEY, warns that its auth-secret opens every saved connection token, as it does', async () => {
    const { result, notes, openWithBackup, signingSecret } = await backupWithConnection({});
    expect(result.unsealsConnections).toBe(true);
    expect(notes).toContain('connection credentials: sealed under auth-secret, which is in this backup (ENCRYPTION_KEY is not set)');
    expect(notes).toContain('set ENCRYPTION_KEY, kept apart from backups');
    expect(openWithBackup()).toMatchObject({ secret: signingSecret });
  });

  it('with ENCRYPTION_KEY, says the key is not in the backup, and its auth-secret opens nothing', async () => {
    const key = 'kept-apart-kept-apart-kept-apart-0123456789';
    const { backupDir, result, notes, openWithBackup } = await backupWithConnection({ ENCRYPTION_KEY: key });
    expect(result.unsealsConnections).toBe(false);
    expect(notes).toContain('connection credentials: sealed under ENCRYPTION_KEY, which is not in this backup. Keep it apart from backups');
    expect(openWithBackup).toThrow(UnreadableCredentials);
    const files = readdirSync(backupDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    for (const file of files) expect(readFileSync(path.join(file.parentPath, file.name)).includes(key), file.name).toBe(false);
  });
});
