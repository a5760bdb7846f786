import { randomBytes } from 'node:crypto';

/**
 * The versions the Graph API changelog lists (https://developers.facebook.com/docs/graph-api/changelog,
 * "Available Graph API versions": v26.0 released 2026-07-29 down to v20.0, available until 2026-09-24).
 * Graph answers a call to a retired version with the next oldest usable one (docs/graph-api/guides/versioning),
 * so the stand-in serves every listed version alike.
 */
export const GRAPH_VERSIONS = ['v20.0', 'v21.0', 'v22.0', 'v23.0', 'v24.0', 'v25.0', 'v26.0'];
/** The latest version the changelog names. */
export const GRAPH_API_VERSION = 'v26.0';
/** The Threads API's one version (https://developers.facebook.com/docs/threads/posts: graph.threads.net/v1.0/...). */
export const THREADS_API_VERSION = 'v1.0';

export interface GraphErrorDetails {
  subcode?: number;
  type?: string;
  userTitle?: string;
  userMessage?: string;
  transient?: boolean;
  headers?: Record<string, string>;
}

/** A refusal in Graph's documented shape (docs/graph-api/guides/error-handling). Handlers throw it; the server answers it. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details: GraphErrorDetails = {},
  ) {
    super(message);
  }

  body() {
    const { subcode, type = 'OAuthException', userTitle, userMessage, transient } = this.details;
    return {
      error: {
        message: this.message,
        type,
        code: this.code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        ...(transient === undefined ? {} : { is_transient: transient }),
        ...(userTitle === undefined ? {} : { error_user_title: userTitle }),
        ...(userMessage === undefined ? {} : { error_user_msg: userMessage }),
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    };
  }
}

/** The messages Graph gives with its throttling and blocking codes (error-handling guide; overview/rate-limiting). */
export const CODE_MESSAGES: Record<number, string> = {
  1: 'An unknown error has occurred.',
  2: 'An unexpected error has occurred. Please retry your request later.',
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  368: '(#368) The action attempted has been deemed abusive or is otherwise disallowed',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  80001: '(#80001) There have been too many calls to this Page account. Wait a bit and try again.',
  80002: '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again.',
};

export const refuse = {
  noToken: () => new GraphError(400, 104, 'An access token is required to request this resource.'),
  badToken: () => new GraphError(400, 190, 'Invalid OAuth access token - Cannot parse access token'),
  expired: (at: Date, now: Date) =>
    new GraphError(400, 190, `Error validating access token: Session has expired on ${at.toUTCString()}. The current time is ${now.toUTCString()}.`, {
      subcode: 463,
    }),
  /** 458: the person removed the app; 460: their password changed (error-handling guide, authentication subcodes). */
  revoked: (subcode: number, appId: string) =>
    new GraphError(
      400,
      190,
      subcode === 460
        ? 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.'
        : `Error validating access token: The user has not authorized application ${appId}.`,
      { subcode },
    ),
  permission: (code: 10 | 200 | 210, message: string) => new GraphError(403, code, `(#${code}) ${message}`),
  param: (message: string, subcode?: number) => new GraphError(400, 100, message, subcode === undefined ? {} : { subcode }),
  /** The answer for an object a token cannot see or an edge that does not exist (code 100, subcode 33). */
  unsupported: (method: string, id: string) =>
    new GraphError(
      400,
      100,
      `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      { subcode: 33, type: 'GraphMethodException' },
    ),
  /** Not found in the docs: an unknown or missing version prefix is refused with code 100 (see the server's header). */
  version: (path: string) => new GraphError(400, 100, `Unknown or missing API version in path: ${path}`),
  coded: (code: number, status = 400, details: GraphErrorDetails = {}) => new GraphError(status, code, CODE_MESSAGES[code] ?? `(#${code}) Error`, details),
};
