import * as oauth from 'oauth4webapi';
import { NETWORKS } from '@shared/networks';
import type { OAuthProvider } from '@shared/schemas/publishing';
import type { ProviderApp } from '../../../provider-config';
import { GRAPH_API_VERSION, THREADS_API_VERSION, type GraphApi } from '../channels/meta-graph';
import { googleSignIn } from './google-sign-in';
import { instagramSignIn } from './instagram-sign-in';
import { xSignIn } from './x-sign-in';
import { linkedinSignIn } from './linkedin-sign-in';
import {
  authorizationUrl,
  bearerTyped,
  expiryOf,
  graph,
  HOSTS,
  longLivedToken,
  shortLivedToken,
  SignInRefused,
  tokenClient,
  tokenRequestOptions,
  type FoundAccount,
  type ProviderSignIn,
  type Setup,
} from './sign-in-steps';

/**
 * Signing in with Meta's providers (authorization code flow, through oauth4webapi), then the long-lived
 * token and the accounts it reaches. Written from developers.facebook.com/documentation/facebook-login/
 * guides/advanced/manual-flow and .../advanced/oidc-token (PKCE), .../access-tokens/get-long-lived,
 * graph-api/reference/user/accounts and /debug_token; threads/get-started/get-access-tokens-and-permissions
 * (no PKCE there: Threads' Authorization Window documents client_id, redirect_uri, scope, response_type and
 * state only) and threads/get-started/long-lived-tokens. Instagram Login is instagram-sign-in.ts.
 */

const { facebook, instagram, threads } = NETWORKS;
/** Facebook Pages: list them, publish and read back. `business_management` reaches Pages a business portfolio owns. */
const PAGE_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'];
const INSTAGRAM_SCOPES = ['instagram_basic', 'instagram_content_publish'];
export const SCOPES = {
  facebook: [...PAGE_SCOPES, 'business_management', ...INSTAGRAM_SCOPES],
  threads: ['threads_basic', 'threads_content_publish'],
};

function facebookSignIn(app: ProviderApp, setup: Setup): ProviderSignIn {
  const oauthClient = tokenClient(app, `${app.authUrl}/${GRAPH_API_VERSION}/dialog/oauth`, `${app.apiUrl}/${GRAPH_API_VERSION}/oauth/access_token`);
  const { as, client, auth } = oauthClient;
  const api: GraphApi = { baseUrl: app.apiUrl, version: GRAPH_API_VERSION, network: facebook.label };
  return {
    pkce: true,
    authorizeUrl: ({ state, redirectUri, codeChallenge }) => authorizationUrl(oauthClient, { redirectUri, scopes: SCOPES.facebook, state, codeChallenge }),
    async finish({ callback, state, redirectUri, verifier }) {
      const short = await shortLivedToken(oauthClient, { callback, state, redirectUri, verifier }, setup);
      // get-long-lived: the same endpoint with grant_type=fb_exchange_token; the secret goes in the body, not a URL.
      const long = await oauth.processGenericTokenEndpointResponse(
        as,
        client,
        await oauth.genericTokenEndpointRequest(
          as,
          client,
          auth,
          'fb_exchange_token',
          { fb_exchange_token: short.access_token },
          tokenRequestOptions(oauthClient, setup),
        ),
      );
      const token = long.access_token;
      // debug_token with the app's token: the permissions the person left ticked.
      const debug = await graph<{ data?: { scopes?: string[] } }>(
        api,
        { method: 'GET', path: '/debug_token', params: { input_token: token }, token: `${app.clientId}|${app.clientSecret}` },
        setup,
      );
      const granted = new Set(debug.data?.scopes ?? []);
      if (PAGE_SCOPES.some((scope) => !granted.has(scope)))
        throw new SignInRefused('oauth_missing_permission', 'Facebook was not allowed to list and publish to your Pages.');
      const withInstagram = INSTAGRAM_SCOPES.every((scope) => granted.has(scope));
      const pages = await graph<{
        data?: { id: string; name?: string; access_token?: string; instagram_business_account?: { id: string; username?: string } }[];
      }>(
        api,
        { method: 'GET', path: '/me/accounts', params: { fields: 'id,name,access_token,instagram_business_account{id,username}', limit: '100' }, token },
        setup,
      );
      const found: FoundAccount[] = [];
      for (const page of pages.data ?? []) {
        if (!page.access_token) continue;
        const name = page.name ?? page.id;
        found.push({
          kind: facebook.id,
          accountId: page.id,
          name,
          target: HOSTS.facebook,
          credentials: { pageId: page.id, pageToken: page.access_token },
          tokenExpiresAt: null,
        });
        const linked = page.instagram_business_account;
        // Without the Instagram permissions the linked account could not publish: it is not offered.
        if (linked && withInstagram)
          found.push({
            kind: instagram.id,
            accountId: linked.id,
            name: linked.username ? `@${linked.username}` : `${name} on Instagram`,
            target: HOSTS.instagram,
            credentials: { igUserId: linked.id, accessToken: page.access_token, api: facebook.id },
            tokenExpiresAt: null,
          });
      }
      return found;
    },
  };
}

/** Threads' code exchange answers `{ access_token, user_id }` without the `token_type` RFC 6749 requires (bearerTyped adds it). */
const withBearerType = bearerTyped();

function threadsSignIn(app: ProviderApp, setup: Setup): ProviderSignIn {
  const oauthClient = tokenClient(app, `${app.authUrl}/oauth/authorize`, `${app.apiUrl}/oauth/access_token`);
  // The token endpoints carry no version; the rest is under v1.0.
  const tokens: GraphApi = { baseUrl: app.apiUrl, version: '', network: threads.label };
  const api: GraphApi = { ...tokens, version: THREADS_API_VERSION };
  return {
    pkce: false,
    authorizeUrl: ({ state, redirectUri }) => authorizationUrl(oauthClient, { redirectUri, scopes: SCOPES.threads, state }),
    async finish({ callback, state, redirectUri }) {
      const short = await shortLivedToken(oauthClient, { callback, state, redirectUri }, setup, withBearerType);
      // long-lived-tokens: GET /access_token?grant_type=th_exchange_token, as the docs give it (a GET only).
      const long = await longLivedToken(tokens, 'th_exchange_token', app, short.access_token, setup);
      const me = await graph<{ id: string; username?: string }>(
        api,
        { method: 'GET', path: '/me', params: { fields: 'id,username' }, token: long.access_token },
        setup,
      );
      return [
        {
          kind: threads.id,
          accountId: me.id,
          name: me.username ? `@${me.username}` : me.id,
          target: HOSTS.threads,
          credentials: { threadsUserId: me.id, accessToken: long.access_token },
          tokenExpiresAt: expiryOf(long.expires_in, setup.now()),
        },
      ];
    },
  };
}

/** The sign-ins the operator configured; one left out is never offered. */
export function createSignIns(setup: Setup): Partial<Record<OAuthProvider, ProviderSignIn>> {
  const { providers } = setup;
  return {
    ...(providers.facebook ? { facebook: facebookSignIn(providers.facebook, setup) } : {}),
    ...(providers.instagram ? { instagram: instagramSignIn(providers.instagram, setup) } : {}),
    ...(providers.threads ? { threads: threadsSignIn(providers.threads, setup) } : {}),
    ...(providers.google ? { google: googleSignIn(providers.google, setup) } : {}),
    ...(providers.x ? { x: xSignIn(providers.x, setup) } : {}),
    ...(providers.linkedin ? { linkedin: linkedinSignIn(providers.linkedin, setup) } : {}),
  };
}
