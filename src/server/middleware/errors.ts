import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiError } from '@shared/schemas/api-error';
import { AppError } from '../errors';
import type { Logger } from '../platform/logger';
import { loggedPath } from './request-log';

export function errorResponse(c: Context, error: AppError) {
  const { code, message, fields, details } = error;
  const body: ApiError = { error: { code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) } };
  return c.json(body, error.status);
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', 'SQLITE_BUSY', 'SQLITE_CANTOPEN']);

/** Errors a driver raises when the database is down (also when wrapped, e.g. by better-auth); a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
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
    log.error({ event: 'request.error', err: error, path: loggedPath(c.req.path) }, 'unhandled error');
    return errorResponse(c, new AppError('internal', 'Something went wrong on our side. Please try again.'));
  };
}
