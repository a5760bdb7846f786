import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import ICAL from 'ical.js';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, previousMonth } from '../../shared/domain/months';
import { DEFAULT_STRATEGY } from '../../shared/schemas/strategy';
import { onboardedClient, TEST_PASSWORD, TestClient, type JsonResponse } from '../testing/test-client';
import { startTestServer, type TestServer } from '../testing/test-server';
import { TINY_PNG } from '../testing/fixtures';

const target = nextMonth(currentMonth(new Date(), 'UTC'));
const targetId = monthId(target);
const day = (n: number) => `${target.year}-${String(target.month).padStart(2, '0')}-${String(n).padStart(2, '0')}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function waitForJob(client: TestClient, jobId: string) {
  for (let poll = 0; poll < 300; poll += 1) {
    const { body } = await client.get(`/api/generation-jobs/${jobId}`);
    if (body.job.status !== 'running') return body.job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} still running`);
}

async function addPost(client: TestClient, fields: Record<string, unknown>) {
  const response: JsonResponse<{ id: string; version: number }> = await client.post(`/api/months/${targetId}/posts`, { mode: 'manual', date: day(5), platform: 'facebook', type: 'text', content: 'Hello', hashtags: [], ...fields });
  expect(response.status).toBe(201);
  return response.body;
}

describe('scheduling', () => {
  it('schedules a post for a platform and time, and unschedules it', async () => {
    const client = await onboardedClient(server.url);
    await client.get('/api/workspace');
    const post = await addPost(client, {});
    const scheduled = await client.put(`/api/posts/${post.id}/schedule`, { platform: 'instagram', time: '09:00' });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledPlatform: 'instagram', scheduledTime: '09:00', version: post.version });
    const unscheduled = await client.delete(`/api/posts/${post.id}/schedule`);
    expect(unscheduled.body).toMatchObject({ status: 'draft', scheduledPlatform: null, scheduledTime: null });
  });

  it.each([
    [{ platform: 'myspace', time: '09:00' }],
    [{ platform: 'facebook', time: '9am' }],
    [{ platform: 'facebook', time: '24:00' }],
  ])('refuses %o with 400', async (body) => {
    const client = await onboardedClient(server.url);
    await client.get('/api/workspace');
    const post = await addPost(client, {});
    expect((await client.put(`/api/posts/${post.id}/schedule`, body)).status).toBe(400);
    expect((await client.get(`/api/posts/${post.id}`)).body.status).toBe('draft');
  });

  it('refuses archived months and other users', async () => {
    const client = await onboardedClient(server.url);
    const past = previousMonth(currentMonth(new Date(), 'UTC'));
    await server.services.repositories.months.insertRaw(client.userId, past);
    const id = '00000000-0000-4000-8000-0000000000aa';
    await server.database.db
      .insertInto('posts')
      .values({ id, userId: client.userId, monthId: monthId(past), date: `${past.year}-${String(past.month).padStart(2, '0')}-02T12:00:00Z`, platform: 'facebook', content: 'Old', type: 'text', mediaPrompt: '', hashtags: '[]', media: '[]', status: 'draft', scheduledPlatform: null, scheduledTime: null, version: 1, createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z' })
      .execute();
    expect((await client.put(`/api/posts/${id}/schedule`, { platform: 'facebook', time: '09:00' })).status).toBe(409);
    const bob = await onboardedClient(server.url);
    expect((await bob.put(`/api/posts/${id}/schedule`, { platform: 'facebook', time: '09:00' })).status).toBe(404);
    expect((await bob.get(`/api/months/${monthId(past)}/export.csv`)).status).toBe(404);
  });
});

