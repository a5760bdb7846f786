import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { ProviderApp } from '../../../provider-config';
import type { CredentialStore } from '../channels/channel';
import { X_NETWORK } from '../channels/x-api';
import type { OutboundPolicy } from '../outbound';
import type { AttemptOutcome } from '../outcome';
import { pause } from '../pause';
import { tokenClient, tokenRequestOptions, type TokenClient } from './sign-in-steps';

/**
 * X's tokens (docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code and .../user-access-token):
 * an access token lasts two hours; with offline.access a refresh token comes with it, and each refresh
 * (POST /2/oauth2/token, grant_type=refresh_token, the confidential client in HTTP Basic) answers a new
 * refresh token while the one used stops working. So refreshed tokens are stored (CredentialStore) before
 * anything uses them, and a refresh refused because another worker or process used the same refresh token
 * first takes the tokens that one stored. X names no lifetime for a refresh token ("offline.access: Stay
 * connected to your account until you revoke access"); one left unused for RENEW_AFTER_MS is renewed by
 * the token upkeep anyway, so disuse never ends a connection.
 */

/** What an X connection seals. The access token's end is kept here; the connection's `tokenExpiresAt` is when the upkeep renews the refresh token. */
export const xCredentialsSchema = z.object({
  userId: z.string(),
  username: z.string(),
  accessToken: z.string(),
  accessExpiresAt: z.string(),
  refreshToken: z.string(),
});
export type XCredentials = z.infer<typeof xCredentialsSchema>;

/** An access token this close to its end is refreshed before a post goes out with it (an upload of a video takes minutes). */
export const ACCESS_MARGIN_MS = 10 * 60_000;
/** A refresh token unused this long is renewed by the token upkeep (its sweep renews REFRESH_AHEAD_MS, 10 days, ahead of `tokenExpiresAt`). */
export const RENEW_AFTER_MS = 30 * 86_400_000;
/** When a refresh is refused, the stored credentials are read again after these pauses: the refresh that won may not be stored yet. */
const REREAD_PAUSES_MS = [0, 100, 250, 500, 1000, 2000];

/** When the connection's refresh token is next renewed by the upkeep, from a rotation at `at`. */
export const renewBy = (at: Date) => new Date(at.getTime() + RENEW_AFTER_MS).toISOString();

export type Fresh = { ok: true; credentials: XCredentials } | { ok: false; outcome: AttemptOutcome };

/** Each call's clock and time limit. */
interface Call {
  now: () => Date;
  signal?: AbortSignal | undefined;
}

export function xTokenClient(app: ProviderApp): TokenClient {
  return tokenClient(app, `${app.authUrl}/i/oauth2/authorize`, `${app.apiUrl}/2/oauth2/token`, 'basic');
}

/** The credentials a token answer makes, from the account they belong to. */
export function credentialsOf(account: Pick<XCredentials, 'userId' | 'username'>, answer: oauth.TokenEndpointResponse, now: Date): XCredentials | undefined {
  if (!answer.refresh_token) return undefined;
  return {
    ...account,
    accessToken: answer.access_token,
    accessExpiresAt: new Date(now.getTime() + (answer.expires_in ?? 7200) * 1000).toISOString(),
    refreshToken: answer.refresh_token,
  };
}

const lost = (why: string): AttemptOutcome => ({
  result: 'failed',
  detail: `${X_NETWORK} no longer accepts this connection: ${why}. Reconnect it in Settings → Connections.`,
  connectionLost: true,
});

/**
 * Refreshing and rotating one X app's tokens. Refreshes of one refresh token within this process share
 * one request; across processes the one X refuses reads the stored credentials again.
 */
