import { parse as parseCsv } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '@testing/fixtures';
import { onboardedClient, read } from '@testing/test-client';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { startTestServer, type TestServer } from '@testing/test-server';

const { targetId, day } = nextMonthTarget();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('export', () => {
  const tricky = 'He said "hi", then left;\nnew line, emoji 🎉 and a backslash \\ done';

  async function seeded() {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'America/New_York' } }));
    await read(client.api.workspace.$get());
    const first = await addPost(client, { date: day(3), platform: 'linkedin', content: tricky, hashtags: ['#one', '#two'] });
    const second = await addPost(client, { date: day(7), platform: 'twitter', content: '=SUM(A1:A2) looks like a formula' });
    await read(client.api.posts[':postId'].schedule.$put({ param: { postId: first.id }, json: { platform: 'linkedin', time: '09:30' } }));
    await client.uploadMedia(second.id, TINY_PNG, 'a.png', 'image/png');
    return { client, first, second };
  }

  it('writes CSV that a real parser reads back exactly', async () => {
    const { client } = await seeded();
    const response = await client.api.months[':id']['export.csv'].$get({ param: { id: targetId } });
    expect(response.headers.get('content-type')).toMatch(/text\/csv/);
    expect(response.headers.get('content-disposition')).toContain(`content-plan-${targetId}.csv`);
    const rows = parseCsv(await response.text(), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    const noEvent = { event_kind: '', event_title: '', event_start: '', event_end: '', coupon_code: '', redeem_url: '', terms: '' };
    expect(rows[0]).toEqual({
      date: day(3),
      time: '09:30',
      platform: 'linkedin',
      content: tricky,
      hashtags: '#one #two',
      media_urls: '',
      status: 'scheduled',
      ...noEvent,
      type: 'text',
      media_description: '',
    });
    expect(rows[1]!.content).toBe("'=SUM(A1:A2) looks like a formula");
    expect(rows[1]!.time).toBe('09:00');
    expect(rows[1]!.media_urls).toMatch(new RegExp(`^${server.url}/api/media/[0-9a-f-]{36}\\.png$`));
  });

  it('writes iCalendar that a real parser reads back: timed when scheduled, all-day when planned', async () => {
    const { client, first, second } = await seeded();
    const response = await client.api.months[':id']['export.ics'].$get({ param: { id: targetId } });
    expect(response.headers.get('content-type')).toMatch(/text\/calendar/);
    const text = await response.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events).toHaveLength(2);
    const scheduled = events.find((event) => event.uid.startsWith(first.id))!;
    expect(scheduled.description).toBe(`${tricky}\n\n#one #two`);
    // 09:30 in New York is 14:30 UTC in winter, 13:30 in summer.
    expect(scheduled.startDate.toJSDate().toISOString()).toMatch(new RegExp(`^${day(3)}T1[34]:30:00.000Z$`));
    const planned = events.find((event) => event.uid.startsWith(second.id))!;
    expect(planned.startDate.isDate).toBe(true);
    expect(planned.startDate.toString()).toBe(day(7));
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('exports Bluesky and Mastodon posts with their network, in CSV and iCalendar', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const bluesky = await addPost(client, { date: day(4), platform: 'bluesky', content: 'Short and friendly 👋', hashtags: ['#smile'] });
    const mastodon = await addPost(client, { date: day(5), platform: 'mastodon', content: 'Open late on Thursdays.' });
    expect(
      (await read(client.api.posts[':postId'].schedule.$put({ param: { postId: mastodon.id }, json: { platform: 'mastodon', time: '10:15' } }))).status,
    ).toBe(200);

    const csv = await client.request('GET', `/api/months/${targetId}/export.csv`);
    const rows = parseCsv(String(csv.body), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.date, row.platform, row.content, row.status])).toEqual([
      [day(4), 'bluesky', 'Short and friendly 👋', 'draft'],
      [day(5), 'mastodon', 'Open late on Thursdays.', 'scheduled'],
    ]);
    expect(rows[1]!.time).toBe('10:15');

    const ics = await client.request('GET', `/api/months/${targetId}/export.ics`);
    const events = new ICAL.Component(ICAL.parse(String(ics.body))).getAllSubcomponents('vevent');
    const byId = (id: string) => events.find((event) => String(event.getFirstPropertyValue('uid')).startsWith(id))!;
    expect(byId(bluesky.id).getFirstPropertyValue('summary')).toBe('Bluesky post: Short and friendly 👋');
    expect(byId(bluesky.id).getFirstPropertyValue('categories')).toBe('bluesky');
    expect(byId(mastodon.id).getFirstPropertyValue('summary')).toBe('Mastodon post: Open late on Thursdays.');
    expect(byId(mastodon.id).getFirstPropertyValue('categories')).toBe('mastodon');
  });
});
