import { randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { onboardedClient, type TestClient, read } from '../test-client';
import { startTestServer, type TestServer } from '../test-server';

const target = nextMonth(currentMonth(new Date(), 'UTC'));
const targetId = monthId(target);
const day = (n: number) => `${target.year}-${String(target.month).padStart(2, '0')}-${String(n).padStart(2, '0')}`;

/** A lone CR ends a line for lenient readers: this text would smuggle a second event into the calendar. */
const INJECTION = [
  'Hi',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:injected@evil',
  'DTSTART:20261201T000000Z',
  'SUMMARY:Injected',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'SUMMARY:tail',
].join('\r');

/** Post texts, one per day; those starting with tab or CR go straight into the table (the API trims them). */
const CONTENTS: { content: string; raw?: boolean }[] = [
  { content: '=HYPERLINK("http://evil.example","Click")' },
  { content: '+1+cmd|" /C calc"!A0' },
  { content: '-2+3+cmd|" /C calc"!A0' },
  { content: '@SUM(1+1)*cmd|" /C calc"!A0' },
  { content: '\t=1+1', raw: true },
  { content: '\r=1+1', raw: true },
  { content: 'Plain text, with "quotes", commas;\r\nand a CRLF' },
  { content: INJECTION },
  { content: 'Controls\u0001 \u000b vertical\u007f, \u001b escape, \u0085 next line, \u2028 line and \u2029 paragraph separators' },
  { content: `${'é'.repeat(300)} ${'日本'.repeat(120)} ${'🎉'.repeat(100)}` },
  { content: `a${'🎉'.repeat(200)}` },
  { content: `${'x'.repeat(59)}🎉 summary cut inside an emoji` },
];
const FORMULA_START = /^[=+\-@\t\r]/;

let server: TestServer;
let client: TestClient & { userId: string };

beforeAll(async () => {
  server = await startTestServer();
  client = await onboardedClient(server.url);
  await read(client.api.workspace.$get());
  for (const [index, { content, raw }] of CONTENTS.entries()) {
    const date = day(index + 1);
    if (raw) {
      const at = new Date().toISOString();
      await server.database.db
        .insertInto('posts')
        .values({
          id: randomUUID(),
          userId: client.userId,
          monthId: targetId,
          date: `${date}T12:00:00Z`,
          approval: 'waiting',
          evergreen: 0,
          evergreenOf: null,
          platform: 'facebook',
          content,
          type: 'text',
          mediaPrompt: '',
          hashtags: '[]',
          media: '[]',
          version: 1,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    } else {
      const created = await read(
        client.api.months[':id'].posts.$post({
          param: { id: targetId },
          json: {
            mode: 'manual',
            date,
            platform: 'facebook',
            type: 'text',
            content,
            hashtags: ['#=tag'],
          },
        }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
  }
});
afterAll(async () => server.close());

async function download(name: string): Promise<Buffer> {
  const response = await fetch(`${server.url}/api/months/${targetId}/${name}`, { headers: { cookie: client.cookieHeader() } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Each day's post text as the API gives it back. */
async function storedContents(): Promise<Map<string, string>> {
  const month = (await read(client.api.months[':id'].$get({ param: { id: targetId } }))).body;
  return new Map(month.posts.map((post: { date: string; content: string }) => [post.date.slice(0, 10), post.content]));
}

describe('CSV export against formula injection (RFC 4180, OWASP)', () => {
  it('reads back every cell exactly, with a quote before any cell a spreadsheet would run', async () => {
    const stored = await storedContents();
    const rows = parseCsv((await download('export.csv')).toString('utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(stored.size);
    for (const row of rows) {
      const content = stored.get(row.date!)!;
      expect(row.content, `post of ${row.date}`).toBe(FORMULA_START.test(content) ? `'${content}` : content);
      for (const cell of Object.values(row)) expect(cell, `a cell of ${row.date}`).not.toMatch(FORMULA_START);
    }
  });
});

describe('iCalendar export (RFC 5545)', () => {
  /** Every character some reader takes as a line end (Python's str.splitlines, for one). */
  // eslint-disable-next-line no-control-regex -- these control characters are what the test looks for
  const LINE_ENDS = /\r\n|[\r\n\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/;
  /** What a calendar shows: line breaks as \n, other control characters gone. */
  const shown = (content: string) => content.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\n').replace(/[^\P{Cc}\t\n]/gu, '');

  function eventsOf(text: string) {
    return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  }

  it('ends every line with CRLF, at most 75 octets, never inside a UTF-8 character, with no control characters', async () => {
    const bytes = await download('export.ics');
    const text = bytes.toString('utf8');
    expect(text.split('\r\n').join('')).not.toMatch(LINE_ENDS);
    expect(text).not.toMatch(/[^\P{Cc}\t\r\n]/u);
    const strict = new TextDecoder('utf-8', { fatal: true });
    let start = 0;
    for (let end = bytes.indexOf('\r\n', start); end !== -1; start = end + 2, end = bytes.indexOf('\r\n', start)) {
      const line = bytes.subarray(start, end);
      expect(line.length, strict.decode(line)).toBeLessThanOrEqual(75);
      expect(() => strict.decode(line)).not.toThrow();
    }
    expect(start).toBe(bytes.length);
  });

  it('reads back one event per post with the exact text, in a strict and in a lenient parser', async () => {
    const stored = await storedContents();
    const text = (await download('export.ics')).toString('utf8');
    // A lenient reader ends a line at any of them, as some calendar programs do.
    const lenient = text.split(new RegExp(LINE_ENDS, 'g')).join('\r\n');
    for (const events of [eventsOf(text), eventsOf(lenient)]) {
      expect(events).toHaveLength(stored.size);
      expect(events.map((event) => event.uid)).not.toContain('injected@evil');
      for (const event of events) {
        const date = event.startDate.toString().slice(0, 10);
        const content = stored.get(date)!;
        expect(event.description.split('\n\n#=tag')[0], `post of ${date}`).toBe(shown(content));
        expect(event.summary).not.toContain('\uFFFD');
      }
    }
  });
});
