import type { ApiError } from '../../shared/schemas/api-error';

/** What every failed API call throws on the client: the server's status, code and message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

/** Reads a Response: the JSON body when ok, else throws ApiRequestError with the server's message. */
export async function readJson<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isApiError(body)) {
    const { code, message, fields } = body.error;
    throw new ApiRequestError(response.status, code, message, fields);
  }
  // better-auth answers { message, code } rather than our shape.
  const message = (body as { message?: unknown } | undefined)?.message;
  throw new ApiRequestError(response.status, 'error', typeof message === 'string' ? message : `Request failed (${response.status}).`);
}

/** The server's one error shape, checked by hand: this file is in every page's bundle, zod is not. */
function isApiError(body: unknown): body is ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** fetch that turns a network failure into an ApiRequestError the UI can show. */
export async function request(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiRequestError(0, 'network', NETWORK_MESSAGE);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
