import { ERROR_CODES, type ErrorCode } from '@shared/schemas/error-codes';

const NETWORK_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

/** Codes for answers that are not in our error shape (better-auth's, a proxy's), by status. */
const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
  503: 'unavailable',
};

const codeForStatus = (status: number): ErrorCode => CODE_FOR_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');

const isErrorCode = (code: unknown): code is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(code);

/** What every failed API call throws on the client: the server's status, code and message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  /** The browser could not reach the server at all (status 0). */
  static network(): ApiRequestError {
    return new ApiRequestError(0, 'unavailable', NETWORK_MESSAGE);
  }

  /**
   * A failed answer's body as an ApiRequestError: our error shape `{ error: { code, message, fields? } }`,
   * better-auth's `{ message }`, or anything else (a proxy's page, no body) with a message naming the status.
   * The shape is checked by hand: this file is in every page's bundle, zod is not.
   */
  static fromBody(status: number, body: unknown): ApiRequestError {
    const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined)?.error;
    if (typeof error?.code === 'string' && typeof error.message === 'string') {
      const fields = error.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : undefined;
      return new ApiRequestError(status, isErrorCode(error.code) ? error.code : codeForStatus(status), error.message, fields);
    }
    const message = (body as { message?: unknown } | undefined)?.message;
    return new ApiRequestError(status, codeForStatus(status), typeof message === 'string' ? message : `Request failed (${status}).`);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
