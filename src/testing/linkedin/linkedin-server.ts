/**
 * A stand-in for LinkedIn's publishing surface, each host on its own loopback port: www.linkedin.com
 * (Sign In with LinkedIn: consent page and token endpoint), api.linkedin.com (/v2/userinfo and the
 * versioned /rest APIs) and the upload host the Images and Videos APIs hand out. Pages on
 * learn.microsoft.com/linkedin whose stored text was read for it:
 * - shared/authentication/authorization-code-flow (3-legged OAuth at /oauth/v2/authorization and
 *   /oauth/v2/accessToken, consent to all scopes or none, redirect URL rules);
 *   shared/authentication/token-introspection (scopes comma-separated);
 * - marketing/community-management/shares/posts-api (LinkedIn-Version YYYYMM and X-Restli-Protocol-Version
 *   2.0.0 on every call; w_member_social, w_organization_social with ADMINISTRATOR / CONTENT_ADMIN /
 *   DIRECT_SPONSORED_CONTENT_POSTER, r_member_social restricted, r_organization_social; content types);
 *   .../shares/images-api and .../shares/videos-api (the same headers; Images and Videos replace Assets);
 *   shared/api-guide/concepts/protocol-version; talent/versioning (each version supported about a year);
 * - shared/api-guide/concepts/error-handling (`{ status, serviceErrorCode, message }`, the sample
 *   "Empty oauth2_access_token"; 401 for an invalid, expired or revoked token; 403 for a missing permission).
 *   marketing/community-management/community-management-api-migration-guide (Page access needs
 *   rw_organization_admin; posting w_organization_social, r_organization_social, w_member_social);
 *   marketing/community-management/organizations/organization-lookup-api (rw_organization_admin).
 * - Answers LinkedIn gave that others quoted, where the docs are silent: the duplicate post (Arisamiga/Linkedin-RSS#5:
 *   422, no top-level code, DUPLICATE_POST in errorDetails.inputErrors) and REVOKED_ACCESS_TOKEN's serviceErrorCode
 *   65601 (jclusso/omniauth-linkedin-openid#6; 65600 invalid in xcarpentier/react-native-linkedin#80).
 * Not confirmed in the pages read, chosen from LinkedIn's known surface and kept apart here: the 60-day
 * expires_in 5184000 and 365-day refresh tokens for approved partners (programmatic-refresh-tokens), the
 * token endpoint's error words, user_cancelled_authorize and unauthorized_scope_error, the 30-minute code;
 * /v2/userinfo's fields (sign-in-with-linkedin-v2); organizationAcls' element shape; the request and answer
 * fields of initializeUpload / finalizeUpload and the Posts schema details (commentary up to 3,000
 * characters, 2 to 20 multiImage images, x-restli-id `urn:li:share:`); the expired token's
 * serviceErrorCode 65602 and its `code` EXPIRED_ACCESS_TOKEN, ACCESS_DENIED 100, TOO_MANY_REQUESTS; the version refusals (400 VERSION_MISSING, 426 NONEXISTENT_VERSION) and a missing
 * protocol header (400); a body that does not fit (422, `ERROR :: /path :: reason`); the upload host and its
 * expiry. No Retry-After is sent with a 429 (shared/api-guide/concepts/rate-limits: daily limits that reset
 * at midnight UTC, no headers named); a fault a test injects may carry one.
 * Times come from `now`.
 */
import type http from 'node:http';
import { createFaultList, startLoopbackHosts } from '../stand-in/loopback-hosts';
import type { Call, Reply } from './call';
import { checkVersionHeaders, latestVersion, LinkedInError, OAuthError, refuse } from './linkedin-errors';
import { createLinkedInState, LINKEDIN_ACCOUNTS, ORGANIZATION_URN, PERSON_URN, type OrganizationRole } from './linkedin-state';
import { createMediaRoutes } from './media-routes';
import { createOAuthRoutes, type ConsentChoice } from './oauth-routes';
import { createPostsRoutes } from './posts-routes';

