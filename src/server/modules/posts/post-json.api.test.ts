import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '@shared/networks';
import { openServiceHarness, type ServiceHarness } from '@testing/service-harness';
import { noonOf } from '@testing/factories';
import { createPostRepository } from './post-repository';

// The month screen's posts are JSON written by the database (post-json-repository.ts); every other read maps
// rows in JavaScript (toPost). Both must say the same of every kind of post, on SQLite and PostgreSQL.
let harness: ServiceHarness;
beforeAll(async () => {
  harness = await openServiceHarness();
});
afterAll(async () => harness.close());

const month = { year: 2031, month: 3 };
const later = '2031-02-01T00:00:00.000Z';

describe("the month screen's posts", () => {
  it('are the posts every other read returns, field for field and in the same order', async () => {
    const userId = await harness.createUser();
    const { factories } = harness;
    await factories.month(userId, month);
    const scheduled = await factories.post(userId, month, {
      date: noonOf(month, 5),
      platform: PLATFORMS[2],
      content: 'Quotes " and \\ backslashes,\nnew lines, tabs\t, a bell \u0007, accents é and emoji 🦷 \u2028',
      hashtags: JSON.stringify(['#Smile', '#Dents "quoted"']),
      media: JSON.stringify([
        { type: 'image', url: '/media/a.png' },
        { type: 'document', url: '/media/b.pdf' },
        'not an item',
        { type: 'video', url: '/media/c.mp4', extra: { nested: [1, 2] } },
      ]),
      event: JSON.stringify({ kind: 'offer', title: 'Free check-up', startDate: '2031-03-05', endDate: '2031-03-09' }),
      approval: 'approved',
      version: 7,
    });
    await factories.delivery(scheduled, { timeOfDay: '10:30', platform: PLATFORMS[3] });
    const cancelled = await factories.post(userId, month, { date: noonOf(month, 5), createdAt: later, evergreen: 1 });
    await factories.delivery(cancelled, { status: 'cancelled' });
    const evergreenCopy = await factories.post(userId, month, { date: noonOf(month, 1), evergreenOf: cancelled.id, approval: 'rejected' });
    await factories.delivery(evergreenCopy, { status: 'sent', timeOfDay: '08:00' });
    // JSON that is not what it should be (an object for a list, a list for an event) reads as empty, as toPost reads it.
    await factories.post(userId, month, { date: noonOf(month, 9), hashtags: '{"not":"a list"}', media: '"text"', event: '[1, 2]' });
    // Same day and creation: the id decides, as it does for every read.
    await factories.post(userId, month, { id: 'b-same-moment', date: noonOf(month, 20), createdAt: later });
    await factories.post(userId, month, { id: 'a-same-moment', date: noonOf(month, 20), createdAt: later });
    // Another user's post in a month of the same id is not this month's.
    const stranger = await harness.createUser();
    await factories.month(stranger, month);
    await factories.post(stranger, month, { content: 'Not yours' });

    const expected = await createPostRepository(harness.database.db).listByMonth(userId, '2031-3');
    expect(expected).toHaveLength(6);
    const detail = await harness.services.months.get(userId, '2031-3');
    expect(detail.posts).toEqual(expected);
    expect(detail.posts.map((post) => Object.keys(post))).toEqual(expected.map((post) => Object.keys(post)));
    expect(detail).toMatchObject({ id: '2031-3', postCount: 6, keptPostCount: 2 });
    expect(detail.posts[0]!.status).toBe('scheduled');
    expect(detail.posts.find((post) => post.id === scheduled.id)!.media).toEqual([
      { type: 'image', url: '/media/a.png' },
      { type: 'video', url: '/media/c.mp4', extra: { nested: [1, 2] } },
    ]);
  });

  it('read stored text that is not JSON as empty, as toPost does', async () => {
    const userId = await harness.createUser();
    await harness.factories.month(userId, month);
    await harness.factories.post(userId, month, { hashtags: 'not json', media: '[{"type":', event: 'not json' });
    const expected = await createPostRepository(harness.database.db).listByMonth(userId, '2031-3');
    expect(expected[0]).toMatchObject({ hashtags: [], media: [], event: null });
    expect((await harness.services.months.get(userId, '2031-3')).posts).toEqual(expected);
  });

  it('are an empty list for a month without posts', async () => {
    const userId = await harness.createUser();
    await harness.factories.month(userId, month);
    const text = await harness.services.months.read(userId, '2031-3');
    expect(JSON.parse(text)).toMatchObject({ id: '2031-3', posts: [], postCount: 0 });
  });
});
