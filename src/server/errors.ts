import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode, ErrorDetails } from '@shared/schemas/api-error';

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  review_link_invalid: 404,
  conflict: 409,
  stale_version: 409,
  archived: 409,
  connection_unreadable: 409,
  generation_running: 409,
  month_has_posts: 409,
  nothing_to_retry: 409,
  no_saved_strategy: 409,
  delivery_in_flight: 409,
  already_published: 409,
  delivery_not_retryable: 409,
  delivery_not_confirmable: 409,
  already_restored: 409,
  connection_limit: 409,
  provider_unavailable: 409,
  oauth_failed: 400,
  network_refuses_post: 422,
  connection_disconnected: 409,
  time_zone_changing: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  ai_limit_reached: 429,
  month_full: 429,
  uploads_in_flight: 429,
  image_limit_reached: 429,
  image_model_unavailable: 409,
  media_in_use: 409,
  internal: 500,
  unavailable: 503,
};

/** The one error services throw; the app's error handler turns it into the JSON error shape. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found.`);
