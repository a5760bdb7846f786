import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '@testing/test-clock';
import { openServiceHarness, type ServiceHarness } from '@testing/service-harness';
import { ARCHIVED_MESSAGE } from '../months/access';
import { STALE_MESSAGE } from '../months/access';
import { ARCHIVED_REWRITE_MESSAGE } from './post-service';

// The post rules called directly, over real repositories on the test database (SQLite or PostgreSQL).
const VERSIONS_MAX = 3;
const clock = createTestClock('2031-01-15T12:00:00.000Z', { tickMs: 1000 });
let harness: ServiceHarness;
beforeAll(async () => {
  harness = await openServiceHarness({ env: { VERSIONS_PER_POST: String(VERSIONS_MAX) }, now: clock.now });
});
afterAll(async () => harness.close());

/** A user with a manual post on 10 January 2031, in the current month. */
async function userWithPost(content = 'Text 0') {
  const userId = await harness.createUser();
  await harness.services.months.workspace(userId);
  const post = await harness.services.posts.create(userId, '2031-1', {
    mode: 'manual',
    date: '2031-01-10',
    platform: 'linkedin',
    type: 'text',
    content,
    hashtags: [],
    mediaPrompt: '',
  });
  return { userId, post };
}

const storedVersions = async (postId: string) =>
  (await harness.database.db.selectFrom('post_versions').select('content').where('postId', '=', postId).orderBy('createdAt').execute()).map(
    (row) => row.content,
  );

describe('the version check', () => {
  it('saves an edit made on the latest version and refuses one made on an older version, keeping the first', async () => {
    const { userId, post } = await userWithPost();
    expect(post.version).toBe(1);
    const first = await harness.services.posts.update(userId, post.id, { version: 1, content: 'Tab one' });
    expect(first).toMatchObject({ content: 'Tab one', version: 2 });
    await expect(harness.services.posts.update(userId, post.id, { version: 1, content: 'Tab two' })).rejects.toMatchObject({
      code: 'stale_version',
      message: STALE_MESSAGE,
    });
    await expect(
      harness.services.posts.restore(userId, post.id, (await harness.services.posts.versions(userId, post.id, { limit: 10 })).versions[0]!.id, 1),
    ).rejects.toMatchObject({ code: 'stale_version' });
    expect(await harness.services.posts.get(userId, post.id)).toMatchObject({ content: 'Tab one', version: 2 });
    expect(await storedVersions(post.id)).toEqual(['Text 0']);
  });
});

describe('a post in an archived month', () => {
  it('refuses an edit, a rewrite and a restore, and keeps its text and versions', async () => {
    const userId = await harness.createUser();
    const past = { year: 2030, month: 12 };
    await harness.factories.month(userId, past);
    const post = await harness.factories.post(userId, past, { content: 'Old', version: 2 });
    const [version] = await harness.factories.versions(userId, post.id, ['Older']);
    await expect(harness.services.posts.update(userId, post.id, { version: 2, content: 'New' })).rejects.toMatchObject({
      code: 'archived',
      message: ARCHIVED_MESSAGE,
    });
    await expect(harness.services.posts.rewrite(userId, post.id, { version: 2, instructions: 'shorter' })).rejects.toMatchObject({
      code: 'archived',
      message: ARCHIVED_REWRITE_MESSAGE,
    });
    await expect(harness.services.posts.restore(userId, post.id, version!.id, 2)).rejects.toMatchObject({ code: 'archived' });
    expect(await harness.services.posts.get(userId, post.id)).toMatchObject({ content: 'Old', version: 2 });
    expect(await storedVersions(post.id)).toEqual(['Older']);
  });

  it('refuses a new post, and the month keeps no post', async () => {
    const userId = await harness.createUser();
    await harness.factories.month(userId, { year: 2030, month: 12 });
    await expect(
      harness.services.posts.create(userId, '2030-12', {
        mode: 'manual',
        date: '2030-12-05',
        platform: 'twitter',
        type: 'text',
        content: 'x',
        hashtags: [],
        mediaPrompt: '',
      }),
    ).rejects.toMatchObject({
      code: 'archived',
    });
    expect((await harness.services.months.get(userId, '2030-12')).posts).toEqual([]);
  });
});

describe(`versions per post (VERSIONS_PER_POST=${VERSIONS_MAX})`, () => {
  it(`keeps the newest ${VERSIONS_MAX} earlier texts, dropping the oldest as each edit adds one`, async () => {
    const { userId, post } = await userWithPost();
    for (let edit = 1; edit <= 5; edit += 1) await harness.services.posts.update(userId, post.id, { version: edit, content: `Text ${edit}` });
    expect(await storedVersions(post.id)).toEqual(['Text 2', 'Text 3', 'Text 4']);
    const page = await harness.services.posts.versions(userId, post.id, { limit: 20 });
    expect(page).toMatchObject({ total: VERSIONS_MAX, nextCursor: null });
    expect(page.versions.map((version) => version.content)).toEqual(['Text 4', 'Text 3', 'Text 2']);
  });

  it('prunes versions the post already had, and a restore counts as a change', async () => {
    const { userId, post } = await userWithPost('Current');
    const seeded = await harness.factories.versions(userId, post.id, ['Oldest', 'Older', 'Old']);
    await harness.services.posts.restore(userId, post.id, seeded[0]!.id, 1);
    expect(await harness.services.posts.get(userId, post.id)).toMatchObject({ content: 'Oldest', version: 2 });
    expect(await storedVersions(post.id)).toEqual(['Older', 'Old', 'Current']);
  });

  it('adds no version when only the date changes', async () => {
    const { userId, post } = await userWithPost();
    await harness.services.posts.update(userId, post.id, { version: 1, date: '2031-01-20T12:00:00Z' });
    expect(await storedVersions(post.id)).toEqual([]);
  });
});
