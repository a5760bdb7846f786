import * as oauth from 'oauth4webapi';
import type { GrantAccount, OAuthConnectError } from '@shared/schemas/publishing';
import type { ProviderApp, ProvidersConfig } from '../../../provider-config';
import type { FacebookCredentials, InstagramCredentials, ThreadsCredentials } from '../channels/meta-credentials';
import { createBackoff, graphCall, type GraphApi, type GraphRequest } from '../channels/meta-graph';
import type { OutboundPolicy } from '../outbound';

/** What every provider's sign-in shares (meta-sign-in.ts, instagram-sign-in.ts): the shapes, the callback check, Graph calls. */

/** One account a sign-in reaches, with what its connection seals. Kept sealed on the grant until picked. */
export interface FoundAccount {
  kind: GrantAccount['kind'];
  accountId: string;
  name: string;
  /** Shown as the connection's host: the network's address, never a token. */
  target: string;
  credentials: FacebookCredentials | InstagramCredentials | ThreadsCredentials;
  /** When its token stops working (null: a Page token made from a long-lived user token does not expire). */
  tokenExpiresAt: string | null;
}

/** A sign-in that ends without accounts, with the code the screen it returns to shows. */
export class SignInRefused extends Error {
  constructor(
    readonly code: OAuthConnectError,
    message: string,
  ) {
    super(message);
  }
}

export interface ProviderSignIn {
  /** Whether the provider takes PKCE (S256). */
  pkce: boolean;
  authorizeUrl(input: { state: string; redirectUri: string; codeChallenge: string | undefined }): string;
  /** The provider's answer at the callback (checked against `state`), exchanged for a long-lived token, then the accounts it reaches. */
  finish(input: { callback: URL; state: string; redirectUri: string; verifier: string | undefined }): Promise<FoundAccount[]>;
}

/** Shown as each account's host. */
export const HOSTS = { facebook: 'www.facebook.com', instagram: 'www.instagram.com', threads: 'www.threads.net' };

export interface Setup {
  providers: ProvidersConfig;
  policy: OutboundPolicy;
  now: () => Date;
}

/** A Graph answer's body, or an error (the caller turns it into 'oauth_failed'). */
export async function graph<T>(api: GraphApi, request: GraphRequest, setup: Setup): Promise<T> {
  // Sign-ins are rare and the person waits: no per-account rest applies.
  const answer = await graphCall<T>(api, request, { policy: setup.policy, backoff: createBackoff(setup.now), account: 'sign-in', now: setup.now });
  if (!answer.ok) throw new Error(`${api.network} refused the sign-in: ${answer.outcome.detail}`);
  return answer.json;
}

/** oauth4webapi refuses http:// unless told; an operator's stand-in on a private network may be plain http. */
export const insecureIfHttp = (url: string) => (url.startsWith('http:') ? { [oauth.allowInsecureRequests]: true } : {});

export function tokenClient(app: ProviderApp, authorizationEndpoint: string, tokenEndpoint: string) {
  const as: oauth.AuthorizationServer = { issuer: app.authUrl, authorization_endpoint: authorizationEndpoint, token_endpoint: tokenEndpoint };
  const client: oauth.Client = { client_id: app.clientId };
  return { as, client, auth: oauth.ClientSecretPost(app.clientSecret) };
}

/** The callback's code, or why there is none: Cancel is 'oauth_denied', anything else 'oauth_failed'. */
export function checkedCallback(as: oauth.AuthorizationServer, client: oauth.Client, callback: URL, state: string): URLSearchParams {
  try {
    return oauth.validateAuthResponse(as, client, callback, state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError && error.error === 'access_denied')
      throw new SignInRefused('oauth_denied', 'The sign-in was cancelled.');
    throw new SignInRefused('oauth_failed', 'The provider did not complete the sign-in.');
  }
}

/** Long-lived tokens last 60 days; an answer without `expires_in` is taken as that. */
export function expiryOf(expiresIn: number | undefined, now: Date): string {
  return new Date(now.getTime() + (expiresIn ?? 60 * 86_400) * 1000).toISOString();
}
