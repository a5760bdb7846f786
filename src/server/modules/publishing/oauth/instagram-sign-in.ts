import { NETWORKS } from '@shared/networks';
import { PROVIDER_HOSTS, type ProviderApp } from '../../../provider-config';
import { GRAPH_API_VERSION, type GraphApi } from '../channels/meta-graph';
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
  type ProviderSignIn,
  type Setup,
} from './sign-in-steps';

/**
 * Instagram Login ("Business Login for Instagram"): a professional account without a Facebook Page, with
 * its own token. Written from developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/
 * business-login: the authorization window at www.instagram.com/oauth/authorize (client_id, redirect_uri,
 * response_type=code, a comma-separated scope, state; no PKCE is documented, so none is sent), the code
 * exchanged at api.instagram.com/oauth/access_token (INSTAGRAM_TOKEN_URL), then graph.instagram.com's
 * /access_token?grant_type=ig_exchange_token for the 60-day token, and /me?fields=user_id,username
 * (instagram-platform/reference/me) for the account publishing takes: `user_id`, not the app-scoped `id`.
 */
const { instagram } = NETWORKS;
export const INSTAGRAM_LOGIN_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'];

/**
 * The exchange answers `{ data: [{ access_token, user_id, permissions }] }` in the business-login guide and
 * `{ access_token, user_id }` in the oauth-access-token reference, never with the `token_type` RFC 6749
 * requires: the one entry is unwrapped (and given `token_type: bearer`, bearerTyped).
 */
const conformingTokenAnswer = bearerTyped((body) =>
  Array.isArray(body.data) && body.data.length === 1 && typeof body.data[0] === 'object' ? (body.data[0] as Record<string, unknown>) : body,
);

/** The permissions the person left ticked: a comma-separated list, or a list; undefined when the answer does not say. */
function grantedOf(permissions: unknown): Set<string> | undefined {
  if (typeof permissions === 'string') return new Set(permissions.split(',').map((scope) => scope.trim()));
  if (Array.isArray(permissions)) return new Set(permissions.map(String));
  return undefined;
}

export function instagramSignIn(app: ProviderApp, setup: Setup): ProviderSignIn {
  const tokenUrl = app.hosts.token ?? PROVIDER_HOSTS.instagram.more!.token!;
  const oauthClient = tokenClient(app, `${app.authUrl}/oauth/authorize`, `${tokenUrl}/oauth/access_token`);
  // The token endpoints carry no version; /me does.
  const tokens: GraphApi = { baseUrl: app.apiUrl, version: '', network: instagram.label };
  const api: GraphApi = { ...tokens, version: GRAPH_API_VERSION };
  return {
    pkce: false,
    authorizeUrl: ({ state, redirectUri }) => authorizationUrl(oauthClient, { redirectUri, scopes: INSTAGRAM_LOGIN_SCOPES, state }),
    async finish({ callback, state, redirectUri }) {
      const short = await shortLivedToken(oauthClient, { callback, state, redirectUri }, setup, conformingTokenAnswer);
      const granted = grantedOf(short.permissions);
      if (granted && INSTAGRAM_LOGIN_SCOPES.some((scope) => !granted.has(scope)))
        throw new SignInRefused('oauth_missing_permission', 'Instagram was not allowed to publish for this account.');
      // access_token reference: GET /access_token?grant_type=ig_exchange_token.
      const long = await longLivedToken(tokens, 'ig_exchange_token', app, short.access_token, setup);
      const answer = await graph<{ user_id?: unknown; username?: unknown; data?: { user_id?: unknown; username?: unknown }[] }>(
        api,
        { method: 'GET', path: '/me', params: { fields: 'user_id,username' }, token: long.access_token },
        setup,
      );
      const me = answer.data?.[0] ?? answer;
      if (typeof me.user_id !== 'string' && typeof me.user_id !== 'number') throw new Error('Instagram did not say which account signed in.');
      const igUserId = String(me.user_id);
      const username = typeof me.username === 'string' ? me.username : undefined;
      return [
        {
          kind: instagram.id,
          accountId: igUserId,
          name: username ? `@${username}` : igUserId,
          target: HOSTS.instagram,
          credentials: { igUserId, accessToken: long.access_token, api: instagram.id },
          tokenExpiresAt: expiryOf(long.expires_in, setup.now()),
        },
      ];
    },
  };
}