export type LinkedInHost = 'www' | 'api' | 'uploads';
const HOSTS: LinkedInHost[] = ['www', 'api', 'uploads'];

/** The next request to a path is answered so instead: a refusal, a hang-up after it was processed, or a delay. */
export type LinkedInFault = { path: string | RegExp; host?: LinkedInHost } & (
  | { error: { status: number; code?: string; serviceErrorCode?: number; message?: string }; headers?: Record<string, string> }
  | { hangUp: true }
  | { delayMs?: number; until?: Promise<unknown> }
);

export interface LinkedInServerOptions {
  now?: () => Date;
  /** The app's Authorized redirect URLs (more with `allowRedirectUri`). */
  redirectUris?: string[];
  /** The scopes the app's products grant (default: Sign In with LinkedIn, Share on LinkedIn, Community Management's Page scopes). */
  appScopes?: string[];
  /** The member's roles on the organization (default ADMINISTRATOR). */
  roles?: OrganizationRole[];
  /** An approved partner: the token endpoint issues refresh tokens. */
  refreshTokens?: boolean;
  /** How long an uploaded image or a finalized video stays PROCESSING. */
  processingMs?: number;
}

export interface ReceivedCall {
  host: LinkedInHost;
  method: string;
  path: string;
  params: Record<string, string>;
  headers: Record<string, string | undefined>;
  json: unknown;
}

/** Sign In with LinkedIn (openid, profile, email), Share on LinkedIn (w_member_social), and Community Management's Page scopes. */
const DEFAULT_SCOPES = [
  'openid',
  'profile',
  'email',
  'w_member_social',
  'w_organization_social',
  'r_organization_social',
  'r_organization_admin',
  'rw_organization_admin',
];

function parse(request: http.IncomingMessage, bytes: Buffer): Call {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const contentType = String(request.headers['content-type'] ?? '');
  const params = Object.fromEntries(url.searchParams);
  let json: unknown;
  if (contentType.startsWith('application/x-www-form-urlencoded')) Object.assign(params, Object.fromEntries(new URLSearchParams(bytes.toString('utf8'))));
  else if (contentType.startsWith('application/json') && bytes.length > 0) {
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw refuse.badRequest('The request body is not valid JSON');
    }
  }
  return { method: request.method ?? 'GET', path: url.pathname, params, json, bytes, headers: request.headers };
}

