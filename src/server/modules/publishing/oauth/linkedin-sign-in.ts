import * as oauth from 'oauth4webapi';
import { NETWORKS } from '@shared/networks';
import type { ProviderApp } from '../../../provider-config';
import { createLinkedInApi, type LinkedInApi, type LinkedInCredentials, type LinkedInRequest } from '../channels/linkedin-api';
import type { AttemptOutcome } from '../outcome';
import {
  authorizationUrl,
  bearerTyped,
  expiryOf,
  shortLivedToken,
  SignInRefused,
  tokenClient,
  tokenRequestOptions,
  type FoundAccount,
  type ProviderSignIn,
  type Setup,
} from './sign-in-steps';

/**
 * Signing in with LinkedIn (3-legged OAuth), written from learn.microsoft.com/linkedin/shared/authentication/
 * authorization-code-flow: the authorization page at www.linkedin.com/oauth/v2/authorization (client_id,
 * redirect_uri, state, a space-delimited scope), the code exchanged at /oauth/v2/accessToken for a 60-day
 * token (and, for apps LinkedIn approved for them, a refresh token: programmatic-refresh-tokens). No PKCE:
 * LinkedIn offers it only to native apps it enables one by one (authorization-code-flow-native); a web app
 * sends its state and its secret. The member: consumer/integrations/self-serve/sign-in-with-linkedin-v2
 * (/v2/userinfo's `sub` and `name`). Pages, with the Community Management API (LINKEDIN_ORGANIZATIONS):
 * marketing/community-management/organizations/organization-access-control-by-role (GET /rest/organizationAcls
 * ?q=roleAssignee) and organization-lookup-api (GET /rest/organizations/{id}); the scopes from the
 * community-management-api-migration-guide.
 */
const { linkedin } = NETWORKS;
const HOST = 'www.linkedin.com';
export const LINKEDIN_SCOPES = {
  /** Sign In with LinkedIn using OpenID Connect (openid, profile) and Share on LinkedIn (w_member_social). */
  member: ['openid', 'profile', 'w_member_social'],
  /** Community Management API: post as a Page and read its posts back, and list the Pages the member administers. */
  organizations: ['w_organization_social', 'r_organization_social', 'rw_organization_admin'],
};
/** posts-api: w_organization_social posts for a Page where the member holds one of these roles. */
const POSTING_ROLES = new Set(['ADMINISTRATOR', 'CONTENT_ADMIN', 'DIRECT_SPONSORED_CONTENT_POSTER']);

/**
 * The token answer, with `token_type` where LinkedIn leaves it out (bearerTyped) and without the id_token
 * `openid` adds: the member is read from /v2/userinfo, and the id_token's issuer is not the sign-in host.
 */
const withoutIdToken = bearerTyped((body) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'id_token')));

/** Why LinkedIn sent the person back without a code: Cancel, or a scope the app's products do not grant (the operator's setup). */
function refusedBy(callback: URL): SignInRefused | undefined {
  const error = callback.searchParams.get('error');
  if (error === null) return undefined;
  if (error === 'user_cancelled_authorize' || error === 'user_cancelled_login' || error === 'access_denied')
    return new SignInRefused('oauth_denied', 'The sign-in was cancelled.');
  const refused = new SignInRefused('oauth_failed', 'LinkedIn refused the sign-in.');
  // The log names the kind: 'unauthorized_scope_error' tells the operator a product is missing from the app.
  refused.name = /^[a-z_]{1,60}$/.test(error) ? error : 'linkedin_error';
  return refused;
}

async function read<T>(api: LinkedInApi, request: Omit<LinkedInRequest, 'token'>, token: string, setup: Setup): Promise<T> {
  // Sign-ins are rare and the person waits: no per-account rest applies.
  const answer = await api.call<T>({ ...request, token }, { account: 'sign-in', now: setup.now });
  if (!answer.ok) throw new Error(`LinkedIn refused the sign-in: ${answer.outcome.detail}`);
  return answer.json;
}

/** The Pages the member may post for (organizationAcls), each with its name (Organization Lookup, else its id). */
async function administeredPages(api: LinkedInApi, token: string, setup: Setup): Promise<{ urn: string; name: string }[]> {
  const acls = await read<{ elements?: { organization?: unknown; role?: unknown; state?: unknown }[] }>(
    api,
    { method: 'GET', path: '/rest/organizationAcls', query: { q: 'roleAssignee', state: 'APPROVED', count: '100' } },
    token,
    setup,
  );
  const urns = new Set<string>();
  for (const acl of acls.elements ?? [])
    if (typeof acl.organization === 'string' && acl.organization.startsWith('urn:li:organization:') && POSTING_ROLES.has(String(acl.role)))
      urns.add(acl.organization);
  const pages = [];
  for (const urn of urns) {
    const id = urn.slice('urn:li:organization:'.length);
    const page = await api.call<{ localizedName?: unknown }>(
      { method: 'GET', path: `/rest/organizations/${encodeURIComponent(id)}`, token },
      { account: 'sign-in', now: setup.now },
    );
    const name = page.ok && typeof page.json.localizedName === 'string' ? page.json.localizedName : `LinkedIn Page ${id}`;
    pages.push({ urn, name });
  }
  return pages;
}

