import { ApiRequestError } from '../../../lib/api-error';

/** better-auth answers a wrong password with 400 and its code 'INVALID_PASSWORD' (401 on some versions). */
export function isWrongPassword(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 401 || error.authCode === 'INVALID_PASSWORD');
}
