import type { IncomingHttpHeaders } from 'node:http';

/**
 * A refusal of api.linkedin.com in the shape shared/api-guide/concepts/error-handling documents
 * (`status`, `serviceErrorCode`, `message`), with the `code` the versioned APIs add. Handlers throw it;
 * the server answers it.
 */
export class LinkedInError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly serviceErrorCode?: number,
    /** Rest.li's further fields where an answer carries them (the duplicate post's `errorDetails`). */
    readonly more: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body() {
    return {
      ...this.more,
      status: this.status,
      ...(this.serviceErrorCode === undefined ? {} : { serviceErrorCode: this.serviceErrorCode }),
      ...(this.code === undefined ? {} : { code: this.code }),
      message: this.message,
    };
  }
}

/** A refusal of www.linkedin.com/oauth/v2/accessToken: the OAuth `{ error, error_description }` of authorization-code-flow. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }

  body() {
    return { error: this.error, error_description: this.message };
  }
}

export const refuse = {
  /** error-handling: the sample answer for a missing token. */
  noToken: () => new LinkedInError(401, 'Empty oauth2_access_token', undefined, 401),
  /**
   * 65600 and 65601 as LinkedIn answers them (quoted in xcarpentier/react-native-linkedin#80 and
   * jclusso/omniauth-linkedin-openid#6: REVOKED_ACCESS_TOKEN is 65601); the expired token's 65602 follows them.
   */
  invalidToken: () => new LinkedInError(401, 'Invalid access token', 'INVALID_ACCESS_TOKEN', 65600),
  revoked: () => new LinkedInError(401, 'The token used in the request has been revoked by the user', 'REVOKED_ACCESS_TOKEN', 65601),
  expired: () => new LinkedInError(401, 'The token used in the request has expired', 'EXPIRED_ACCESS_TOKEN', 65602),
  /** error-handling, 403: the token lacks the permission the call needs. */
  permission: (resource: string) => new LinkedInError(403, `Not enough permissions to access: ${resource}`, 'ACCESS_DENIED', 100),
  /** Not documented (see the server header): a body that does not fit the schema, in Rest.li's `ERROR :: /path :: reason` words. */
  field: (path: string, reason: string) => new LinkedInError(422, `ERROR :: ${path} :: ${reason}`, 'UNPROCESSABLE_ENTITY'),
  /**
   * The duplicate post as LinkedIn answers it (quoted from a live answer in Arisamiga/Linkedin-RSS#5): no
   * top-level `code`; DUPLICATE_POST is in errorDetails.inputErrors, the post's urn at the message's end.
   */
  duplicate: (urn: string) =>
    new LinkedInError(422, `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${urn}`, undefined, undefined, {
      errorDetailType: 'com.linkedin.common.error.BadRequest',
      errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
    }),
  throttled: () => new LinkedInError(429, 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.', 'TOO_MANY_REQUESTS', 101),
  notFound: (what: string) => new LinkedInError(404, `Not found: ${what}`, 'NOT_FOUND'),
  badRequest: (message: string) => new LinkedInError(400, message, 'BAD_REQUEST'),
};

const MONTH = /^(\d{4})(\d{2})(?:\.(\d{2}))?$/;

/**
 * The Marketing versions active at `now`: LinkedIn releases one a month (YYYYMM, optionally a revision
 * .RR) and sunsets each after a year (marketing/versioning; the Posts API's deprecation notices name the
 * sunset ones). A version of a month not yet begun is not active either.
 */
export function isActiveVersion(version: string, now: Date): boolean {
  const match = MONTH.exec(version);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) return false;
  const released = Date.UTC(year, month - 1, 1);
  const sunset = Date.UTC(year + 1, month - 1, 1);
  return released <= now.getTime() && now.getTime() < sunset;
}

/** The newest version active at `now` (the month itself). */
export function latestVersion(now: Date): string {
  return `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Every /rest call names an active version and Rest.li protocol 2.0.0 (posts-api, images-api: "All APIs
 * require the request header LinkedIn-Version ... and X-Restli-Protocol-Version: 2.0.0").
 */
export function checkVersionHeaders(headers: IncomingHttpHeaders, now: Date): void {
  const version = headers['linkedin-version'];
  if (typeof version !== 'string' || version.trim() === '')
    throw new LinkedInError(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', 'VERSION_MISSING');
  if (!isActiveVersion(version.trim(), now)) throw new LinkedInError(426, `Requested version ${version} is not active`, 'NONEXISTENT_VERSION');
  if (headers['x-restli-protocol-version'] !== '2.0.0')
    throw new LinkedInError(400, 'This API requires the header X-Restli-Protocol-Version: 2.0.0.', 'INVALID_PROTOCOL_VERSION');
}
