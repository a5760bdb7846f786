import { NETWORKS } from '@shared/networks';
import { PROVIDER_HOSTS, type ProvidersConfig } from '../../../provider-config';
import { linkedinCredentialsSchema } from '../channels/linkedin-api';
import { instagramCredentialsSchema, threadsCredentialsSchema } from '../channels/meta-credentials';
import type { CredentialStore } from '../channels/channel';
import { createBackoff, graphCall, type GraphApi } from '../channels/meta-graph';
import type { AttemptOutcome } from '../outcome';
import type { OutboundPolicy } from '../outbound';
import { refreshLinkedIn } from './linkedin-sign-in';
import { expiryOf } from './sign-in-steps';
import { createXTokens, xCredentialsSchema } from './x-tokens';

/**
 * Renewing long-lived tokens before their 60 days end, by connection kind:
 * - Threads: GET graph.threads.net/refresh_access_token?grant_type=th_refresh_token&access_token=…
 *   (threads/get-started/long-lived-tokens: a long-lived token at least 24 hours old and unexpired);
 * - Instagram through Instagram Login (its credentials' api is Instagram's own): GET graph.instagram.com/refresh_access_token?
 *   grant_type=ig_refresh_token (instagram-platform/reference/refresh_access_token; same rules).
 * - LinkedIn, where LinkedIn gave a refresh token (approved partners only): its token endpoint's
 *   grant_type=refresh_token (linkedin-sign-in.ts); without one a LinkedIn sign-in ends after 60 days.
 * Facebook Page tokens (and Instagram through a Page) made from a long-lived user token do not expire.
 * The token goes in the query, as documented, and in the Authorization header (graphCall); neither is logged.
 * - X: a refresh token unused for a while is renewed through the same rotation as at send time
 *   (x-tokens.ts), which stores the rotated tokens itself before anything else happens.
 */
/** Fresh credentials from a refresh, and when they in turn stop working (null: they do not expire). */
interface Refreshed<C> {
  credentials: C;
  expiresAt: string | null;
}

/** `stored`: the rotation stored the credentials itself (X), whatever changed meanwhile. */
export type RefreshAnswer = { ok: true; refreshed: Refreshed<unknown> } | { ok: true; stored: true } | { ok: false; outcome: AttemptOutcome };

const { instagram, linkedin, threads, twitter } = NETWORKS;

interface Setup {
  providers: ProvidersConfig;
  policy: OutboundPolicy;
  now: () => Date;
}

export function createTokenRefresh({ providers, policy, now }: Setup) {
  const backoff = createBackoff();
  const x = providers.x ? createXTokens(providers.x, policy) : undefined;
  const call = async (api: GraphApi, grantType: string, token: string, account: string) => {
    const answer = await graphCall<{ access_token?: string; expires_in?: number }>(
      api,
      { method: 'GET', path: '/refresh_access_token', params: { grant_type: grantType, access_token: token }, token },
      { policy, backoff, account, now },
    );
    if (!answer.ok) return answer;
    if (!answer.json.access_token) return { ok: false as const, outcome: { result: 'retry' as const, detail: `${api.network} answered without a token.` } };
    return { ok: true as const, token: answer.json.access_token, expiresAt: expiryOf(answer.json.expires_in, now()) };
  };

  return {
    /** Whether tokens of this kind of connection are renewed here; with its credentials, whether this one's can be (a LinkedIn sign-in needs a refresh token). */
    refreshes(kind: string, credentials?: unknown): boolean {
      if (kind === linkedin.id) return credentials === undefined || linkedinCredentialsSchema.safeParse(credentials).data?.refreshToken !== undefined;
      return kind === threads.id || kind === instagram.id || (kind === twitter.id && x !== undefined);
    },

    /**
     * Fresh credentials and their expiry, or the outcome in words (`connectionLost` when the network no longer
     * accepts the token). Rotating tokens (X) are stored in `store` as soon as they are received.
     */
    async refresh(kind: string, sealed: unknown, store: CredentialStore): Promise<RefreshAnswer> {
      if (kind === twitter.id && x) {
        const answer = await x.refresh(xCredentialsSchema.parse(sealed), store, { now, signal: AbortSignal.timeout(policy.timeoutMs * 2) });
        return answer.ok ? { ok: true, stored: true } : answer;
      }
      if (kind === threads.id) {
        const credentials = threadsCredentialsSchema.parse(sealed);
        const api = { baseUrl: providers.threads?.apiUrl ?? PROVIDER_HOSTS.threads.api, version: '', network: threads.label };
        const answer = await call(api, 'th_refresh_token', credentials.accessToken, credentials.threadsUserId);
        if (!answer.ok) return answer;
        return { ok: true, refreshed: { credentials: { ...credentials, accessToken: answer.token }, expiresAt: answer.expiresAt } };
      }
      if (kind === instagram.id) {
        const credentials = instagramCredentialsSchema.parse(sealed);
        // Through a Page the token is the Page's, which does not expire: nothing to renew.
        if (credentials.api !== instagram.id) return { ok: true, refreshed: { credentials, expiresAt: null } };
        const api = { baseUrl: providers.instagram?.apiUrl ?? PROVIDER_HOSTS.instagram.api, version: '', network: instagram.label };
        const answer = await call(api, 'ig_refresh_token', credentials.accessToken, credentials.igUserId);
        if (!answer.ok) return answer;
        return { ok: true, refreshed: { credentials: { ...credentials, accessToken: answer.token }, expiresAt: answer.expiresAt } };
      }
      if (kind === linkedin.id && providers.linkedin)
        return refreshLinkedIn(providers.linkedin, linkedinCredentialsSchema.parse(sealed), { providers, policy, now });
      return { ok: false, outcome: { result: 'failed', detail: 'This kind of connection has no token to renew.' } };
    },
  };
}

export type TokenRefresh = ReturnType<typeof createTokenRefresh>;
