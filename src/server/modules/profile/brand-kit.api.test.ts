import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTORABLE_FOR_MS } from '@shared/schemas/post-actions';
import type { ProfileInput } from '@shared/schemas/profile';
import { TINY_PNG } from '@testing/fixtures';
import { MEDIA_SAMPLES } from '@testing/media-samples';
import { addPost } from '@testing/month-posts';
import { errorOf, onboardedClient, read, type TestClient } from '@testing/test-client';
import { createTestClock } from '@testing/test-clock';
import { startTestServer, type TestServer } from '@testing/test-server';

const clock = createTestClock(new Date(), { tickMs: 1 });
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, {}, { now: clock.now });
});
afterAll(async () => server.close());

const PROFILE: ProfileInput = {
  name: 'Dana Moss',
  companyName: 'Bright Smile Dental',
  description: 'A family dental practice.',
  industry: 'dental',
  toneOfVoice: ['professional'],
  brandColors: ['#3b5bdb', '#f08c00'],
  website: '',
  targetAudience: '',
  businessGoals: [],
};
const MP4 = MEDIA_SAMPLES.find((sample) => sample.label === 'MP4')!;

/** Uploads a file kept on its own, as the brand kit's logo upload does; answers its url. */
async function uploadLoose(client: TestClient, bytes = TINY_PNG, name = 'logo.png', type = 'image/png'): Promise<string> {
  const answer = await client.upload<{ type: string; url: string }>('/api/media', bytes, name, type);
  expect(answer.status).toBe(201);
  expect(answer.body.url).toMatch(/^\/api\/media\/[0-9a-f-]{36}\.\w+$/);
  return answer.body.url;
}

const fileOf = (userId: string, url: string) => path.join(server.dataDir, 'media', userId, url.split('/').pop()!);