export function createXTokens(app: ProviderApp, policy: OutboundPolicy) {
  const client = xTokenClient(app);
  const inFlight = new Map<string, Promise<Fresh>>();

  /** POST /2/oauth2/token with the refresh token: the rotated credentials, 'refused' (X no longer takes it), or the outcome in words. */
  async function requestRefresh(credentials: XCredentials, { now, signal }: Call): Promise<XCredentials | 'refused' | AttemptOutcome> {
    const { as, client: id, auth } = client;
    const options = tokenRequestOptions(client, { policy });
    let answer: oauth.TokenEndpointResponse;
    try {
      const response = await oauth.refreshTokenGrantRequest(as, id, auth, credentials.refreshToken, {
        ...options,
        signal: signal ? AbortSignal.any([signal, options.signal]) : options.signal,
      });
      answer = await oauth.processRefreshTokenResponse(as, id, response);
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError) {
        if (error.error === 'invalid_client' || error.error === 'unauthorized_client')
          return {
            result: 'failed',
            detail: `${X_NETWORK} refused this server's app (${error.error}). Ask the server's administrator to check X_CLIENT_ID and X_CLIENT_SECRET, then retry.`,
          };
        if (error.status === 400 || error.status === 401) return 'refused';
        return { result: 'retry', detail: `${X_NETWORK} had trouble renewing the connection's sign-in (${error.status}).` };
      }
      // No answer, or one we could not read: the refresh token may or may not have been spent; the next attempt tells.
      return { result: 'retry', detail: `Not sent: ${X_NETWORK} did not answer when the connection's sign-in was renewed.` };
    }
    const next = credentialsOf(credentials, answer, now());
    return next ?? { result: 'retry', detail: `${X_NETWORK} renewed the sign-in without a new refresh token.` };
  }

  /** After a refusal: the credentials another worker stored meanwhile, read again for a few moments, or the connection is lost. */
  async function storedByAnother(used: XCredentials, store: CredentialStore, signal: AbortSignal | undefined): Promise<Fresh> {
    for (const wait of REREAD_PAUSES_MS) {
      if (!(await pause(wait, signal)))
        return { ok: false, outcome: { result: 'retry', detail: `Not sent: the time limit passed while waiting for ${X_NETWORK}'s renewed sign-in.` } };
      const parsed = xCredentialsSchema.safeParse(await store.currentCredentials());
      if (!parsed.success)
        return { ok: false, outcome: { result: 'failed', detail: 'The connection was removed or can no longer be read. Add it again, then retry.' } };
      if (parsed.data.refreshToken !== used.refreshToken) return { ok: true, credentials: parsed.data };
    }
    return { ok: false, outcome: lost('its sign-in was revoked or has ended') };
  }

  async function rotate(credentials: XCredentials, store: CredentialStore, call: Call): Promise<Fresh> {
    const answer = await requestRefresh(credentials, call);
    if (answer === 'refused') return storedByAnother(credentials, store, call.signal);
    if ('result' in answer) return { ok: false, outcome: answer };
    // Stored before anything uses it: the refresh token just used no longer works.
    await store.rotateCredentials(answer, renewBy(call.now()));
    return { ok: true, credentials: answer };
  }

  /** Renews the tokens now (the upkeep, and an access token near its end), storing the new ones before they are used. */
  function refresh(credentials: XCredentials, store: CredentialStore, call: Call): Promise<Fresh> {
    const key = credentials.refreshToken;
    const running = inFlight.get(key);
    if (running) return running;
    const started = rotate(credentials, store, call).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  return {
    refresh,
    /** Credentials whose access token lasts the attempt: these, or refreshed ones (stored first). */
    async fresh(credentials: XCredentials, store: CredentialStore | undefined, call: Call): Promise<Fresh> {
      const lasting = (tokens: XCredentials) => Date.parse(tokens.accessExpiresAt) - call.now().getTime() > ACCESS_MARGIN_MS;
      if (lasting(credentials) || !store) return { ok: true, credentials };
      const fresh = await refresh(credentials, store, call);
      // Another worker's tokens may themselves be near their end: renewed once more with its refresh token.
      if (fresh.ok && !lasting(fresh.credentials)) return refresh(fresh.credentials, store, call);
      return fresh;
    },
  };
}

export type XTokens = ReturnType<typeof createXTokens>;
