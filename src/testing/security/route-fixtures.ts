import type { ApiError } from '@shared/schemas/api-error';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { TINY_PNG } from '../fixtures';
import type { JsonResponse, TestClient } from '../test-client';
import { routeKey, type ApiRoute } from './api-routes';

/** What a valid request needs besides its path: a day of the month it writes to, the post version the caller saw. */
export interface RequestContext {
  day: string;
  version: number;
  /** The post a bulk action selects (any UUID where the sweep has none: the month's check comes first). */
  postId?: string;
  /** A library file to put on a post (any file name where the sweep has none: the post's checks come first). */
  fileId?: string;
}

const SOME_POST_ID = '00000000-0000-4000-8000-000000000000';
const SOME_FILE_ID = '00000000-0000-4000-8000-000000000000.png';

const PROFILE = {
  name: 'Dana',
  companyName: 'Bright Smile Dental',
  description: 'A family dental practice.',
  industry: 'dental',
  toneOfVoice: ['professional'],
  brandColors: ['#1a2b3c'],
  website: 'https://brightsmile.example',
  targetAudience: 'Families nearby',
  businessGoals: ['brandAwareness'],
};

/** A valid JSON body for every route that takes one, so a sweep's request gets past validation to the rule it tests. */
export const VALID_BODIES: Record<string, (context: RequestContext) => unknown> = {
  'PUT /api/profile': () => PROFILE,
  'PATCH /api/profile': () => PROFILE,
  'PUT /api/workspace/time-zone': () => ({ timeZone: 'Europe/Paris' }),
  'POST /api/feedback': () => ({ message: 'Works well.', rating: 5 }),
  'PUT /api/months/:id/strategy': () => ({ ...DEFAULT_STRATEGY, keyThemes: 'Check-ups', hashtags: '#smile' }),
  'PUT /api/months/:id/approval': () => ({ requireApproval: true }),
  'POST /api/months/:id/generation': () => ({ strategy: DEFAULT_STRATEGY, replaceExisting: true }),
  'POST /api/months/:id/posts': ({ day }) => ({
    mode: 'manual',
    date: day,
    platform: 'twitter',
    type: 'text',
    content: 'A new post',
    hashtags: ['#new'],
    mediaPrompt: 'A photo',
  }),
  'PATCH /api/posts/:postId': ({ version }) => ({ version, content: 'Changed text', hashtags: ['#changed'] }),
  'POST /api/posts/:postId/rewrite': ({ version }) => ({ version, instructions: 'Make it shorter' }),
  'POST /api/posts/:postId/versions/:versionId/restore': ({ version }) => ({ version }),
  'PUT /api/posts/:postId/schedule': () => ({ platform: 'facebook', time: '09:00' }),
  'DELETE /api/posts/:postId': ({ version }) => ({ version }),
  'POST /api/posts/:postId/restore': () => ({}),
  'POST /api/posts/:postId/copy': ({ version, day }) => ({ mode: 'duplicate', version, date: day }),
  'PUT /api/posts/:postId/evergreen': ({ version }) => ({ version, evergreen: true }),
  'POST /api/months/:id/evergreen-fill': () => ({ intervalDays: 60 }),
  'POST /api/posts/:postId/images': () => ({ mode: 'template', template: 'tip' }),
  'POST /api/posts/:postId/images/:imageJobId/keep': ({ version }) => ({ version }),
  'POST /api/months/:id/posts/bulk': ({ version, postId }) => ({ action: 'schedule', time: '09:00', posts: [{ id: postId ?? SOME_POST_ID, version }] }),
  'POST /api/months/:id/import/preview': ({ day }) => ({ csv: `date,platform,content,hashtags\n${day},twitter,An imported post,#new\n`, preset: 'ours' }),
  'POST /api/months/:id/import': ({ day }) => ({ csv: `date,platform,content,hashtags\n${day},twitter,An imported post,#new\n`, preset: 'ours' }),
  'POST /api/workspace/months': ({ day }) => ({ id: `${Number(day.slice(0, 4))}-${Number(day.slice(5, 7))}` }),
  'POST /api/connections': () => ({ kind: 'webhook', name: 'Our n8n', url: 'https://203.0.113.10/webhook/posts', networks: ['facebook'] }),
  'PATCH /api/connections/:connectionId': () => ({ name: 'Renamed', networks: ['linkedin'] }),
  'POST /api/connections/oauth/start': () => ({ provider: 'facebook', returnTo: 'settings' }),
  'POST /api/connections/oauth/grants/:grantId': () => ({ accounts: [{ accountId: '102000000000001', kind: 'facebook', networks: ['facebook'] }] }),
  'PUT /api/settings/notifications': () => ({ immediateEmails: true, dailyDigest: true, weeklyPreview: true, version: 0 }),
  'POST /api/months/:id/review-links': ({ day }) => ({ reviewerName: 'Sam', fromDate: day, toDate: day, expiresInDays: 30 }),
  'POST /api/review/:token/posts/:postId': ({ version }) => ({ decision: 'changes_requested', comment: 'Shorter, please.', version }),
  'POST /api/review/:token/approve-rest': ({ version, postId }) => ({ posts: [{ id: postId ?? SOME_POST_ID, version }] }),
  'PATCH /api/library/:fileId': () => ({ altText: 'A smiling patient in the chair' }),
  'POST /api/posts/:postId/library': ({ version, fileId }) => ({ fileId: fileId ?? SOME_FILE_ID, version }),
  'POST /api/voice/pasted': () => ({ texts: ['Hello smilers! Our evening slots are open.'], network: 'linkedin' }),
  'POST /api/voice/csv': () => ({ csv: 'text\nHello smilers! Floss first.\n', network: null }),
  // A connection no one has: the read stops at the lookup (reading a real account is in voice.api.test.ts).
  'POST /api/voice/read': () => ({ connectionId: '00000000-0000-4000-8000-000000000000' }),
};

