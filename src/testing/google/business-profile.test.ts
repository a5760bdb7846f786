import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_MP4, SAMPLE_PNG, jpegOfSize } from '../meta/media-host';
import { MEDIA_SAMPLES } from '../media-samples';
import { createTestClock } from '../test-clock';
import type { GoogleServer } from './google-server';
import { call, startStandIn, type MediaHost } from './stand-in-suite';

const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
let google: GoogleServer;
let media: MediaHost;
let close: () => Promise<void>;
let token: string;

beforeAll(async () => {
  ({ google, media, close } = await startStandIn({
    now: clock.now,
    redirectUris: [],
    files: {
      '/smile.jpg': { type: 'image/jpeg', bytes: jpegOfSize(1200, 900) },
      '/logo.png': { type: 'image/png', bytes: SAMPLE_PNG },
      '/clip.mp4': { type: 'video/mp4', bytes: SAMPLE_MP4 },
      '/anim.gif': { type: 'image/gif', bytes: MEDIA_SAMPLES.find((sample) => sample.label === 'GIF')!.bytes },
    },
  }));
  token = google.grant().accessToken;
});
afterAll(() => close());

const account = () => google.accounts.account.name;
const location = () => google.accounts.locations[0]!.name.replace('locations/', '');
const postsUrl = (loc = location()) => `${google.urls.myBusiness}/v4/${account()}/locations/${loc}/localPosts`;
const create = (json: unknown, as = token) => call(postsUrl(), { json, token: as });
const standard = (extra: Record<string, unknown> = {}) => ({ languageCode: 'en-US', summary: 'Fresh smiles this week.', topicType: 'STANDARD', ...extra });
const violation = (body: any) => body.error.details[0].fieldViolations[0].field as string;

