import { randomBytes } from 'node:crypto';
import { OAuthError } from './google-errors';

/** The scope that reads and writes Business Profiles (every Business Profile method's "Authorization scopes"). */
export const BUSINESS_SCOPE = 'https://www.googleapis.com/auth/business.manage';
/** The older scope the v4 methods still list beside it. */
export const LEGACY_BUSINESS_SCOPE = 'https://www.googleapis.com/auth/plus.business.manage';

/** An access token lives an hour: the token endpoint answers `expires_in: 3599`. */
export const ACCESS_TOKEN_SECONDS = 3599;
/** The docs give no lifetime for an authorization code; ten minutes here. */
export const CODE_TTL_MS = 10 * 60_000;

/** The one person, their Business Profile account and its locations. */
export const GOOGLE_ACCOUNTS = {
  account: {
    name: 'accounts/109876543210987654321',
    accountName: 'Bright Smile Owner',
    type: 'PERSONAL',
    verificationState: 'VERIFIED',
    vettedState: 'NOT_VETTED',
  },
  locations: [
    {
      name: 'locations/4720011223344556677',
      title: 'Bright Smile Dental',
      websiteUri: 'https://brightsmile.example/',
      phoneNumbers: { primaryPhone: '(555) 010-2000' },
      storefrontAddress: { regionCode: 'US', postalCode: '94110', locality: 'San Francisco', addressLines: ['1 Market St'] },
    },
    {
      name: 'locations/4720011223344556688',
      title: 'Bright Smile Dental, Oakland',
      websiteUri: 'https://brightsmile.example/oakland',
      phoneNumbers: { primaryPhone: '(555) 010-3000' },
      storefrontAddress: { regionCode: 'US', postalCode: '94612', locality: 'Oakland', addressLines: ['2 Broadway'] },
    },
  ],
};

export interface GoogleClient {
  id: string;
  secret: string;
  /** The client's Authorized redirect URIs: anything else is redirect_uri_mismatch. */
  redirectUris: string[];
}

interface Grant {
  scopes: string[];
  revoked: boolean;
}

export interface AccessToken {
  value: string;
  grant: Grant;
  expiresAt: number;
}

export interface AuthorizationCode {
  redirectUri: string;
  scopes: string[];
  offline: boolean;
  codeChallenge?: { value: string; method: 'plain' | 'S256' };
  issuedAt: number;
  used: boolean;
}

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

export function createGoogleState(now: () => Date, client: GoogleClient) {
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, Grant>();
  const codes = new Map<string, AuthorizationCode>();

  const issueAccess = (grant: Grant): AccessToken => {
    const token = { value: secret('ya29.'), grant, expiresAt: now().getTime() + ACCESS_TOKEN_SECONDS * 1000 };
    accessTokens.set(token.value, token);
    return token;
  };

  return {
    client,
    now,
    newCode(code: Omit<AuthorizationCode, 'issuedAt' | 'used'>): string {
      const value = secret('4/0A');
      codes.set(value, { ...code, issuedAt: now().getTime(), used: false });
      return value;
    },
    /** A code good for one exchange, within its lifetime, to the redirect_uri it was issued for. */
    takeCode(value: string | undefined, redirectUri: string | undefined): AuthorizationCode {
      const code = value ? codes.get(value) : undefined;
      if (!code || code.used || now().getTime() - code.issuedAt > CODE_TTL_MS) throw new OAuthError('invalid_grant', 'Bad Request');
      if (redirectUri !== code.redirectUri) throw new OAuthError('redirect_uri_mismatch', 'Bad Request');
      code.used = true;
      return code;
    },
    checkClient(id: string | undefined, clientSecret: string | undefined) {
      if (id !== client.id || clientSecret !== client.secret) throw new OAuthError('invalid_client', 'Unauthorized', 401);
    },
    /** A new grant: an access token, and a refresh token when offline access was asked. */
    issue(scopes: string[], offline: boolean) {
      const grant: Grant = { scopes, revoked: false };
      const access = issueAccess(grant);
      let refresh: string | undefined;
      if (offline) {
        refresh = secret('1//0g');
        refreshTokens.set(refresh, grant);
      }
      return { access, refresh };
    },
    refresh(value: string | undefined): AccessToken {
      const grant = value ? refreshTokens.get(value) : undefined;
      if (!grant || grant.revoked) throw new OAuthError('invalid_grant', 'Token has been expired or revoked.');
      return issueAccess(grant);
    },
    /** The token's grant when it is good now; why not otherwise. */
    check(value: string | undefined): { token: AccessToken } | { problem: 'missing' | 'expired' | 'unknown' } {
      if (!value) return { problem: 'missing' };
      const token = accessTokens.get(value);
      if (!token) return { problem: 'unknown' };
      if (token.grant.revoked || token.expiresAt <= now().getTime()) return { problem: 'expired' };
      return { token };
    },
    /** POST /revoke with an access or refresh token: the whole grant goes (web-server guide, "Revoking a token"). */
    revokeToken(value: string | undefined): boolean {
      const grant = value ? (accessTokens.get(value)?.grant ?? refreshTokens.get(value)) : undefined;
      if (!grant || grant.revoked) return false;
      grant.revoked = true;
      return true;
    },
    /** The person removes the app from their Google Account: every grant so far stops working. */
    revokeAll() {
      for (const grant of [...refreshTokens.values(), ...[...accessTokens.values()].map((token) => token.grant)]) grant.revoked = true;
    },
  };
}

export type GoogleState = ReturnType<typeof createGoogleState>;