describe('export', () => {
  const tricky = 'He said "hi", then left;\nnew line, emoji 🎉 and a backslash \\ done';

  async function seeded() {
    const client = await onboardedClient(server.url);
    await client.put('/api/workspace/time-zone', { timeZone: 'America/New_York' });
    await client.get('/api/workspace');
    const first = await addPost(client, { date: day(3), platform: 'linkedin', content: tricky, hashtags: ['#one', '#two'] });
    const second = await addPost(client, { date: day(7), platform: 'twitter', content: '=SUM(A1:A2) looks like a formula' });
    await client.put(`/api/posts/${first.id}/schedule`, { platform: 'linkedin', time: '09:30' });
    await client.upload(`/api/posts/${second.id}/media`, TINY_PNG, 'a.png', 'image/png');
    return { client, first, second };
  }

  it('writes CSV that a real parser reads back exactly', async () => {
    const { client } = await seeded();
    const response = await client.request('GET', `/api/months/${targetId}/export.csv`);
    expect(response.headers.get('content-type')).toMatch(/text\/csv/);
    expect(response.headers.get('content-disposition')).toContain(`content-plan-${targetId}.csv`);
    const rows = parseCsv(String(response.body), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ date: day(3), time: '09:30', platform: 'linkedin', content: tricky, hashtags: '#one #two', media_urls: '', status: 'scheduled' });
    expect(rows[1]!.content).toBe("'=SUM(A1:A2) looks like a formula");
    expect(rows[1]!.time).toBe('09:00');
    expect(rows[1]!.media_urls).toMatch(new RegExp(`^${server.url}/api/media/[0-9a-f-]{36}\\.png$`));
  });

  it('writes iCalendar that a real parser reads back: timed when scheduled, all-day when planned', async () => {
    const { client, first, second } = await seeded();
    const response = await client.request('GET', `/api/months/${targetId}/export.ics`);
    expect(response.headers.get('content-type')).toMatch(/text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(String(response.body)));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events).toHaveLength(2);
    const scheduled = events.find((event) => event.uid.startsWith(first.id))!;
    expect(scheduled.description).toBe(`${tricky}\n\n#one #two`);
    // 09:30 in New York is 14:30 UTC in winter, 13:30 in summer.
    expect(scheduled.startDate.toJSDate().toISOString()).toMatch(new RegExp(`^${day(3)}T1[34]:30:00.000Z$`));
    const planned = events.find((event) => event.uid.startsWith(second.id))!;
    expect(planned.startDate.isDate).toBe(true);
    expect(planned.startDate.toString()).toBe(day(7));
    expect(String(response.body).split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });
});

describe('analytics', () => {
  it('counts the content mix of the user’s own posts', async () => {
    const client = await onboardedClient(server.url);
    await client.get('/api/workspace');
    const a = await addPost(client, { date: day(1), platform: 'facebook', type: 'image' });
    await addPost(client, { date: day(2), platform: 'facebook', type: 'text' });
    const c = await addPost(client, { date: day(20), platform: 'twitter', type: 'video' });
    await client.put(`/api/posts/${a.id}/schedule`, { platform: 'facebook', time: '09:00' });
    await client.patch(`/api/posts/${c.id}`, { version: 1, content: 'Edited by hand' });
    const other = await onboardedClient(server.url);
    await other.get('/api/workspace');
    await addPost(other, {});
    const { body } = await client.get('/api/analytics');
    expect(body.totalPosts).toBe(3);
    expect(body.months).toBe(1);
    expect(body.perPlatform).toEqual([
      { key: 'facebook', count: 2 },
      { key: 'twitter', count: 1 },
      { key: 'instagram', count: 0 },
      { key: 'linkedin', count: 0 },
    ]);
    expect(body.perType).toEqual([
      { key: 'text', count: 1 },
      { key: 'image', count: 1 },
      { key: 'video', count: 1 },
      { key: 'carousel', count: 0 },
    ]);
    expect(body.perWeek.reduce((sum: number, week: { count: number }) => sum + week.count, 0)).toBe(3);
    expect(body.status).toEqual({ scheduled: 1, draft: 2 });
    expect(body.editing).toEqual({ edited: 1, asGenerated: 2 });
  });
});

