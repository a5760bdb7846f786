import { describe, expect, it } from 'vitest';
import { buildLocalPost } from '../../testing/google/local-posts';
import { postEventSchema, type PostEvent } from '../schemas/post';
import { localPostDate, localPostTopic } from './google-local-post';

const PARENT = 'accounts/1/locations/2';
const offer = postEventSchema.parse({
  kind: 'offer',
  title: '10% off whitening',
  startDate: '2026-12-01',
  endDate: '2026-12-24',
  couponCode: 'SMILE10',
  redeemUrl: 'https://brightsmile.example/offer',
  terms: 'One per patient.',
});
const openDay: PostEvent = { kind: 'event', title: 'Open day', startDate: '2026-12-05', endDate: '2026-12-05' };
const learnMore = { actionType: 'LEARN_MORE' as const, url: 'https://brightsmile.example' };

/** What Google's stand-in makes of a LocalPost with this topic (it refuses what localPosts.create refuses). */
const created = (topic: object) => buildLocalPost({ languageCode: 'en-US', summary: 'Fresh smiles this week.', ...topic }, PARENT, 'place', new Date());

describe('localPostTopic', () => {
  it('makes an update a STANDARD post with its button', async () => {
    const topic = localPostTopic(null, learnMore);
    expect(topic).toEqual({ topicType: 'STANDARD', callToAction: learnMore });
    expect(await created(topic)).toMatchObject({ topicType: 'STANDARD', callToAction: learnMore });
  });

  it('makes an event an EVENT post with its title and days, keeping the button', async () => {
    const topic = localPostTopic(openDay, learnMore);
    expect(topic).toEqual({
      topicType: 'EVENT',
      event: { title: 'Open day', schedule: { startDate: { year: 2026, month: 12, day: 5 }, endDate: { year: 2026, month: 12, day: 5 } } },
      callToAction: learnMore,
    });
    expect((await created(topic)).event).toEqual(topic.event);
  });

  it('makes an offer an OFFER post with its event, code, link and terms, and no button (Google ignores it there)', async () => {
    const topic = localPostTopic(offer, learnMore);
    expect(topic).toEqual({
      topicType: 'OFFER',
      event: { title: '10% off whitening', schedule: { startDate: { year: 2026, month: 12, day: 1 }, endDate: { year: 2026, month: 12, day: 24 } } },
      offer: { couponCode: 'SMILE10', redeemOnlineUrl: 'https://brightsmile.example/offer', termsConditions: 'One per patient.' },
    });
    expect(await created(topic)).toMatchObject({ topicType: 'OFFER', offer: topic.offer, event: topic.event });
  });

  it('sends only what an offer has: no empty offer object', async () => {
    const bare = postEventSchema.parse({ kind: 'offer', title: 'Winter sale', startDate: '2026-12-26', endDate: '2027-01-02', couponCode: '  ' });
    const topic = localPostTopic(bare);
    expect(topic).toEqual({
      topicType: 'OFFER',
      event: { title: 'Winter sale', schedule: { startDate: { year: 2026, month: 12, day: 26 }, endDate: { year: 2027, month: 1, day: 2 } } },
    });
    expect((await created(topic)).topicType).toBe('OFFER');
  });

  it('reads a calendar day as google.type.Date', () => {
    expect(localPostDate('2027-02-28')).toEqual({ year: 2027, month: 2, day: 28 });
  });
});

describe('postEventSchema', () => {
  const issues = (value: unknown) =>
    postEventSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

  it('refuses an end before the start, a day that does not exist, a blank title and offer fields on an event', () => {
    expect(issues({ ...openDay, endDate: '2026-12-04' })).toEqual([{ path: 'endDate', message: 'The end cannot be before the start.' }]);
    expect(issues({ ...openDay, startDate: '2026-02-30' }).map((issue) => issue.path)).toEqual(['startDate']);
    expect(issues({ ...openDay, title: '   ' }).map((issue) => issue.path)).toEqual(['title']);
    expect(issues({ ...openDay, couponCode: 'X' })).toEqual([{ path: 'couponCode', message: 'Only an offer has a code, a link and terms.' }]);
    expect(issues({ ...openDay, kind: 'sale' }).map((issue) => issue.path)).toEqual(['kind']);
    expect(issues({ ...openDay, colour: 'red' }).length).toBe(1);
  });

  it('bounds every text and wants a full web address for the link', () => {
    expect(issues({ ...offer, title: 'x'.repeat(101) }).map((issue) => issue.path)).toEqual(['title']);
    expect(issues({ ...offer, couponCode: 'x'.repeat(61) }).map((issue) => issue.path)).toEqual(['couponCode']);
    expect(issues({ ...offer, terms: 'x'.repeat(1001) }).map((issue) => issue.path)).toEqual(['terms']);
    expect(issues({ ...offer, redeemUrl: 'brightsmile.example/offer' }).map((issue) => issue.path)).toEqual(['redeemUrl']);
    expect(issues({ ...offer, redeemUrl: `https://a.example/${'x'.repeat(500)}` }).map((issue) => issue.path)).toEqual(['redeemUrl']);
    expect(issues({ ...offer, title: 'x'.repeat(100), couponCode: 'x'.repeat(60), terms: 'x'.repeat(1000) })).toEqual([]);
  });

  it('reads a cleared field as not given, and an end on the start day as fine', () => {
    expect(postEventSchema.parse({ ...openDay, couponCode: '', redeemUrl: ' ', terms: '' })).toEqual(openDay);
    expect(postEventSchema.parse({ ...offer, title: '  Spaced  ' }).title).toBe('Spaced');
  });
});
