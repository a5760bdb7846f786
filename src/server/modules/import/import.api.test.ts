import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactories } from '@testing/factories';
import { currentMonth, dayOfMonth, monthId, monthName, previousMonth } from '@shared/domain/months';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { startTestServer, type TestServer } from '@testing/test-server';

const { target, targetId, day } = nextMonthTarget();
const POSTS_MAX = 6;

/** A sample of docs/import.md with its December 2026 dates moved into the month under test. */
function sample(name: string): string {
  const mm = String(target.month).padStart(2, '0');
  return readFileSync(new URL(`../../../testing/fixtures/import/${name}.csv`, import.meta.url), 'utf8')
    .replaceAll('2026-12-', `${target.year}-${mm}-`)
    .replaceAll('/12/2026', `/${mm}/${target.year}`);
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ POSTS_PER_MONTH_MAX: String(POSTS_MAX) });
});
afterAll(async () => server.close());

async function user(): Promise<TestClient & { userId: string }> {
  const client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  return client;
}

type Body = Parameters<TestClient['api']['months'][':id']['import']['$post']>[0]['json'];
const preview = (client: TestClient, json: Body, id = targetId) => read(client.api.months[':id'].import.preview.$post({ param: { id }, json }));
const importFile = (client: TestClient, json: Body, id = targetId) => read(client.api.months[':id'].import.$post({ param: { id }, json }));
const monthPosts = async (client: TestClient) =>
  (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body.posts
    .map(({ date, platform, type, content, hashtags, mediaPrompt }) => ({ date: date.slice(0, 10), platform, type, content, hashtags, mediaPrompt }))
    .sort((a, b) => `${a.date}${a.platform}`.localeCompare(`${b.date}${b.platform}`));

const HOURS = 'Our winter hours start on Monday: 8am to 4pm.';
const BRUSH = 'Cleaning tip: replace your toothbrush every three months, or after a cold.';
const plain = { type: 'text', hashtags: [], mediaPrompt: '' } as const;

describe('CSV import presets: each sample of docs/import.md imports into exactly these posts', () => {
  const cases: { name: 'buffer' | 'hootsuite' | 'publer' | 'later' | 'ours'; platform?: 'facebook'; expected: object[] }[] = [
    {
      name: 'buffer',
      platform: 'facebook',
      expected: [
        { date: day(7), platform: 'facebook', content: HOURS, ...plain },
        { date: day(14), platform: 'facebook', content: BRUSH, ...plain },
      ],
    },
    {
      name: 'hootsuite',
      platform: 'facebook',
      expected: [
        { date: day(7), platform: 'facebook', content: `${HOURS}\nhttps://example.com/hours`, ...plain },
        { date: day(14), platform: 'facebook', content: BRUSH, ...plain },
      ],
    },
    {
      name: 'publer',
      platform: 'facebook',
      expected: [
        { date: day(7), platform: 'facebook', content: `${HOURS}\nhttps://example.com/hours`, ...plain },
        { date: day(14), platform: 'facebook', content: BRUSH, ...plain, mediaPrompt: 'A blue toothbrush in a glass' },
      ],
    },
    {
      name: 'later',
      expected: [
        { date: day(7), platform: 'instagram', content: HOURS, ...plain },
        { date: day(14), platform: 'facebook', content: BRUSH, ...plain },
      ],
    },
    {
      name: 'ours',
      expected: [
        { date: day(7), platform: 'linkedin', content: HOURS, type: 'text', hashtags: ['#hours', '#winter'], mediaPrompt: '' },
        { date: day(14), platform: 'twitter', content: BRUSH, type: 'image', hashtags: ['#tips'], mediaPrompt: 'A blue toothbrush in a glass' },
      ],
    },
  ];
  for (const { name, platform, expected } of cases)
    it(`${name}: detected from the file, previewed, imported`, async () => {
      const client = await user();
      const body = { csv: sample(name), ...(platform ? { platform } : {}) };
      const seen = await preview(client, body);
      expect(seen.status, JSON.stringify(seen.body)).toBe(200);
      expect(seen.body.preset).toBe(name);
      expect(seen.body.rows.map((row) => row.problems)).toEqual([[], []]);
      const done = await importFile(client, body);
      expect(done.status, JSON.stringify(done.body)).toBe(201);
      expect(done.body).toEqual({ imported: 2, skipped: 0 });
      expect(await monthPosts(client)).toEqual(expected);
    });

  it('buffer: reads a file as Buffer generators write it (byte-order mark, every field quoted, CRLF lines)', async () => {
    const client = await user();
    const quoted = (fields: string[]) => fields.map((field) => `"${field.replace(/"/g, '""')}"`).join(',');
    const csv = `\ufeff${[quoted(['Text', 'Image URL', 'Tags', 'Posting Time']), quoted([HOURS, '', '', `${day(7)} 09:00`]), quoted([`Say "hi" 👋`, '', '', `${day(8)} 17:30`])].join('\r\n')}\r\n`;
    const seen = await preview(client, { csv, platform: 'facebook' });
    expect(seen.body.preset).toBe('buffer');
    expect(seen.body.rows.map((row) => [row.row, row.post?.content, row.problems])).toEqual([
      [2, HOURS, []],
      [3, 'Say "hi" 👋', []],
    ]);
  });

  it('asks for the network when the file names none, row by row', async () => {
    const client = await user();
    const seen = await preview(client, { csv: sample('buffer') });
    expect(seen.body.rows.map((row) => [row.row, row.problems])).toEqual([
      [2, ['The network is missing: choose the network these posts are for.']],
      [3, ['The network is missing: choose the network these posts are for.']],
    ]);
  });
});

describe('CSV import rules', () => {
  it('refuses the whole file when one row is bad, naming its row and reason; nothing is imported', async () => {
    const client = await user();
    const csv = [
      'date,platform,content,hashtags',
      `${day(3)},twitter,Fine post,`,
      `${day(4)},myspace,Wrong network,`,
      `2020-01-01,facebook,Wrong month,`,
      `${day(5)},twitter,${'x'.repeat(281)},`,
      `not a date,facebook,Bad date,`,
    ].join('\n');
    const seen = await preview(client, { csv, preset: 'custom', mapping: { date: 'date', text: 'content', network: 'platform', hashtags: 'hashtags' } });
    expect(seen.status).toBe(200);
    expect(seen.body.rows.map((row) => [row.row, row.problems])).toEqual([
      [2, []],
      [3, ['"myspace" is not a network we post to.']],
      [4, [`2020-01-01 is not in ${monthName(target.month)} ${target.year}.`]],
      [5, ['The text is too long for X/Twitter (at most 280 characters, hashtags included).']],
      [6, ['"not a date" is not a date we can read (use 2026-12-05 or 2026-12-05 09:30).']],
    ]);
    const refused = await importFile(client, { csv, preset: 'ours' });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'bad_request',
      message: 'Nothing was imported: rows 3, 4, 5, 6 need fixing.',
      details: { 'row 3': '"myspace" is not a network we post to.' },
    });
    expect(await monthPosts(client)).toEqual([]);
  });

  it('gives back exactly the posts of an exported month (the round trip)', async () => {
    const from = await user();
    const tricky = 'He said "hi", then left;\nnew line, emoji 🎉 and a backslash \\ done';
    await addPost(from, {
      date: day(3),
      platform: 'linkedin',
      content: tricky,
      hashtags: ['#one', '#two'],
      type: 'image',
      mediaPrompt: 'A bright, clean waiting room',
    });
    await addPost(from, { date: day(7), platform: 'twitter', content: '=SUM(A1:A2) looks like a formula', type: 'video' });
    await addPost(from, { date: day(28), platform: 'googlebusiness', content: '-10% on whitening, @ the front desk' });
    await addPost(from, { date: day(9), platform: 'bluesky', content: "'quoted' start", hashtags: ['#smile'] });
    const exported = await (await from.api.months[':id']['export.csv'].$get({ param: { id: targetId } })).text();
    const to = await user();
    const done = await importFile(to, { csv: exported });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.imported).toBe(4);
    expect(await monthPosts(to)).toEqual(await monthPosts(from));
  });

  it('flags duplicates of the month’s posts; refuses them unless told to skip them', async () => {
    const client = await user();
    await addPost(client, { date: day(7), platform: 'linkedin', content: HOURS });
    const csv = sample('ours');
    const seen = await preview(client, { csv });
    expect(seen.body.rows.map((row) => row.duplicate)).toEqual([true, false]);
    const refused = await importFile(client, { csv });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).details).toEqual({ 'row 2': 'It repeats a post already in the month (same day, network and text).' });
    expect(await monthPosts(client)).toHaveLength(1);
    const done = await importFile(client, { csv, skipDuplicates: true });
    expect(done.body).toEqual({ imported: 1, skipped: 1 });
    expect(await monthPosts(client)).toHaveLength(2);
  });

  it('refuses a file that would take the month past its post limit, importing nothing', async () => {
    const client = await user();
    for (let n = 1; n <= POSTS_MAX - 1; n += 1) await addPost(client, { date: day(n), content: `Post ${n}` });
    const refused = await importFile(client, { csv: sample('ours') });
    expect(refused.status).toBe(429);
    expect(errorOf(refused).code).toBe('month_full');
    expect(await monthPosts(client)).toHaveLength(POSTS_MAX - 1);
  });

  it('refuses an archived month with 409, preview and import', async () => {
    const client = await user();
    const archived = previousMonth(currentMonth(new Date(), 'UTC'));
    await createFactories(server.database.db).month(client.userId, archived, {});
    const csv = `date,platform,content,hashtags\n${dayOfMonth(archived, 2)},twitter,Late,\n`;
    for (const answer of [await preview(client, { csv }, monthId(archived)), await importFile(client, { csv }, monthId(archived))]) {
      expect(answer.status).toBe(409);
      expect(errorOf(answer).code).toBe('archived');
    }
  });

  it('reads dates with an offset in the user’s zone, and refuses a file past the row limit', async () => {
    const client = await user();
    await read(client.api.workspace['time-zone'].$put({ json: { timeZone: 'Pacific/Auckland' } }));
    // 20:00 UTC on day 6 is the morning of day 7 in Auckland.
    const csv = `Text,Posting Time\nMorning post,${day(6)}T20:00:00Z\n`;
    const seen = await preview(client, { csv, platform: 'facebook' });
    expect(seen.body.rows[0]!.post?.date).toBe(day(7));
    const rows = Array.from({ length: 501 }, (_, index) => `${day(2)},twitter,Post ${index},`);
    const tooMany = await preview(client, { csv: ['date,platform,content,hashtags', ...rows].join('\n') });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany).message).toBe('The file has 501 rows; import at most 500 at a time.');
  });
});
