import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../test-clock';
import { startLinkedInServer, type LinkedInServer } from './linkedin-server';
import { VIDEO_PART_BYTES } from './media-routes';
import { call, restHeaders } from './linkedin-suite';

const clock = createTestClock('2026-11-26T09:00:00Z', { tickMs: 1 });
let linkedin: LinkedInServer;
let token: string;

beforeAll(async () => {
  linkedin = await startLinkedInServer({ now: clock.now, processingMs: 5000 });
  token = linkedin.grant(['openid', 'profile', 'w_member_social', 'w_organization_social', 'r_organization_social', 'r_organization_admin']);
});
afterAll(() => linkedin.close());

const rest = (path: string, init: Parameters<typeof call>[1] = {}) =>
  call(`${linkedin.urls.api}/rest${path}`, { token, ...init, headers: { ...restHeaders(linkedin.version()), ...init.headers } });
const post = (body: Record<string, unknown>, init: Parameters<typeof call>[1] = {}) =>
  rest('/posts', {
    json: {
      author: linkedin.personUrn,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      ...body,
    },
    ...init,
  });

async function uploadedImage(owner = linkedin.personUrn) {
  const init = await rest('/images?action=initializeUpload', { json: { initializeUploadRequest: { owner } } });
  expect(init.status).toBe(200);
  const { uploadUrl, image } = init.body.value;
  expect((await call(uploadUrl, { method: 'PUT', bytes: Buffer.from('jpeg bytes'), token })).status).toBe(201);
  return image as string;
}

