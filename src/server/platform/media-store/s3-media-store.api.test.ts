import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { TINY_PNG } from '@testing/fixtures';
import { startS3Server, type S3Server } from '@testing/s3-server';
import { onboardedClient, read, errorOf } from '@testing/test-client';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { startTestServer } from '@testing/test-server';
import { createTestClock } from '@testing/test-clock';
import { createS3MediaStore, ORPHAN_MIN_AGE_MS } from './s3-media-store';

let s3: S3Server;
let incoming: string;
beforeAll(async () => {
  s3 = await startS3Server();
  incoming = mkdtempSync(path.join(tmpdir(), 'planner-incoming-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(incoming, { recursive: true, force: true });
});

function openStore(now: () => Date) {
  const { env } = s3;
  const config = {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  };
  return createS3MediaStore(config, incoming, now);
}

async function put(store: Awaited<ReturnType<typeof openStore>>, userId: string, fileId: string, bytes: string) {
  const local = await store.incoming(userId);
  writeFileSync(local, bytes);
  await store.save(userId, fileId, local, 'image/png');
}

const text = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer()).toString();

describe('media in an S3-compatible bucket (s3rver)', () => {
  it('stores a file whole, answers its size and any byte range, and removes it', async () => {
    const store = await openStore(() => new Date());
    await put(store, 'user1', 'a.png', '0123456789');
    expect(await store.size('user1', 'a.png')).toBe(10);
    expect(await text(await store.read('user1', 'a.png', 0, 9))).toBe('0123456789');
    expect(await text(await store.read('user1', 'a.png', 3, 5))).toBe('345');
    expect(await store.size('user2', 'a.png')).toBeUndefined();
    await store.remove('user1', 'a.png');
    expect(await store.size('user1', 'a.png')).toBeUndefined();
  });

  it('sweeps only files no post refers to that are older than a day, so uploads in progress on other instances stay', async () => {
    const clock = createTestClock(new Date());
    const store = await openStore(() => clock.now());
    await put(store, 'sweeper', 'kept.png', 'kept');
    await put(store, 'sweeper', 'orphan.png', 'orphan');
    const referenced = async (userId: string) => new Set(userId === 'sweeper' ? ['kept.png'] : []);
    // A file without a post yet, minutes old, may be an upload another instance is about to save.
    expect(await store.sweep(referenced)).toBe(0);
    expect(await store.size('sweeper', 'orphan.png')).toBe(6);
    clock.advance(ORPHAN_MIN_AGE_MS + 60_000);
    expect(await store.sweep(referenced)).toBeGreaterThanOrEqual(1);
    expect(await store.size('sweeper', 'orphan.png')).toBeUndefined();
    expect(await store.size('sweeper', 'kept.png')).toBe(4);
  });

  it("removes every file of a deleted account and no one else's", async () => {
    const store = await openStore(() => new Date());
    await put(store, 'leaving', 'one.png', '1');
    await put(store, 'leaving', 'two.png', '2');
    await put(store, 'staying', 'three.png', '3');
    await store.removeUser('leaving');
    expect(await store.size('leaving', 'one.png')).toBeUndefined();
    expect(await store.size('leaving', 'two.png')).toBeUndefined();
    expect(await store.size('staying', 'three.png')).toBe(1);
  });
});

describe('uploads with MEDIA_STORE=s3', () => {
  it('answers 503 with what to do when the bucket cannot be reached, and keeps nothing on the post', async () => {
    const server = await startTestServer({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:1' });
    try {
      const client = await onboardedClient(server.url);
      await read(client.api.workspace.$get());
      const month = monthId(nextMonth(currentMonth(new Date(), 'UTC')));
      const post = await addPost(client, { date: nextMonthTarget().day(6), type: 'image', content: 'With a picture' });
      const upload = await client.uploadMedia(post.id, TINY_PNG, 'tiny.png', 'image/png');
      expect(upload.status).toBe(503);
      expect(errorOf(upload).message).toBe('The file could not be stored right now. Please try again in a moment.');
      const posts = (await read(client.api.months[':id'].$get({ param: { id: month } }))).body.posts as { id: string; media: unknown[] }[];
      expect(posts.find((item) => item.id === post.id)?.media).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
