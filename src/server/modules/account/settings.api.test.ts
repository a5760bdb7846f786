import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { TINY_PNG } from '@testing/fixtures';
import { waitForJob } from '@testing/generation-helpers';
import { onboardedClient, read, TEST_PASSWORD, TestClient } from '@testing/test-client';
import { addPost, nextMonthTarget } from '@testing/month-posts';
import { startTestServer, type TestServer } from '@testing/test-server';

const { targetId } = nextMonthTarget();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('settings', () => {
  it('edits the company profile without changing the onboarding state', async () => {
    const client = await onboardedClient(server.url);
    const { completedOnboarding: _completed, updatedAt: _updated, timeZone: _timeZone, ...before } = (await read(client.api.profile.$get())).body;
    const updated = await read(client.api.profile.$patch({ json: { ...before, companyName: 'Brighter Smiles' } }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ companyName: 'Brighter Smiles', completedOnboarding: true });
    expect((await read(client.api.profile.$patch({ json: { ...before, website: 'nope nope' } }))).status).toBe(400);
  });

  it('says which writer is in use without the key, and tests it', async () => {
    const client = await onboardedClient(server.url);
    const ai = await read(client.api.settings.ai.$get());
    expect(ai.body).toEqual({ kind: 'offline', label: 'Built-in template writer (not AI)', provider: null, model: null });
    const test = await read(client.api.settings.ai.test.$post());
    expect(test.body).toMatchObject({ ok: true });
  });

  it('changes the password: this session stays, the old password no longer works', async () => {
    const client = new TestClient(server.url);
    const { email } = await client.signUp();
    // A wrong current password carries better-auth's code, which the settings forms switch on.
    const wrong = await client.post('/api/auth/change-password', { currentPassword: 'not-the-password', newPassword: 'a-brand-new-password-1' });
    expect([wrong.status, wrong.body]).toEqual([400, expect.objectContaining({ code: 'INVALID_PASSWORD' })]);
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-password-1',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await read(client.api.me.$get())).status).toBe(200);
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
    expect(refused.body).toEqual({
      error: {
        code: 'bad_request',
        message: 'Enter your password to delete your account.',
        fields: { password: 'Enter your password to delete your account.' },
      },
    });
    expect((await read(client.api.me.$get())).status).toBe(200);
    expect(await server.database.db.selectFrom('profiles').select('userId').where('userId', '=', client.userId).execute()).toHaveLength(1);
  });

  it('deletes the account with every row and file of the user, after the password', async () => {
    const client = await onboardedClient(server.url);
    const { email } = (await read(client.api.me.$get())).body.user;
    await read(client.api.workspace.$get());
    const started = await read(client.api.months[':id'].generation.$post({ param: { id: targetId }, json: { strategy: DEFAULT_STRATEGY } }));
    expect(started.status).toBe(202);
    const job = await waitForJob(client, started.body.job.id);
    expect(job.status).toBe('succeeded');
    const post = await addPost(client, {});
    expect(
      (await read(client.api.posts[':postId'].$patch({ param: { postId: post.id }, json: { version: post.version, content: 'Edited by hand' } }))).status,
    ).toBe(200);
    expect((await client.uploadMedia(post.id, TINY_PNG, 'a.png', 'image/png')).status).toBe(201);
    expect((await read(client.api.posts[':postId'].schedule.$put({ param: { postId: post.id }, json: { platform: 'facebook', time: '09:00' } }))).status).toBe(
      200,
    );
    expect((await read(client.api.feedback.$post({ json: { message: 'Nice', rating: 5 } }))).status).toBe(201);
    await server.database.db.insertInto('ai_usage').values({ userId: client.userId, day: '2026-01-01', requests: 3, images: 0 }).execute();
    const mediaDir = path.join(server.dataDir, 'media', client.userId);
    expect(readdirSync(mediaDir)).toHaveLength(1);

    // Everything that names this user: its id and email, and the ids of every row it owns.
    const db = server.database.db as unknown as Kysely<any>;
    const owned = async (table: string) => (await db.selectFrom(table).select('id').where('userId', '=', client.userId).execute()).map((row) => String(row.id));
    const markers = [
      client.userId,
      email,
      ...(await owned('posts')),
      ...(await owned('post_versions')),
      ...(await owned('generation_jobs')),
      ...(await owned('feedback')),
      ...(await owned('session')),
      ...(await owned('account')),
    ];
    // Every table the database has, not a list kept by hand: a new table cannot be forgotten.
    const tablesNaming = async () => {
      const naming: string[] = [];
      for (const table of await db.introspection.getTables()) {
        const rows = await db.selectFrom(table.name).selectAll().execute();
        if (rows.some((row) => markers.some((marker) => JSON.stringify(row).includes(marker)))) naming.push(table.name);
      }
      return naming.sort();
    };
    expect(await tablesNaming()).toEqual(
      expect.arrayContaining(['account', 'ai_usage', 'feedback', 'generation_jobs', 'months', 'post_versions', 'posts', 'profiles', 'session', 'user']),
    );

    const wrong = await client.post('/api/auth/delete-user', { password: 'wrong-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
    expect((await read(client.api.me.$get())).status).toBe(200);

    const deleted = await client.post('/api/auth/delete-user', { password: TEST_PASSWORD });
    expect(deleted.status).toBe(200);
    expect((await read(client.api.me.$get())).status).toBe(401);
    expect(await tablesNaming()).toEqual([]);
    expect(existsSync(mediaDir)).toBe(false);
  });
});
