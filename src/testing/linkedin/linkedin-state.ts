import { randomBytes } from 'node:crypto';
import { LinkedInError, refuse } from './linkedin-errors';

/** The one member and the organization Page they administer, as the stand-in knows them. */
export const LINKEDIN_ACCOUNTS = {
  member: { id: 'yrZCpj2Z12', name: 'Dana Bright', givenName: 'Dana', familyName: 'Bright', email: 'dana@brightsmile.example' },
  organization: { id: '5515715', name: 'Bright Smile Dental' },
};
export const PERSON_URN = `urn:li:person:${LINKEDIN_ACCOUNTS.member.id}`;
export const ORGANIZATION_URN = `urn:li:organization:${LINKEDIN_ACCOUNTS.organization.id}`;

/** authorization-code-flow: "Access tokens ... have a 60-day lifespan"; refresh tokens (approved partners only) 365 days. */
export const ACCESS_TOKEN_SECONDS = 60 * 86_400;
export const REFRESH_TOKEN_SECONDS = 365 * 86_400;
/** Not confirmed in the docs read: an authorization code is good for one exchange within 30 minutes. */
export const CODE_TTL_MS = 30 * 60_000;

export interface AppConfig {
  clientId: string;
  clientSecret: string;
  /** The app's Authorized redirect URLs: the consent page refuses any other. */
  redirectUris: string[];
  /** The scopes the app's products grant it; asking for any other is `unauthorized_scope_error`. */
  scopes: string[];
  /** Programmatic refresh tokens are for approved partners only; off unless a test turns it on. */
  refreshTokens: boolean;
}

export interface IssuedToken {
  value: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
  serial: number;
}

export interface RefreshToken {
  value: string;
  scopes: string[];
  expiresAt: number;
  serial: number;
}

export interface AuthorizationCode {
  redirectUri: string;
  scopes: string[];
  codeChallenge?: string;
  issuedAt: number;
  used: boolean;
}

/** The member's roles on the organization (organizationAcls `role`), APPROVED. */
export type OrganizationRole = 'ADMINISTRATOR' | 'CONTENT_ADMIN' | 'DIRECT_SPONSORED_CONTENT_POSTER' | 'ANALYST' | 'CURATOR';
/** posts-api: w_organization_social works where the member holds one of these. */
export const POSTING_ROLES: OrganizationRole[] = ['ADMINISTRATOR', 'CONTENT_ADMIN', 'DIRECT_SPONSORED_CONTENT_POSTER'];

/** A post as the Posts API stores and reads it back. */
export interface StoredPost {
  id: string;
  author: string;
  commentary: string;
  visibility: string;
  distribution: unknown;
  lifecycleState: string;
  isReshareDisabledByAuthor: boolean;
  content?: Record<string, unknown>;
  createdAt: number;
  publishedAt: number;
  lastModifiedAt: number;
}

/** What was published, for tests: the post, and the kinds of media it carries. */
export interface PublishedPost {
  id: string;
  author: string;
  commentary: string;
  media: { kind: 'image' | 'video'; urn: string }[];
  article?: string;
  createdAt: Date;
}

export function createLinkedInState(now: () => Date, app: AppConfig, roles: OrganizationRole[]) {
  const tokens = new Map<string, IssuedToken>();
  const refreshTokens = new Map<string, RefreshToken>();
  const codes = new Map<string, AuthorizationCode>();
  const posts: StoredPost[] = [];
  const published: PublishedPost[] = [];
  let serial = 0;
  let revokedBefore = 0;
  let nextId = 7_200_000_000_000_000_000n;

  const random = (bytes: number) => randomBytes(bytes).toString('base64url');

  const issue = (scopes: string[], ttlSeconds = ACCESS_TOKEN_SECONDS): IssuedToken => {
    const issuedAt = now().getTime();
    const token = { value: `AQ${random(36)}`, scopes: [...scopes], issuedAt, expiresAt: issuedAt + ttlSeconds * 1000, serial: ++serial };
    tokens.set(token.value, token);
    return token;
  };

  const issueRefresh = (scopes: string[], expiresAt = now().getTime() + REFRESH_TOKEN_SECONDS * 1000): RefreshToken => {
    const token = { value: `AQX${random(36)}`, scopes: [...scopes], expiresAt, serial: ++serial };
    refreshTokens.set(token.value, token);
    return token;
  };

  /** The token of a call, or the documented 401. */
  const check = (authorization: string | undefined): IssuedToken => {
    const [scheme = '', value, ...rest] = (authorization ?? '').split(' ');
    if (!authorization || !value) throw refuse.noToken();
    if (scheme.toLowerCase() !== 'bearer' || rest.length > 0)
      throw new LinkedInError(401, 'Unknown authentication scheme', 'INVALID_AUTHENTICATION_SCHEME', 401);
    const token = tokens.get(value);
    if (!token) throw refuse.invalidToken();
    if (token.serial <= revokedBefore) throw refuse.revoked();
    if (token.expiresAt <= now().getTime()) throw refuse.expired();
    return token;
  };

  const requireScope = (token: IssuedToken, anyOf: string[], resource: string) => {
    if (!anyOf.some((scope) => token.scopes.includes(scope))) throw refuse.permission(resource);
  };

  /** Who may act as `urn` with `token`: the member themself (member scope), or an organization they hold a posting role on. */
  const requireActor = (token: IssuedToken, urn: string, memberScopes: string[], organizationScopes: string[], resource: string) => {
    if (urn === PERSON_URN) return requireScope(token, memberScopes, resource);
    if (urn === ORGANIZATION_URN && roles.some((role) => POSTING_ROLES.includes(role))) return requireScope(token, organizationScopes, resource);
    throw refuse.permission(resource);
  };

  return {
    now,
    app,
    roles,
    tokens,
    posts,
    published,
    issue,
    issueRefresh,
    check,
    requireScope,
    requireActor,
    newId: () => (nextId += BigInt(1 + Math.floor(Math.random() * 1000))).toString(),
    newCode(code: Omit<AuthorizationCode, 'issuedAt' | 'used'>): string {
      const value = `AQ${random(48)}`;
      codes.set(value, { ...code, issuedAt: now().getTime(), used: false });
      return value;
    },
    /** The code for one exchange, or undefined when it is unknown, used, expired or was issued for another redirect URI. */
    takeCode(value: string | undefined, redirectUri: string | undefined): AuthorizationCode | undefined {
      const code = value === undefined ? undefined : codes.get(value);
      if (!code || code.used || now().getTime() - code.issuedAt > CODE_TTL_MS || code.redirectUri !== redirectUri) return undefined;
      code.used = true;
      return code;
    },
    takeRefresh(value: string | undefined): RefreshToken | undefined {
      const token = value === undefined ? undefined : refreshTokens.get(value);
      if (!token || token.serial <= revokedBefore || token.expiresAt <= now().getTime()) return undefined;
      return token;
    },
    /** The member removes the app (or LinkedIn revokes it): every token and refresh token issued so far stops working. */
    revoke() {
      revokedBefore = serial;
    },
  };
}

export type LinkedInState = ReturnType<typeof createLinkedInState>;