describe('versions', () => {
  it('refuses a missing or inactive LinkedIn-Version and a missing protocol header', async () => {
    const body = { commentary: 'Versioned' };
    const missing = await post(body, { headers: { 'linkedin-version': '' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
    const old = await post(body, { headers: { 'linkedin-version': '202507' } });
    expect(old.status).toBe(426);
    expect(old.body).toMatchObject({ code: 'NONEXISTENT_VERSION', message: 'Requested version 202507 is not active' });
    expect((await post(body, { headers: { 'linkedin-version': '202701' } })).status).toBe(426);
    expect((await post(body, { headers: { 'x-restli-protocol-version': '1.0.0' } })).status).toBe(400);
    expect((await post(body, { headers: { 'linkedin-version': '202512' } })).status).toBe(201);
    expect(linkedin.published).toHaveLength(1);
  });
});

describe('text posts', () => {
  it('creates a post with 201 and x-restli-id, refuses the same again as a duplicate, and reads it back only with r_member_social', async () => {
    const created = await post({ commentary: 'Open on Saturday mornings' });
    expect(created.status).toBe(201);
    const id = created.headers.get('x-restli-id')!;
    expect(id).toMatch(/^urn:li:share:\d+$/);
    const again = await post({ commentary: 'Open on Saturday mornings' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      status: 422,
      message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${id}`,
      errorDetails: { inputErrors: [{ code: 'DUPLICATE_POST' }] },
    });
    const query = `/posts?q=author&author=${encodeURIComponent(linkedin.personUrn)}&count=10`;
    expect((await rest(query)).body).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    const reader = linkedin.grant(['r_member_social']);
    const read = await rest(query, { token: reader });
    expect(read.body.elements[0]).toMatchObject({ id, commentary: 'Open on Saturday mornings', lifecycleState: 'PUBLISHED', author: linkedin.personUrn });
    expect((await rest(`/posts/${encodeURIComponent(id)}`, { token: reader })).body.id).toBe(id);
  });

  it('refuses a body that does not fit, another member as author, and a token without w_member_social', async () => {
    expect((await post({ commentary: 'x', visibility: 'EVERYONE' })).body.message).toContain('/visibility');
    expect((await post({ commentary: 'x', lifecycleState: 'DRAFT' })).status).toBe(422);
    expect((await post({ commentary: 'x', distribution: {} })).body.message).toContain('/distribution/feedDistribution');
    expect((await post({ commentary: 'y'.repeat(3001) })).status).toBe(422);
    expect((await post({ commentary: 'x', author: 'urn:li:person:someoneElse' })).status).toBe(403);
    const denied = await post({ commentary: 'x' }, { token: linkedin.grant(['openid', 'profile']) });
    expect(denied.body).toMatchObject({ status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED' });
  });
});

describe('organization Pages', () => {
  it('lists the member’s roles with r_organization_admin and posts as the Page with w_organization_social', async () => {
    const acls = await rest('/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED');
    expect(acls.body.elements).toEqual([
      { roleAssignee: linkedin.personUrn, state: 'APPROVED', role: 'ADMINISTRATOR', organization: linkedin.organizationUrn },
    ]);
    expect((await rest('/organizationAcls?q=roleAssignee', { token: linkedin.grant(['w_member_social']) })).status).toBe(403);
    expect((await post({ commentary: 'From the practice', author: linkedin.organizationUrn })).status).toBe(201);
    expect((await post({ commentary: 'Not allowed', author: linkedin.organizationUrn }, { token: linkedin.grant(['w_member_social']) })).status).toBe(403);
    const read = await rest(`/posts?q=author&author=${encodeURIComponent(linkedin.organizationUrn)}`);
    expect(read.body.elements[0].commentary).toBe('From the practice');
  });

  it('looks up an administered Page with rw_organization_admin only', async () => {
    const id = linkedin.accounts.organization.id;
    const admin = linkedin.grant(['rw_organization_admin']);
    expect((await rest(`/organizations/${id}`, { token: admin })).body).toMatchObject({ id: Number(id), localizedName: linkedin.accounts.organization.name });
    expect((await rest(`/organizations/${id}`)).status).toBe(403);
  });

  it('refuses posting as a Page where the member is only an analyst', async () => {
    const analyst = await startLinkedInServer({ now: clock.now, roles: ['ANALYST'] });
    const answer = await call(`${analyst.urls.api}/rest/posts`, {
      token: analyst.grant(['w_organization_social']),
      headers: restHeaders(analyst.version()),
      json: {
        author: analyst.organizationUrn,
        commentary: 'x',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      },
    });
    await analyst.close();
    expect(answer.status).toBe(403);
  });
});

describe('images, articles and multi-image posts', () => {
  it('refuses an image not yet uploaded or still processing, then posts it once AVAILABLE', async () => {
    const init = await rest('/images?action=initializeUpload', { json: { initializeUploadRequest: { owner: linkedin.personUrn } } });
    const { uploadUrl, image, uploadUrlExpiresAt } = init.body.value;
    expect(image).toMatch(/^urn:li:image:/);
    expect(uploadUrlExpiresAt).toBeGreaterThan(clock.now().getTime());
    const early = await post({ commentary: 'Our new chair', content: { media: { id: image, altText: 'A chair' } } });
    expect(early.status).toBe(422);
    expect(early.body.message).toContain('WAITING_UPLOAD');
    expect((await call(uploadUrl, { method: 'PUT', bytes: Buffer.from('jpeg') })).status).toBe(401);
    expect((await call(uploadUrl, { method: 'PUT', bytes: Buffer.from('jpeg'), token })).status).toBe(201);
    expect((await rest(`/images/${encodeURIComponent(image)}`)).body.status).toBe('PROCESSING');
    expect((await post({ commentary: 'Our new chair', content: { media: { id: image } } })).body.message).toContain('PROCESSING');
    clock.advance(5000);
    expect((await rest(`/images/${encodeURIComponent(image)}`)).body.status).toBe('AVAILABLE');
    expect((await post({ commentary: 'Our new chair', content: { media: { id: image, altText: 'A chair' } } })).status).toBe(201);
    expect(linkedin.published.at(-1)).toMatchObject({ media: [{ kind: 'image', urn: image }] });
  });

  it('posts an article link and 2 to 20 images, and refuses a single image as multiImage', async () => {
    const article = await post({ commentary: 'Read this', content: { article: { source: 'https://brightsmile.example/blog', title: 'Flossing' } } });
    expect(article.status).toBe(201);
    expect(linkedin.published.at(-1)!.article).toBe('https://brightsmile.example/blog');
    const first = await uploadedImage();
    const second = await uploadedImage();
    clock.advance(5000);
    expect((await post({ commentary: 'One', content: { multiImage: { images: [{ id: first }] } } })).status).toBe(422);
    const both = await post({
      commentary: 'Two',
      content: {
        multiImage: {
          images: [
            { id: first, altText: 'a' },
            { id: second, altText: 'b' },
          ],
        },
      },
    });
    expect(both.status).toBe(201);
    const otherOwner = await uploadedImage(linkedin.organizationUrn);
    clock.advance(5000);
    expect((await post({ commentary: 'Not mine', content: { media: { id: otherOwner } } })).status).toBe(422);
  });
});

describe('videos', () => {
  it('uploads parts, refuses a finalize with wrong part ids, finalizes, and posts once AVAILABLE', async () => {
    const size = VIDEO_PART_BYTES + 10;
    const init = await rest('/videos?action=initializeUpload', {
      json: { initializeUploadRequest: { owner: linkedin.personUrn, fileSizeBytes: size, uploadCaptions: false, uploadThumbnail: false } },
    });
    const { video, uploadInstructions, uploadToken } = init.body.value;
    expect(uploadInstructions).toHaveLength(2);
    expect(uploadInstructions[1]).toMatchObject({ firstByte: VIDEO_PART_BYTES, lastByte: size - 1 });
    expect((await call(uploadInstructions[1].uploadUrl, { method: 'PUT', bytes: Buffer.alloc(3) })).status).toBe(400);
    const etags: string[] = [];
    for (const part of uploadInstructions) {
      const put = await call(part.uploadUrl, { method: 'PUT', bytes: Buffer.alloc(part.lastByte - part.firstByte + 1) });
      expect(put.status).toBe(200);
      etags.push(put.headers.get('etag')!);
    }
    const finalize = (uploadedPartIds: string[]) =>
      rest('/videos?action=finalizeUpload', { json: { finalizeUploadRequest: { video, uploadToken, uploadedPartIds } } });
    expect((await finalize([etags[0]!])).status).toBe(400);
    expect((await post({ commentary: 'Tour', content: { media: { id: video } } })).status).toBe(422);
    expect((await finalize(etags)).status).toBe(200);
    clock.advance(5000);
    expect((await rest(`/videos/${encodeURIComponent(video)}`)).body.status).toBe('AVAILABLE');
    expect((await post({ commentary: 'Tour', content: { media: { id: video, title: 'Tour' } } })).status).toBe(201);
    expect(linkedin.published.at(-1)!.media).toEqual([{ kind: 'video', urn: video }]);
  });
});

describe('faults', () => {
  it('answers an injected 429 in the documented shape, and a hang-up after the post was made', async () => {
    linkedin.fault({ path: '/rest/posts', error: { status: 429 } });
    const throttled = await post({ commentary: 'Busy day' });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    const before = linkedin.published.length;
    linkedin.fault({ path: '/rest/posts', hangUp: true });
    await expect(post({ commentary: 'Busy day' })).rejects.toThrow();
    expect(linkedin.published).toHaveLength(before + 1);
    expect((await post({ commentary: 'Busy day' })).status).toBe(422);
    expect(linkedin.received.filter((entry) => entry.path === '/rest/posts').at(-1)!.headers['linkedin-version']).toBe(linkedin.version());
  });
});