export async function startLinkedInServer(options: LinkedInServerOptions = {}) {
  const { now = () => new Date(), redirectUris = [] } = options;
  const app = {
    clientId: '86abcdefgh1234',
    clientSecret: 'linkedin-client-secret',
    redirectUris: [...redirectUris],
    scopes: options.appScopes ?? DEFAULT_SCOPES,
    refreshTokens: options.refreshTokens ?? false,
  };
  const state = createLinkedInState(now, app, options.roles ?? ['ADMINISTRATOR']);
  let urls = {} as Record<LinkedInHost, string>;
  const oauth = createOAuthRoutes(state);
  const media = createMediaRoutes(state, () => urls.uploads, options.processingMs ?? 0);
  const posts = createPostsRoutes(state, media);
  const faults = createFaultList<LinkedInFault, LinkedInHost>();
  const received: ReceivedCall[] = [];

  const route = (host: LinkedInHost, call: Call): Reply => {
    const { method, path } = call;
    if (host === 'www') {
      if (path === '/oauth/v2/authorization' && method === 'GET') return oauth.authorize(call);
      if (path === '/oauth/v2/authorization/submit' && method === 'POST') return oauth.submit(call);
      if (path === '/oauth/v2/accessToken') return oauth.accessToken(call);
      throw refuse.notFound(path);
    }
    if (host === 'uploads') {
      const upload = /^\/dms-uploads\/([\w-]+)$/.exec(path);
      if (upload) return media.upload(call, upload[1]!);
      throw refuse.notFound(path);
    }
    if (path === '/v2/userinfo' && method === 'GET') return oauth.userinfo(call);
    if (!path.startsWith('/rest/')) throw refuse.notFound(path);
    checkVersionHeaders(call.headers, now());
    const action = call.params.action;
    if (path === '/rest/posts' && method === 'POST') return posts.create(call);
    if (path === '/rest/posts' && method === 'GET') return posts.byAuthor(call);
    if (path.startsWith('/rest/posts/') && method === 'GET') return posts.one(call, decodeURIComponent(path.slice('/rest/posts/'.length)));
    if (path === '/rest/organizationAcls' && method === 'GET') return posts.organizationAcls(call);
    const organization = /^\/rest\/organizations\/(\d+)$/.exec(path);
    if (organization && method === 'GET') return posts.organization(call, organization[1]!);
    if (path === '/rest/images' && method === 'POST' && action === 'initializeUpload') return media.initializeImage(call);
    if (path === '/rest/videos' && method === 'POST' && action === 'initializeUpload') return media.initializeVideo(call);
    if (path === '/rest/videos' && method === 'POST' && action === 'finalizeUpload') return media.finalizeVideo(call);
    for (const prefix of ['/rest/images/', '/rest/videos/'])
      if (path.startsWith(prefix) && path.length > prefix.length && method === 'GET') return media.read(call, decodeURIComponent(path.slice(prefix.length)));
    throw refuse.notFound(path);
  };

  const handle = (host: LinkedInHost, request: http.IncomingMessage, bytes: Buffer): { reply: Reply; fault?: LinkedInFault } => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const fault = faults.take(host, path);
    try {
      const call = parse(request, bytes);
      const headers = Object.fromEntries(
        ['linkedin-version', 'x-restli-protocol-version', 'content-type'].map((name) => [name, call.headers[name] as string | undefined]),
      );
      received.push({ host, method: call.method, path, params: call.params, headers, json: call.json });
      if (fault && 'error' in fault) {
        const { status, code, serviceErrorCode, message } = fault.error;
        const known = status === 429 ? refuse.throttled() : undefined;
        const error = new LinkedInError(
          status,
          message ?? known?.message ?? 'Internal Server Error',
          code ?? known?.code,
          serviceErrorCode ?? known?.serviceErrorCode,
        );
        return { reply: { status, json: error.body(), headers: fault.headers ?? {} } };
      }
      return { reply: route(host, call), ...(fault ? { fault } : {}) };
    } catch (error) {
      if (error instanceof LinkedInError || error instanceof OAuthError)
        return { reply: { status: error.status, json: error.body() }, ...(fault ? { fault } : {}) };
      throw error;
    }
  };

  const started = await startLoopbackHosts({
    hosts: HOSTS,
    style: { jsonType: 'application/json', withoutJson: 'bare', headers: { 'x-restli-protocol-version': '2.0.0' } },
    handle,
  });
  urls = started.urls;

  return {
    /** www.linkedin.com, api.linkedin.com and the upload host. */
    urls,
    app,
    accounts: LINKEDIN_ACCOUNTS,
    personUrn: PERSON_URN,
    organizationUrn: ORGANIZATION_URN,
    /** The newest active LinkedIn-Version at the injected time. */
    version: () => latestVersion(now()),
    /** Every post created, in order. */
    published: state.published,
    received,
    /** Clicking Allow (or Cancel) on the consent page a client sent the browser to: the redirect location. */
    approve: (authorizeUrl: string, choice: ConsentChoice = {}) => oauth.approve(authorizeUrl, choice),
    allowRedirectUri: (uri: string) => void app.redirectUris.push(uri),
    /** A 60-day token as if the member had consented, for tests that do not test the sign-in. */
    grant: (scopes: string[]) => state.issue(scopes).value,
    /** The member removes the app: every token and refresh token issued so far answers REVOKED_ACCESS_TOKEN. */
    revoke: () => state.revoke(),
    fault: (...next: LinkedInFault[]) => void faults.add(...next),
    close: started.close,
  };
}

export type LinkedInServer = Awaited<ReturnType<typeof startLinkedInServer>>;
