import { NETWORKS } from '@shared/networks';
import type { ProviderApp } from '../../../provider-config';
import { xCall } from '../channels/x-api';
import { authorizationUrl, shortLivedToken, SignInRefused, type ProviderSignIn, type Setup } from './sign-in-steps';
import { credentialsOf, renewBy, xTokenClient } from './x-tokens';

/**
 * Signing in with X: OAuth 2.0 authorization code with PKCE (S256), written from docs.x.com/fundamentals/
 * authentication/oauth-2-0/authorization-code and .../user-access-token: the consent page at
 * x.com/i/oauth2/authorize with a space-separated scope, the code exchanged within 30 seconds at
 * api.x.com/2/oauth2/token by the confidential client (HTTP Basic), then GET /2/users/me
 * (docs.x.com/x-api/users/get-my-user) for the account. The answer's `scope` says what the person allowed.
 */
const { twitter } = NETWORKS;
/** Post, read the account and its posts (read-back), upload media, and stay connected (a refresh token). */
export const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'];
/** Shown as the connection's host. */
export const X_HOST = 'x.com';

export function xSignIn(app: ProviderApp, setup: Setup): ProviderSignIn {
  const oauthClient = xTokenClient(app);
  return {
    pkce: true,
    authorizeUrl: ({ state, redirectUri, codeChallenge }) =>
      authorizationUrl(oauthClient, { redirectUri, scopes: X_SCOPES, state, codeChallenge, scopeSeparator: ' ' }),
    async finish({ callback, state, redirectUri, verifier }) {
      const tokens = await shortLivedToken(oauthClient, { callback, state, redirectUri, verifier }, setup);
      const granted = new Set(typeof tokens.scope === 'string' ? tokens.scope.split(' ') : []);
      if (X_SCOPES.some((scope) => !granted.has(scope)) || !tokens.refresh_token)
        throw new SignInRefused('oauth_missing_permission', 'X was not allowed to post, upload media and stay connected for this account.');
      const me = await xCall<{ data?: { id?: unknown; username?: unknown } }>(
        app.apiUrl,
        { method: 'GET', path: '/2/users/me', token: tokens.access_token, signal: AbortSignal.timeout(setup.policy.timeoutMs) },
        setup,
      );
      if (!me.ok) throw new Error(`X refused the sign-in: ${me.outcome.detail}`);
      const { id, username } = me.json.data ?? {};
      if (typeof id !== 'string' || typeof username !== 'string') throw new Error('X did not say which account signed in.');
      const at = setup.now();
      const credentials = credentialsOf({ userId: id, username }, tokens, at)!;
      return [{ kind: twitter.id, accountId: id, name: `@${username}`, target: X_HOST, credentials, tokenExpiresAt: renewBy(at) }];
    },
  };
}
