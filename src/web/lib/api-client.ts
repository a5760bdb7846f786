import { DetailedError, hc, parseResponse as parseHonoResponse, type ClientResponse } from 'hono/client';
import type { AppType } from '@server/app';
import { ApiRequestError } from './api-error';
import { request } from './request';

/** The typed API client: paths, payloads and answers come from the server's route types. */
export const api = hc<AppType>('/api', { fetch: request });

/** The answer's body, typed as the route's success answer (hono leaves out error statuses). */
type ApiAnswer<R extends ClientResponse<unknown>> = ReturnType<typeof parseHonoResponse<R>>;

/**
 * Reads an answer: the route's success body, typed from the server's `c.json(...)`, or an
 * ApiRequestError with the server's status, code and message.
 */
export async function parseResponse<R extends ClientResponse<unknown>>(pending: R | Promise<R>): ApiAnswer<R> {
  const response = await pending;
  try {
    return await parseHonoResponse(response);
  } catch (error) {
    if (error instanceof DetailedError) throw ApiRequestError.fromBody(response.status, (error.detail as { data?: unknown } | undefined)?.data);
    // A failed answer whose body is not readable JSON still says what went wrong by its status.
    if (!response.ok) throw ApiRequestError.fromBody(response.status, undefined);
    throw error;
  }
}
