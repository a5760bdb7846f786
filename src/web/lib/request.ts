import { ApiRequestError } from './api-error';

/** fetch with the session cookie that turns a network failure into an ApiRequestError the UI can show. */
export async function request(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { credentials: 'same-origin', ...init });
  } catch {
    throw ApiRequestError.network();
  }
}
