import * as oauth from 'oauth4webapi';
import type { GrantAccount, OAuthConnectError } from '@shared/schemas/publishing';
import type { ProviderApp, ProvidersConfig } from '../../../provider-config';
import { createBackoff, graphCall, type GraphApi, type GraphRequest } from '../channels/meta-graph';
import type { OutboundPolicy } from '../outbound';

/**
 * What every provider's sign-in shares (meta-sign-in.ts, instagram-sign-in.ts): the shapes, the authorization
 * window, the callback check and code exchange, the long-lived token, Graph calls.
 */

/** One account a sign-in reaches, with what its connection seals. Kept sealed on the grant until picked. */
export interface FoundAccount {
  kind: GrantAccount['kind'];
  accountId: string;
  name: string;
  /** Shown as the connection's host: the network's address, never a token. */
  target: string;
  /** Sealed as the connection's credentials; the channel of its kind checks them with its schema when it opens them. */
  credentials: object;
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
  const answer = await graphCall<T>(api, request, { policy: setup.policy, backoff: createBackoff(), account: 'sign-in', now: setup.now });
  if (!answer.ok) throw new Error(`${api.network} refused the sign-in: ${answer.outcome.detail}`);
  return answer.json;
}

/** oauth4webapi refuses http:// unless told; an operator's stand-in on a private network may be plain http. */
const insecureIfHttp = (url: string) => (url.startsWith('http:') ? { [oauth.allowInsecureRequests]: true } : {});

export function tokenClient(app: ProviderApp, authorizationEndpoint: string, tokenEndpoint: string) {
  const as: oauth.AuthorizationServer = { issuer: app.authUrl, authorization_endpoint: authorizationEndpoint, token_endpoint: tokenEndpoint };
  const client: oauth.Client = { client_id: app.clientId };
  return { as, client, auth: oauth.ClientSecretPost(app.clientSecret) };
}
export type TokenClient = ReturnType<typeof tokenClient>;

/** A request to the token endpoint: within the outbound time limit, over plain http only where the endpoint is. */
export const tokenRequestOptions = ({ as }: TokenClient, setup: Setup) => ({
  ...insecureIfHttp(as.token_endpoint!),
  signal: AbortSignal.timeout(setup.policy.timeoutMs),
});

/**
 * The window the person signs in at: the app, where they come back, the scopes (comma-separated, as Meta
 * takes them, or space-separated where the provider asks so), the state and, with PKCE, its challenge.
 */
export function authorizationUrl(
  { as, client }: TokenClient,
  input: { redirectUri: string; scopes: string[]; state: string; codeChallenge?: string | undefined; scopeSeparator?: ',' | ' ' },
): string {
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: input.scopes.join(input.scopeSeparator ?? ','),
    state: input.state,
    ...(input.codeChallenge ? { code_challenge: input.codeChallenge, code_challenge_method: 'S256' } : {}),
  }).toString();
  return url.toString();
}

type TokenFetch = (...args: Parameters<typeof fetch>) => Promise<Response>;

/**
 * The callback checked (checkedCallback) and its code exchanged for the first, short-lived token, with the
 * PKCE verifier where the provider takes it. `fetchHook` mends a provider's non-conforming answer (bearerTyped).
 */
export async function shortLivedToken(
  tokens: TokenClient,
  input: { callback: URL; state: string; redirectUri: string; verifier?: string | undefined },
  setup: Setup,
  fetchHook?: TokenFetch,
) {
  const { as, client, auth } = tokens;
  const params = checkedCallback(as, client, input.callback, input.state);
  return oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, auth, params, input.redirectUri, input.verifier ?? oauth.nopkce, {
      ...tokenRequestOptions(tokens, setup),
      ...(fetchHook ? { [oauth.customFetch]: fetchHook } : {}),
    }),
  );
}

/**
 * oauth4webapi refuses a token answer without the `token_type` RFC 6749 requires; through its hook for
 * non-conforming servers (`customFetch`) the answer (or the entry `entryOf` picks from it) is given
 * `token_type: bearer` where it has none. Refusals pass unchanged.
 */
export function bearerTyped(entryOf: (body: Record<string, unknown>) => Record<string, unknown> = (body) => body): TokenFetch {
  return async (...args) => {
    const response = await fetch(...args);
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return response;
    const body = (await response.json()) as Record<string, unknown>;
    return Response.json({ token_type: 'bearer', ...entryOf(body) }, { status: response.status });
  };
}

/**
 * The short-lived token exchanged for a 60-day one (Instagram's ig_exchange_token, Threads' th_exchange_token):
 * a GET as documented, the app secret in the query (graphCall never logs a URL).
 */
export function longLivedToken(tokens: GraphApi, grantType: string, app: ProviderApp, shortToken: string, setup: Setup) {
  return graph<{ access_token: string; expires_in?: number }>(
    tokens,
    { method: 'GET', path: '/access_token', params: { grant_type: grantType, client_secret: app.clientSecret, access_token: shortToken }, token: shortToken },
    setup,
  );
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