describe('accounts and locations', () => {
  it('lists the person’s account; 401 without a token, 403 without business.manage', async () => {
    const listed = await call(`${google.urls.accountManagement}/v1/accounts`, { token });
    expect(listed.body.accounts).toEqual([expect.objectContaining({ name: account(), type: 'PERSONAL' })]);
    const missing = await call(`${google.urls.accountManagement}/v1/accounts`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('invalid_token');
    expect(missing.body.error.details[0].reason).toBe('CREDENTIALS_MISSING');
    const narrow = await call(`${google.urls.accountManagement}/v1/accounts`, { token: google.grant(['openid', 'email']).accessToken });
    expect(narrow.status).toBe(403);
    expect(narrow.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED', message: 'Request had insufficient authentication scopes.' });
    expect(narrow.body.error.details[0].reason).toBe('ACCESS_TOKEN_SCOPE_INSUFFICIENT');
  });

  it('answers the locations with the readMask fields only, pages them, and refuses a read without a mask', async () => {
    const base = `${google.urls.businessInformation}/v1/${account()}/locations`;
    const read = await call(`${base}?readMask=name,title,websiteUri,phoneNumbers`, { token });
    expect(read.status).toBe(200);
    expect(read.body.locations[0]).toEqual({
      name: google.accounts.locations[0]!.name,
      title: 'Bright Smile Dental',
      websiteUri: 'https://brightsmile.example/',
      phoneNumbers: { primaryPhone: '(555) 010-2000' },
    });
    expect(read.body.locations).toHaveLength(2);
    const paged = await call(`${base}?readMask=name&pageSize=1`, { token });
    expect(paged.body).toEqual({ locations: [{ name: google.accounts.locations[0]!.name }], nextPageToken: '1' });
    const second = await call(`${base}?readMask=name&pageSize=1&pageToken=1`, { token });
    expect(second.body).toEqual({ locations: [{ name: google.accounts.locations[1]!.name }] });
    const noMask = await call(base, { token });
    expect(noMask.status).toBe(400);
    expect(noMask.body.error.status).toBe('INVALID_ARGUMENT');
    expect(violation(noMask.body)).toBe('read_mask');
    expect((await call(`${base}?readMask=name,secrets`, { token })).status).toBe(400);
    expect((await call(`${google.urls.businessInformation}/v1/accounts/1/locations?readMask=name`, { token })).status).toBe(404);
  });
});

describe('local posts', () => {
  it('creates a post with a button and a photo Google fetched, answers its searchUrl, and reads it back', async () => {
    const before = media.fetched['/smile.jpg'] ?? 0;
    const cta = { actionType: 'LEARN_MORE', url: 'https://brightsmile.example/whitening' };
    const created = await create(standard({ callToAction: cta, media: [{ mediaFormat: 'PHOTO', sourceUrl: `${media.url}/smile.jpg` }] }));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ languageCode: 'en-US', summary: 'Fresh smiles this week.', callToAction: cta, state: 'LIVE', topicType: 'STANDARD' });
    expect(created.body.name).toMatch(new RegExp(`^${account()}/locations/${location()}/localPosts/\\d+$`));
    expect(created.body.searchUrl).toMatch(/^https:\/\/local\.google\.com\/place\?id=\d+&use=posts&lpsid=\d+$/);
    expect(created.body.media[0]).toMatchObject({ mediaFormat: 'PHOTO', sourceUrl: `${media.url}/smile.jpg`, googleUrl: expect.any(String) });
    expect(media.fetched['/smile.jpg']).toBe(before + 1);
    expect(google.published.at(-1)).toMatchObject({ location: `${account()}/locations/${location()}`, name: created.body.name });
    const listed = await call(postsUrl(), { token });
    expect(listed.body.localPosts[0]).toEqual(created.body);
    const one = await call(`${google.urls.myBusiness}/v4/${created.body.name}`, { token });
    expect(one.body).toEqual(created.body);
    expect((await call(`${postsUrl()}/1`, { token })).status).toBe(404);
  });

  it('takes 1,500 characters of summary and refuses 1,501', async () => {
    expect((await create(standard({ summary: 'é'.repeat(1500) }))).status).toBe(200);
    const long = await create(standard({ summary: 'a'.repeat(1501) }));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' });
    expect(long.body.error.details[0]['@type']).toBe('type.googleapis.com/google.rpc.BadRequest');
    expect(violation(long.body)).toBe('local_post.summary');
  });

  it('takes CALL without a url and refuses it with one; refuses an unknown button and a button without its url', async () => {
    expect((await create(standard({ callToAction: { actionType: 'CALL' } }))).status).toBe(200);
    const callWithUrl = await create(standard({ callToAction: { actionType: 'CALL', url: 'tel:5550102000' } }));
    expect(callWithUrl.status).toBe(400);
    expect(violation(callWithUrl.body)).toBe('call_to_action.url');
    expect(violation((await create(standard({ callToAction: { actionType: 'VISIT' } }))).body)).toBe('call_to_action.action_type');
    expect(violation((await create(standard({ callToAction: { actionType: 'BOOK' } }))).body)).toBe('call_to_action.url');
    for (const actionType of ['BOOK', 'ORDER', 'SHOP', 'SIGN_UP'])
      expect((await create(standard({ callToAction: { actionType, url: 'https://brightsmile.example/' } }))).status).toBe(200);
  });

  it('needs an event for EVENT and OFFER posts and an offer only on OFFER; refuses an unknown topic', async () => {
    const event = { title: 'Open day', schedule: { startDate: { year: 2026, month: 12, day: 5 }, endDate: { year: 2026, month: 12, day: 5 } } };
    expect(violation((await create(standard({ topicType: 'EVENT' }))).body)).toBe('event');
    expect((await create(standard({ topicType: 'EVENT', event }))).body.event).toEqual(event);
    const offer = { couponCode: 'SMILE10', termsConditions: 'One per patient.' };
    expect((await create(standard({ topicType: 'OFFER', event, offer }))).body).toMatchObject({ topicType: 'OFFER', offer });
    expect(violation((await create(standard({ offer }))).body)).toBe('local_post.offer');
    const backwards = { ...event, schedule: { ...event.schedule, endDate: { year: 2026, month: 12, day: 4 } } };
    expect(violation((await create(standard({ topicType: 'EVENT', event: backwards }))).body)).toBe('event.schedule.end_date');
    expect(violation((await create(standard({ topicType: 'NEWS' }))).body)).toBe('local_post.topic_type');
  });

  it('refuses media it cannot fetch or cannot show, and publishes nothing then; takes PNG photos and MP4 videos', async () => {
    const count = google.published.length;
    const gone = await create(standard({ media: [{ mediaFormat: 'PHOTO', sourceUrl: `${media.url}/missing.jpg` }] }));
    expect(gone.status).toBe(400);
    expect(violation(gone.body)).toBe('media[0].source_url');
    expect(media.fetched['/missing.jpg']).toBe(1);
    expect(violation((await create(standard({ media: [{ mediaFormat: 'PHOTO', sourceUrl: `${media.url}/anim.gif` }] }))).body)).toBe('media[0].source_url');
    expect(violation((await create(standard({ media: [{ mediaFormat: 'PHOTO', sourceUrl: 'file:///etc/passwd' }] }))).body)).toBe('media[0].source_url');
    expect(google.published.length).toBe(count);
    expect((await create(standard({ media: [{ mediaFormat: 'PHOTO', sourceUrl: `${media.url}/logo.png` }] }))).status).toBe(200);
    expect((await create(standard({ media: [{ mediaFormat: 'VIDEO', sourceUrl: `${media.url}/clip.mp4` }] }))).status).toBe(200);
  });

  it('refuses another account’s location, a token without the scope, and a body that is not JSON', async () => {
    expect((await call(postsUrl('999'), { json: standard(), token })).status).toBe(404);
    expect((await create(standard(), google.grant(['email']).accessToken)).status).toBe(403);
    expect((await create(standard(), google.grant(['https://www.googleapis.com/auth/plus.business.manage']).accessToken)).status).toBe(200);
    const broken = await fetch(postsUrl(), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"summary":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as any).error.details[0].fieldViolations[0].description).toBe('Invalid JSON payload received.');
    expect(violation((await call(postsUrl(), { json: ['not', 'a', 'post'], token })).body)).toBe('local_post');
  });

  it('pages the read-back newest first', async () => {
    const first = await call(`${postsUrl()}?pageSize=2`, { token });
    expect(first.body.localPosts).toHaveLength(2);
    expect(first.body.localPosts[0].createTime >= first.body.localPosts[1].createTime).toBe(true);
    const next = await call(`${postsUrl()}?pageSize=2&pageToken=${first.body.nextPageToken}`, { token });
    expect(next.body.localPosts[0].name).not.toBe(first.body.localPosts[0].name);
  });
});