/** Routes that take a file, sent as multipart like the browser does. */
export const UPLOAD_ROUTES = new Set(['POST /api/posts/:postId/media', 'POST /api/media']);

/** Writes that take no body at all. */
export const BODYLESS_WRITES = new Set([
  'POST /api/profile/skip',
  'POST /api/settings/ai/test',
  'POST /api/generation-jobs/:jobId/retry',
  'DELETE /api/posts/:postId/schedule',
  'DELETE /api/posts/:postId/media/:fileId',
  'DELETE /api/connections/:connectionId',
  'POST /api/connections/:connectionId/test',
  'POST /api/posts/:postId/delivery/retry',
  'POST /api/posts/:postId/delivery/confirm',
  'POST /api/notifications/read-all',
  'POST /api/notifications/:notificationId/read',
  'DELETE /api/review-links/:linkId',
  // Without ?confirm=true: a file still in use is refused (media_in_use); see library.api.test.ts.
  'DELETE /api/library/:fileId',
  'DELETE /api/voice/:exampleId',
  'DELETE /api/voice',
]);

export const isWrite = (route: ApiRoute) => route.method !== 'GET';

/** Writes a sweep would not know how to call: each needs a body above (or a place in UPLOAD_ROUTES / BODYLESS_WRITES). */
export function writesWithoutFixture(routes: ApiRoute[]): string[] {
  return routes
    .filter(isWrite)
    .map(routeKey)
    .filter((key) => !(key in VALID_BODIES) && !UPLOAD_ROUTES.has(key) && !BODYLESS_WRITES.has(key));
}

/** Sends a valid request to `route` at the filled-in `path`; sweeps read only the error of the answer. */
export function sendValid(client: TestClient, route: ApiRoute, path: string, context: RequestContext): Promise<JsonResponse<ApiError>> {
  const key = routeKey(route);
  if (UPLOAD_ROUTES.has(key)) return client.upload(path, TINY_PNG, 'photo.png', 'image/png');
  const body = VALID_BODIES[key];
  return client.request(route.method, path, body ? body(context) : undefined);
}
