import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiError } from '../../shared/schemas/api-error';
import { AppError } from '../errors';
import type { Logger } from '../logger';

export function errorResponse(c: Context, error: AppError) {
  const body: ApiError = { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
  return c.json(body, error.status);
}

/** Errors a driver raises when the database is down; the user gets a 503, not a 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return (
    typeof code === 'string' &&
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', 'SQLITE_BUSY', 'SQLITE_CANTOPEN'].includes(code)
  ) || (error instanceof Error && /Connection terminated|timeout exceeded when trying to connect/i.test(error.message));
}

/** Turns every thrown error into the one JSON error shape; never leaks a stack trace. */
export function handleError(log: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) return errorResponse(c, error);
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = status === 413 ? 'payload_too_large' : status === 401 ? 'unauthorized' : status === 404 ? 'not_found' : 'bad_request';
      if (status < 500) return errorResponse(c, new AppError(code, error.message || 'Bad request.'));
    }
    if (error instanceof SyntaxError) return errorResponse(c, new AppError('bad_request', 'The request body is not valid JSON.'));
    if (isDatabaseUnavailable(error)) {
      log.error({ event: 'db.unavailable', err: { message: (error as Error).message } }, 'database unavailable');
      return errorResponse(c, new AppError('unavailable', 'The database is not reachable right now. Please try again in a moment.'));
    }
    log.error({ event: 'request.error', err: error, path: c.req.path }, 'unhandled error');
    return errorResponse(c, new AppError('internal', 'Something went wrong on our side. Please try again.'));
  };
}
