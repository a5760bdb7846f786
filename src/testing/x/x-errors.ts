/**
 * X's error answers. The API answers an HTTP Problem Details object (docs.x.com/x-api/fundamentals/
 * response-codes-and-errors: `title`, `detail`, `type`, `about:blank` for a generic error and
 * `https://api.x.com/2/problems/invalid-request` for a malformed request); the OAuth 2.0 endpoints answer
 * RFC 6749's `{ error, error_description }`.
 */
export class XRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.detail ?? body.error_description ?? body.title ?? status));
  }
}

const TITLES: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests' };

/** A generic problem: `about:blank` with the status's title. */
export const problem = (status: number, detail?: string, headers: Record<string, string> = {}) =>
  new XRefusal(status, { title: TITLES[status] ?? 'Error', type: 'about:blank', status, detail: detail ?? TITLES[status] ?? 'Error' }, headers);

/** A request with a parameter X refuses: 400 invalid-request, the parameter's complaint in `errors`. */
export const invalidRequest = (message: string, parameter?: string) =>
  new XRefusal(400, {
    errors: [{ ...(parameter ? { parameters: { [parameter]: [] } } : {}), message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.x.com/2/problems/invalid-request',
  });

/** Past a rate limit: 429 with the body docs.x.com/x-api/fundamentals/rate-limits shows ("Handling rate limits"). */
export const rateLimited = (headers: Record<string, string>) => new XRefusal(429, { errors: [{ code: 88, message: 'Rate limit exceeded' }] }, headers);

/** The token endpoints' refusal, `{ error, error_description }`. */
export const oauthError = (status: number, error: string, description: string) => new XRefusal(status, { error, error_description: description });

/** The duplicate-content refusal POST /2/tweets answers (its documented words). */
export const DUPLICATE_DETAIL = 'You are not allowed to create a Tweet with duplicate content.';