describe('brand kit', () => {
  it('saves colours, logo and font and reads them back, in onboarding and in Settings', async () => {
    const client = await onboardedClient(server.url);
    const logo = await uploadLoose(client);
    const saved = await read(client.api.profile.$put({ json: { ...PROFILE, brandLogo: logo, brandFont: 'lora' } }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ brandColors: ['#3b5bdb', '#f08c00'], brandLogo: logo, brandFont: 'lora' });
    const edited = await read(client.api.profile.$patch({ json: { ...PROFILE, brandColors: ['#000000'], brandLogo: null, brandFont: 'poppins' } }));
    expect(edited.body).toMatchObject({ brandColors: ['#000000'], brandLogo: null, brandFont: 'poppins' });
    expect((await read(client.api.profile.$get())).body).toMatchObject({ brandColors: ['#000000'], brandLogo: null, brandFont: 'poppins' });
    // The logo's file is served to its owner.
    const served = await fetch(`${server.url}${logo}`, { headers: { cookie: client.cookieHeader() } });
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('starts with Inter, no logo, and keeps the kit when a request leaves it out', async () => {
    const client = await onboardedClient(server.url);
    expect((await read(client.api.profile.$get())).body).toMatchObject({ brandLogo: null, brandFont: 'inter' });
    const logo = await uploadLoose(client);
    await read(client.api.profile.$patch({ json: { ...PROFILE, brandLogo: logo, brandFont: 'merriweather' } }));
    await read(client.api.profile.$patch({ json: { ...PROFILE, name: 'Dana M.' } }));
    expect((await read(client.api.profile.$get())).body).toMatchObject({ name: 'Dana M.', brandLogo: logo, brandFont: 'merriweather' });
  });

  it('still reads a longer colour list saved before the limit of five', async () => {
    const client = await onboardedClient(server.url);
    const seven = ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666', '#777777'];
    await server.database.db
      .updateTable('profiles')
      .set({ brandColors: JSON.stringify(seven) })
      .where('userId', '=', client.userId)
      .execute();
    expect((await read(client.api.profile.$get())).body.brandColors).toEqual(seven);
  });

  it.each([
    ['a sixth colour', { brandColors: ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'] }, 'brandColors'],
    ['a colour that is not hex', { brandColors: ['#3b5bdb', 'blue'] }, 'brandColors.1'],
    ['an unknown font', { brandFont: 'comic-sans' }, 'brandFont'],
    ['a logo that is not a media url', { brandLogo: 'https://example.com/logo.png' }, 'brandLogo'],
  ])('refuses %s with a 400 naming the field and keeps the profile', async (_label, change, field) => {
    const client = await onboardedClient(server.url);
    const before = (await read(client.api.profile.$get())).body;
    const response = await client.request('PATCH', '/api/profile', { ...PROFILE, ...change });
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('bad_request');
    expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    expect((await read(client.api.profile.$get())).body).toEqual(before);
  });

  it.each([
    ['another user’s image', async () => uploadLoose(await onboardedClient(server.url))],
    ['a video of one’s own', async (client: TestClient) => uploadLoose(client, Buffer.from(MP4.bytes), MP4.name, MP4.type)],
    ['a made-up file id', async () => '/api/media/0f0e0d0c-0b0a-4908-8706-050403020100.png'],
  ])('refuses %s as the logo with a 400 naming brandLogo', async (_label, logoOf) => {
    const client = await onboardedClient(server.url);
    const logo = await logoOf(client);
    for (const method of ['PUT', 'PATCH']) {
      const response = await client.request(method, '/api/profile', { ...PROFILE, brandLogo: logo });
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe('bad_request');
      expect(errorOf(response).fields).toHaveProperty('brandLogo');
      expect(errorOf(response).message).toMatch(/brandLogo/);
    }
    expect((await read(client.api.profile.$get())).body.brandLogo).toBeNull();
  });
});

describe('the media sweeps keep the logo', () => {
  it('keeps a logo that came from a post once the deleted post is purged', async () => {
    const client = await onboardedClient(server.url);
    await read(client.api.workspace.$get());
    const post = await addPost(client, {});
    const uploaded = await client.uploadMedia(post.id, TINY_PNG, 'logo.png', 'image/png');
    const logo = uploaded.body.media[0]!.url;
    expect((await read(client.api.profile.$patch({ json: { ...PROFILE, brandLogo: logo } }))).status).toBe(200);
    const current = (await read(client.api.posts[':postId'].$get({ param: { postId: post.id } }))).body;
    expect((await read(client.api.posts[':postId'].$delete({ param: { postId: post.id }, json: { version: current.version } }))).status).toBe(200);
    clock.advance(RESTORABLE_FOR_MS + 1000);
    expect(await server.services.media.purgeDeleted()).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(client.userId, logo))).toBe(true);
    const served = await fetch(`${server.url}${logo}`, { headers: { cookie: client.cookieHeader() } });
    expect(served.status).toBe(200);
  });

  it('keeps the logo through the orphan sweep, which removes a file neither the library has nor anything refers to', async () => {
    const client = await onboardedClient(server.url);
    const logo = await uploadLoose(client);
    const unused = await uploadLoose(client);
    await read(client.api.profile.$patch({ json: { ...PROFILE, brandLogo: logo } }));
    // Every upload is in the media library (and stays until deleted there): without its row, the unused one is an orphan.
    await server.database.db.deleteFrom('media_files').where('userId', '=', client.userId).execute();
    await server.services.media.sweepOrphans();
    expect(existsSync(fileOf(client.userId, logo))).toBe(true);
    expect(existsSync(fileOf(client.userId, unused))).toBe(false);
  });

  it('takes only images and videos as a loose upload', async () => {
    const client = await onboardedClient(server.url);
    const text = await client.upload('/api/media', Buffer.from('just some words'), 'notes.txt', 'text/plain');
    expect(text.status).toBe(415);
    expect(errorOf(text).code).toBe('unsupported_media_type');
  });
});
