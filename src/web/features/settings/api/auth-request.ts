import { ApiRequestError, readJson, request } from '../../../lib/api-error';

/** better-auth's account endpoints under /api/auth: JSON in, JSON (or { message }) out. */
export async function postAuth(path: string, body: unknown): Promise<unknown> {
  return readJson(await request(`/api/auth/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
}

/** better-auth answers a wrong password with 400 'Invalid password' (401 on some versions). */
export function isWrongPassword(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 401 || /invalid password/i.test(error.message));
}
