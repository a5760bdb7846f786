/**
 * Google's two error shapes.
 * - The APIs: google.rpc.Status as JSON, `{ error: { code, message, status, details } }`, with the
 *   google.rpc.Code names and their HTTP mapping and the BadRequest.fieldViolations detail
 *   (cloud.google.com/appengine/docs/admin-api/reference/rpc/google.rpc, the same package on every Google
 *   API), and ErrorInfo reasons ACCESS_TOKEN_EXPIRED, CREDENTIALS_MISSING, ACCESS_TOKEN_TYPE_UNSUPPORTED,
 *   ACCESS_TOKEN_SCOPE_INSUFFICIENT, RATE_LIMIT_EXCEEDED (google/api/error_reason.proto). The message texts
 *   ("Request had invalid authentication credentials…", "Request had insufficient authentication scopes.",
 *   "Request contains an invalid argument.") are those Google's APIs are seen to send; no page lists them.
 * - The OAuth endpoints (identity/protocols/oauth2/web-server, RFC 6749 section 5.2):
 *   `{ error, error_description }`.
 */
export type RpcStatus = 'INVALID_ARGUMENT' | 'UNAUTHENTICATED' | 'PERMISSION_DENIED' | 'NOT_FOUND' | 'RESOURCE_EXHAUSTED' | 'INTERNAL' | 'UNAVAILABLE';

export const HTTP_OF: Record<RpcStatus, number> = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export class GoogleApiError extends Error {
  constructor(
    readonly status: RpcStatus,
    message: string,
    readonly details: unknown[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get httpStatus() {
    return HTTP_OF[this.status];
  }

  body() {
    return { error: { code: this.httpStatus, message: this.message, status: this.status, ...(this.details.length ? { details: this.details } : {}) } };
  }
}

/** An error of the OAuth endpoints: 400 unless said (401 for invalid_client). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly httpStatus = 400,
  ) {
    super(`${error}: ${description}`);
  }

  body() {
    return { error: this.error, error_description: this.description };
  }
}

const errorInfo = (reason: string, service: string, method: string) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'googleapis.com',
  metadata: { service, method },
});

export const apiRefusal = {
  /** No token, an unknown one, an expired or a revoked one. */
  unauthenticated: (reason: 'CREDENTIALS_MISSING' | 'ACCESS_TOKEN_EXPIRED' | 'ACCESS_TOKEN_TYPE_UNSUPPORTED', service: string, method: string) =>
    new GoogleApiError(
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      [errorInfo(reason, service, method)],
      { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    ),
  scope: (service: string, method: string) =>
    new GoogleApiError(
      'PERMISSION_DENIED',
      'Request had insufficient authentication scopes.',
      [errorInfo('ACCESS_TOKEN_SCOPE_INSUFFICIENT', service, method)],
      {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="https://www.googleapis.com/auth/business.manage"',
      },
    ),
  /** google.rpc.BadRequest: which field, and why. */
  invalid: (field: string, description: string) =>
    new GoogleApiError('INVALID_ARGUMENT', 'Request contains an invalid argument.', [
      { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description }] },
    ]),
  notFound: () => new GoogleApiError('NOT_FOUND', 'Requested entity was not found.'),
  quota: (service: string, method: string) =>
    new GoogleApiError('RESOURCE_EXHAUSTED', `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service '${service}'.`, [
      {
        ...errorInfo('RATE_LIMIT_EXCEEDED', service, method),
        metadata: { service, method, quota_metric: `${service}/default_requests`, quota_limit: 'DefaultRequestsPerMinutePerProject' },
      },
    ]),
};