describe('faults', () => {
  it('answers 429 RESOURCE_EXHAUSTED with Retry-After once, then works', async () => {
    google.fault({ host: 'myBusiness', path: /\/localPosts$/, status: 'RESOURCE_EXHAUSTED', retryAfterSeconds: 30 });
    const limited = await create(standard());
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.body.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(limited.body.error.details[0].reason).toBe('RATE_LIMIT_EXCEEDED');
    expect(limited.body.error.details[0].metadata.service).toBe('mybusiness.googleapis.com');
    expect((await create(standard())).status).toBe(200);
  });

  it('hangs up after publishing: the answer is lost, the post is there to read back', async () => {
    const count = google.published.length;
    google.fault({ host: 'myBusiness', path: /\/localPosts$/, hangUp: true });
    await expect(create(standard({ summary: 'Lost answer' }))).rejects.toThrow();
    expect(google.published.length).toBe(count + 1);
    const listed = await call(postsUrl(), { token });
    expect(listed.body.localPosts[0].summary).toBe('Lost answer');
  });

  it('records what it received and answers an unknown path NOT_FOUND', async () => {
    const unknown = await call(`${google.urls.myBusiness}/v4/nothing`, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.status).toBe('NOT_FOUND');
    expect(google.received.at(-1)).toMatchObject({ host: 'myBusiness', method: 'GET', path: '/v4/nothing' });
    expect(google.received.some((item) => item.method === 'POST' && (item.json as { summary?: string })?.summary === 'Lost answer')).toBe(true);
  });
});
