import { request } from './request';
import { ApiRequestError } from './api-error';

/**
 * better-auth's endpoints under /api/auth (sign-in, sign-up, sign-out, change-password, delete-user):
 * JSON in, session cookie out. They are not part of the typed API and no caller uses their answers;
 * a refusal throws ApiRequestError with better-auth's message.
 */
export async function postAuth(path: string, body: object): Promise<void> {
  const response = await request(`/api/auth/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw ApiRequestError.fromBody(response.status, await response.json().catch(() => undefined));
}
