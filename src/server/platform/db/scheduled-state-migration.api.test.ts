import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createAuth, migrateAuthTables } from '@server/platform/auth';
import { createLogger } from '@server/platform/logger';
import { createPostRepository } from '@server/modules/posts/post-repository';
import { TEST_PASSWORD } from '@testing/test-client';
import { createTestDatabase, type TestDatabase } from '@testing/test-database';
import { openDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';

/**
 * 0015 moves the scheduled state from posts to deliveries: a database as 0014 left it, with posts in
 * every state it knew, reads the same through the post repository once migrated.
 */
interface Then {
  posts: Record<string, unknown> & { id: string };
  deliveries: Record<string, unknown> & { id: string };
  profiles: Record<string, unknown>;
  months: Record<string, unknown>;
}

let testDb: TestDatabase;
let database: DatabaseHandle;
let userId: string;
const ids = {
  waiting: randomUUID(),
  unscheduled: randomUUID(),
  sentThenUnscheduled: randomUUID(),
  pastNoDelivery: randomUUID(),
  aheadNoDelivery: randomUUID(),
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...(testDb.database.kind === 'postgres' ? { DATABASE_URL: testDb.database.url } : {}),
  });
  database = openDatabase(config.database);
  const auth = createAuth(config, database, createLogger('silent'));
  await migrateAuthTables(auth);
  await migrateToLatest(database.db, '0014-delivery-sent-at');
  userId = (await auth.api.signUpEmail({ body: { email: `user-${randomBytes(5).toString('hex')}@example.com`, password: TEST_PASSWORD, name: '' } })).user.id;

  const db = database.db as unknown as Kysely<Then>;
  const at = '2030-01-01T00:00:00.000Z';
  await db.insertInto('profiles').values({ userId, timeZone: 'Europe/Berlin' }).execute();
  await db.insertInto('months').values({ userId, id: '2031-6', name: 'June', year: 2031, month: 6, createdAt: at, updatedAt: at }).execute();
  await db.insertInto('months').values({ userId, id: '2020-6', name: 'June', year: 2020, month: 6, createdAt: at, updatedAt: at }).execute();
  const post = (id: string, date: string, schedule: { platform: string; time: string } | null) => ({
    id,
    userId,
    monthId: date.slice(0, 4) === '2020' ? '2020-6' : '2031-6',
    date: `${date}T12:00:00Z`,
    platform: 'facebook',
    content: id,
    type: 'text',
    status: schedule ? 'scheduled' : 'draft',
    scheduledPlatform: schedule?.platform ?? null,
    scheduledTime: schedule?.time ?? null,
    createdAt: at,
    updatedAt: at,
  });
  const delivery = (postId: string, platform: string, status: string, dueAt: string) => ({
    id: `msg_${randomUUID().replaceAll('-', '')}`,
    userId,
    postId,
    platform,
    status,
    dueAt,
    nextAttemptAt: dueAt,
    attempts: 0,
    createdAt: at,
    updatedAt: at,
  });
  await db
    .insertInto('posts')
    .values([
      post(ids.waiting, '2031-06-10', { platform: 'linkedin', time: '10:30' }),
      post(ids.unscheduled, '2031-06-11', null),
      post(ids.sentThenUnscheduled, '2031-06-12', null),
      post(ids.pastNoDelivery, '2020-06-12', { platform: 'instagram', time: '08:15' }),
      post(ids.aheadNoDelivery, '2031-06-13', { platform: 'twitter', time: '18:00' }),
    ])
    .execute();
  await db
    .insertInto('deliveries')
    .values([
      delivery(ids.waiting, 'linkedin', 'scheduled', '2031-06-10T08:30:00.000Z'),
      delivery(ids.unscheduled, 'facebook', 'cancelled', '2031-06-11T07:00:00.000Z'),
      delivery(ids.sentThenUnscheduled, 'facebook', 'published', '2031-06-12T07:45:00.000Z'),
    ])
    .execute();
  expect(await migrateToLatest(database.db)).toContain('0015-scheduled-state-in-deliveries');
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

const deliveryOf = (postId: string) => database.db.selectFrom('deliveries').selectAll().where('postId', '=', postId).executeTakeFirstOrThrow();
const postOf = async (postId: string) => (await createPostRepository(database.db).find(userId, postId))!;

describe('0015: the scheduled state moves to the delivery', () => {
  it('gives a waiting delivery its post’s time of day, and the post reads as it did', async () => {
    expect(await deliveryOf(ids.waiting)).toMatchObject({ status: 'scheduled', timeOfDay: '10:30', dueAt: '2031-06-10T08:30:00.000Z' });
    expect(await postOf(ids.waiting)).toMatchObject({ status: 'scheduled', scheduledPlatform: 'linkedin', scheduledTime: '10:30', content: ids.waiting });
  });

  it('leaves an unscheduled post a draft with its cancelled delivery', async () => {
    expect(await deliveryOf(ids.unscheduled)).toMatchObject({ status: 'cancelled' });
    expect(await postOf(ids.unscheduled)).toMatchObject({ status: 'draft', scheduledPlatform: null, scheduledTime: null });
  });

  it('keeps a published delivery, timed from its instant on the user’s wall clock', async () => {
    expect(await deliveryOf(ids.sentThenUnscheduled)).toMatchObject({ status: 'published', timeOfDay: '09:45' });
    expect(await postOf(ids.sentThenUnscheduled)).toMatchObject({ status: 'scheduled', scheduledPlatform: 'facebook', scheduledTime: '09:45' });
  });

  it('gives a post scheduled without a delivery one that is never sent by itself: missed, with what to do, past or ahead', async () => {
    expect(await deliveryOf(ids.pastNoDelivery)).toMatchObject({
      status: 'missed',
      platform: 'instagram',
      timeOfDay: '08:15',
      dueAt: '2020-06-12T06:15:00.000Z',
    });
    expect(await postOf(ids.pastNoDelivery)).toMatchObject({ status: 'scheduled', scheduledPlatform: 'instagram', scheduledTime: '08:15' });
    expect(await deliveryOf(ids.aheadNoDelivery)).toMatchObject({
      status: 'missed',
      timeOfDay: '18:00',
      dueAt: '2031-06-13T16:00:00.000Z',
      reason: expect.stringContaining('choose Schedule Post again'),
    });
    expect(await postOf(ids.aheadNoDelivery)).toMatchObject({ status: 'scheduled', scheduledPlatform: 'twitter', scheduledTime: '18:00' });
  });

  it('drops the post’s own copies of the schedule', async () => {
    const row = await database.db.selectFrom('posts').selectAll().where('id', '=', ids.waiting).executeTakeFirstOrThrow();
    expect(Object.keys(row).filter((key) => ['status', 'scheduledPlatform', 'scheduledTime'].includes(key))).toEqual([]);
  });
});