describe('settings', () => {
  it('edits the company profile without changing the onboarding state', async () => {
    const client = await onboardedClient(server.url);
    const before = (await client.get('/api/profile')).body;
    const updated = await client.patch('/api/profile', { ...before, companyName: 'Brighter Smiles', completedOnboarding: undefined, updatedAt: undefined, timeZone: undefined });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ companyName: 'Brighter Smiles', completedOnboarding: true });
    expect((await client.patch('/api/profile', { ...before, website: 'nope nope' })).status).toBe(400);
  });

  it('says which writer is in use without the key, and tests it', async () => {
    const client = await onboardedClient(server.url);
    const ai = await client.get('/api/settings/ai');
    expect(ai.body).toEqual({ kind: 'offline', label: 'Built-in template writer (not AI)', provider: null, model: null });
    const test = await client.post('/api/settings/ai/test');
    expect(test.body).toMatchObject({ ok: true });
  });

  it('changes the password: this session stays, the old password no longer works', async () => {
    const client = new TestClient(server.url);
    const { email } = await client.signUp();
    const changed = await client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-password-1', revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await new TestClient(server.url).signIn(email, TEST_PASSWORD)).status).toBe(401);
    expect((await new TestClient(server.url).signIn(email, 'a-brand-new-password-1')).status).toBe(200);
  });

  it.each([
    ['an empty body', {}],
    ['an empty password', { password: '' }],
    ['a deletion token instead', { token: 'made-up-token' }],
  ])('refuses to delete the account with %s, even right after sign-in', async (_label, body) => {
    const client = await onboardedClient(server.url);
    const refused = await client.post('/api/auth/delete-user', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { code: 'bad_request', message: 'Enter your password to delete your account.', fields: { password: 'Enter your password to delete your account.' } } });
    expect((await client.get('/api/me')).status).toBe(200);
    expect(await server.database.db.selectFrom('profiles').select('userId').where('userId', '=', client.userId).execute()).toHaveLength(1);
  });

  it('deletes the account with every row and file of the user, after the password', async () => {
    const client = await onboardedClient(server.url);
    const { email } = (await client.get('/api/me')).body.user;
    await client.get('/api/workspace');
    const started = await client.post(`/api/months/${targetId}/generation`, { strategy: DEFAULT_STRATEGY });
    expect(started.status).toBe(202);
    const job = await waitForJob(client, started.body.job.id);
    expect(job.status).toBe('succeeded');
    const post = await addPost(client, {});
    expect((await client.patch(`/api/posts/${post.id}`, { version: post.version, content: 'Edited by hand' })).status).toBe(200);
    expect((await client.upload(`/api/posts/${post.id}/media`, TINY_PNG, 'a.png', 'image/png')).status).toBe(201);
    expect((await client.put(`/api/posts/${post.id}/schedule`, { platform: 'facebook', time: '09:00' })).status).toBe(200);
    expect((await client.post('/api/feedback', { message: 'Nice', rating: 5 })).status).toBe(201);
    await server.database.db.insertInto('ai_usage').values({ userId: client.userId, day: '2026-01-01', requests: 3 }).execute();
    const mediaDir = path.join(server.dataDir, 'media', client.userId);
    expect(readdirSync(mediaDir)).toHaveLength(1);

    // Everything that names this user: its id and email, and the ids of every row it owns.
    const db = server.database.db as unknown as Kysely<any>;
    const owned = async (table: string) => (await db.selectFrom(table).select('id').where('userId', '=', client.userId).execute()).map((row) => String(row.id));
    const markers = [client.userId, email, ...(await owned('posts')), ...(await owned('post_versions')), ...(await owned('generation_jobs')), ...(await owned('feedback')), ...(await owned('session')), ...(await owned('account'))];
    // Every table the database has, not a list kept by hand: a new table cannot be forgotten.
    const tablesNaming = async () => {
      const naming: string[] = [];
      for (const table of await db.introspection.getTables()) {
        const rows = await db.selectFrom(table.name).selectAll().execute();
        if (rows.some((row) => markers.some((marker) => JSON.stringify(row).includes(marker)))) naming.push(table.name);
      }
      return naming.sort();
    };
    expect(await tablesNaming()).toEqual(expect.arrayContaining(['account', 'ai_usage', 'feedback', 'generation_jobs', 'months', 'post_versions', 'posts', 'profiles', 'session', 'user']));

    const wrong = await client.post('/api/auth/delete-user', { password: 'wrong-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
    expect((await client.get('/api/me')).status).toBe(200);

    const deleted = await client.post('/api/auth/delete-user', { password: TEST_PASSWORD });
    expect(deleted.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
    expect(await tablesNaming()).toEqual([]);
    expect(existsSync(mediaDir)).toBe(false);
  });
});

describe('feedback', () => {
  it('stores a message with an optional rating', async () => {
    const client = await onboardedClient(server.url);
    expect((await client.post('/api/feedback', { message: 'Love the calendar', rating: 4 })).status).toBe(201);
    expect((await client.post('/api/feedback', { message: 'No rating' })).status).toBe(201);
    const rows = await server.database.db.selectFrom('feedback').select(['message', 'rating']).where('userId', '=', client.userId).orderBy('createdAt').execute();
    expect(rows).toEqual([
      { message: 'Love the calendar', rating: 4 },
      { message: 'No rating', rating: null },
    ]);
  });

  it.each([[{ message: '' }], [{ message: '   ' }], [{ message: 'x'.repeat(2001) }], [{ message: 'ok', rating: 6 }], [{ message: 'ok', rating: 2.5 }]])('refuses %o with 400', async (body) => {
    const client = await onboardedClient(server.url);
    expect((await client.post('/api/feedback', body)).status).toBe(400);
  });
});