export function linkedinSignIn(app: ProviderApp, setup: Setup): ProviderSignIn {
  const oauthClient = tokenClient(app, `${app.authUrl}/oauth/v2/authorization`, `${app.authUrl}/oauth/v2/accessToken`);
  const api = createLinkedInApi({ baseUrl: app.apiUrl, policy: setup.policy });
  const scopes = [...LINKEDIN_SCOPES.member, ...(app.organizations ? LINKEDIN_SCOPES.organizations : [])];
  return {
    pkce: false,
    authorizeUrl: ({ state, redirectUri }) => authorizationUrl(oauthClient, { redirectUri, scopes, state, scopeSeparator: ' ' }),
    async finish({ callback, state, redirectUri }) {
      const refused = refusedBy(callback);
      if (refused) throw refused;
      const token = await shortLivedToken(oauthClient, { callback, state, redirectUri }, setup, withoutIdToken);
      // Token introspection: the scopes granted, comma-separated (the member allows all or none).
      const granted = new Set(String(token.scope ?? scopes.join(',')).split(/[\s,]+/));
      if (!granted.has('w_member_social')) throw new SignInRefused('oauth_missing_permission', 'LinkedIn was not allowed to publish for this member.');
      const credentials = {
        accessToken: token.access_token,
        ...(typeof token.refresh_token === 'string' && token.refresh_token ? { refreshToken: token.refresh_token } : {}),
      };
      const tokenExpiresAt = expiryOf(token.expires_in, setup.now());
      const me = await read<{ sub?: unknown; name?: unknown }>(api, { method: 'GET', path: '/v2/userinfo' }, token.access_token, setup);
      if (typeof me.sub !== 'string' || me.sub === '') throw new Error('LinkedIn did not say which member signed in.');
      const person = `urn:li:person:${me.sub}`;
      const account = (urn: string, name: string): FoundAccount => ({
        kind: linkedin.id,
        accountId: urn,
        name,
        target: HOST,
        credentials: { author: urn, ...credentials },
        tokenExpiresAt,
      });
      const found = [account(person, typeof me.name === 'string' && me.name ? me.name : 'LinkedIn member')];
      if (app.organizations && LINKEDIN_SCOPES.organizations.every((scope) => granted.has(scope)))
        for (const page of await administeredPages(api, token.access_token, setup)) found.push(account(page.urn, page.name));
      return found;
    },
  };
}

/**
 * A new 60-day token from the refresh token LinkedIn gives approved partners (programmatic-refresh-tokens:
 * POST /oauth/v2/accessToken with grant_type=refresh_token; the refresh token keeps its first 365 days).
 * A refusal means the member must sign in again; a network that cannot be reached is tried on the next sweep.
 */
export async function refreshLinkedIn(
  app: ProviderApp,
  credentials: LinkedInCredentials,
  setup: Setup,
): Promise<{ ok: true; refreshed: { credentials: LinkedInCredentials; expiresAt: string } } | { ok: false; outcome: AttemptOutcome }> {
  if (!credentials.refreshToken) return { ok: false, outcome: { result: 'failed', detail: 'This LinkedIn sign-in cannot be renewed: reconnect it.' } };
  const oauthClient = tokenClient(app, `${app.authUrl}/oauth/v2/authorization`, `${app.authUrl}/oauth/v2/accessToken`);
  const { as, client, auth } = oauthClient;
  try {
    const answer = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, credentials.refreshToken, {
        ...tokenRequestOptions(oauthClient, setup),
        [oauth.customFetch]: withoutIdToken,
      }),
    );
    const refreshToken = typeof answer.refresh_token === 'string' && answer.refresh_token ? answer.refresh_token : credentials.refreshToken;
    return {
      ok: true,
      refreshed: { credentials: { ...credentials, accessToken: answer.access_token, refreshToken }, expiresAt: expiryOf(answer.expires_in, setup.now()) },
    };
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && error.error !== 'invalid_client')
      return {
        ok: false,
        outcome: {
          result: 'failed',
          detail: 'LinkedIn no longer renews this connection’s sign-in (it was revoked, or its year ended). Reconnect it in Settings → Connections.',
          connectionLost: true,
        },
      };
    return { ok: false, outcome: { result: 'retry', detail: 'LinkedIn could not be reached to renew the sign-in; trying again later.' } };
  }
}
