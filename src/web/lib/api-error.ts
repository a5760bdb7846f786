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

const objectOr = <T extends object>(value: unknown): T | undefined => (value && typeof value === 'object' ? (value as T) : undefined);

type Details = Record<string, string | number>;

/** What an answer adds to its status, code and message; each part only when the answer has it. */
interface Extras {
  /** Field-level problems for validation errors: path -> message. */
  fields?: Record<string, string>;
  /** Facts a client acts on, named with the code (e.g. `postCount` for `month_has_posts`). */
  details?: Details;
  /** better-auth's own code (e.g. 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'), which `code` cannot carry. */
  authCode?: string;
}

/**
 * What every failed API call throws on the client: the server's status, code and message. Callers
 * switch on `code` (or `authCode`), never on the message, whose words may change.
 */
export class ApiRequestError extends Error {
  readonly fields?: Record<string, string>;
  readonly details?: Details;
  readonly authCode?: string;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    { fields, details, authCode }: Extras = {},
  ) {
    super(message);
    this.fields = fields;
    this.details = details;
    this.authCode = authCode;
  }

  /** The browser could not reach the server at all (status 0). */
  static network(): ApiRequestError {
    return new ApiRequestError(0, 'unavailable', NETWORK_MESSAGE);
  }

  /**
   * A failed answer's body as an ApiRequestError: our error shape `{ error: { code, message, fields?, details? } }`,
   * better-auth's `{ code, message }` (its code kept as `authCode`), or anything else (a proxy's page, no
   * body) with a message naming the status. The shape is checked by hand: this file is in every page's
   * bundle, zod is not.
   */
  static fromBody(status: number, body: unknown): ApiRequestError {
    const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown; details?: unknown } } | undefined)?.error;
    if (typeof error?.code === 'string' && typeof error.message === 'string') {
      const code = isErrorCode(error.code) ? error.code : codeForStatus(status);
      return new ApiRequestError(status, code, error.message, { fields: objectOr(error.fields), details: objectOr(error.details) });
    }
    const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
    return new ApiRequestError(status, codeForStatus(status), typeof message === 'string' ? message : `Request failed (${status}).`, {
      authCode: typeof code === 'string' ? code : undefined,
    });
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
