import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import {
  CONNECTION_NAME_MAX,
  OAUTH_PROVIDERS,
  PROVIDER_KINDS,
  type ConnectOptions,
  type Connection,
  type GrantPick,
  type OAuthConnectError,
  type OAuthGrant,
  type OAuthProvider,
  type OAuthStart,
  type OAuthStarted,
} from '@shared/schemas/publishing';
import { AppError, notFound } from '../../../errors';
import type { Logger } from '../../../platform/logger';
import type { ConnectionRepository, ConnectionRow } from '../connection-repository';
import { CONNECTIONS_PER_USER, toConnection } from '../connection-service';
import { UnreadableCredentials, type SecretBox } from '../secret-box';
import type { GrantRepository } from '../oauth-grant-repository';
import { SignInRefused, type FoundAccount, type ProviderSignIn } from './sign-in-steps';

/** A sign-in is good for this long from its start: the person signs in and picks within it. */
export const GRANT_TTL_MS = 10 * 60_000;

type ReturnScreen = OAuthStart['returnTo'];
/** Sealed on the grant while the provider has the person: the PKCE verifier and where they return. */
interface StartedSecret {
  verifier?: string;
  returnTo: ReturnScreen;
}
/** Sealed on the grant once they are back: the accounts found, with their tokens. */
interface AuthorizedSecret {
  returnTo: ReturnScreen;
  accounts: FoundAccount[];
}

interface Deps {
  grants: GrantRepository;
  connections: ConnectionRepository;
  box: SecretBox;
  signIns: Partial<Record<OAuthProvider, ProviderSignIn>>;
  publicUrl: string;
  log: Logger;
  now: () => Date;
}

/**
 * Connecting accounts by signing in with a provider: start (state and PKCE verifier kept sealed on a
 * grant), the provider's callback (code exchanged, long-lived token, the accounts found, sealed on the
 * grant), then the person picks accounts, each becoming a connection or renewing the one they have.
 * A grant is its user's only, used once, and good for GRANT_TTL_MS.
 */
export function createOAuthService({ grants, connections, box, signIns, publicUrl, log, now }: Deps) {
  const redirectUri = (provider: OAuthProvider) => `${publicUrl}/api/connections/oauth/callback/${provider}`;
  const expired = (row: { expiresAt: string }) => Date.parse(row.expiresAt) <= now().getTime();
  const back = (screen: ReturnScreen, query: { connect: string } | { connect_error: OAuthConnectError }) =>
    `/${screen}?${new URLSearchParams(query).toString()}`;

  function opened<T>(sealed: string): T | undefined {
    try {
      return box.open<T>(sealed);
    } catch (error) {
      if (error instanceof UnreadableCredentials) return undefined;
      throw error;
    }
  }

  async function authorized(userId: string, grantId: string) {
    const row = await grants.findAuthorized(userId, grantId);
    const secret = row && !expired(row) ? opened<AuthorizedSecret>(row.secret) : undefined;
    if (!row || !secret) throw notFound('Sign-in');
    return { row, secret };
  }

  return {
    options(): ConnectOptions {
      return { providers: OAUTH_PROVIDERS.map((provider) => ({ provider, available: signIns[provider] !== undefined })) };
    },

    async start(userId: string, input: OAuthStart): Promise<OAuthStarted> {
      const signIn = signIns[input.provider];
      if (!signIn) throw new AppError('provider_unavailable', 'Connecting this network is not set up on this server. Ask its administrator to enable it.');
      if (input.connectionId !== undefined) {
        const connection = await connections.find(userId, input.connectionId);
        if (!connection) throw notFound('Connection');
        if (!(PROVIDER_KINDS[input.provider] as readonly string[]).includes(connection.kind))
          throw new AppError('bad_request', 'This connection is not renewed by signing in with that provider.');
      }
      const at = now();
      await grants.removeExpired(at.toISOString());
      const state = oauth.generateRandomState();
      const verifier = signIn.pkce ? oauth.generateRandomCodeVerifier() : undefined;
      const secret: StartedSecret = { returnTo: input.returnTo, ...(verifier ? { verifier } : {}) };
      await grants.insert({
        id: randomUUID(),
        userId,
        provider: input.provider,
        state,
        secret: box.seal(secret),
        reconnectId: input.connectionId ?? null,
        stage: 'started',
        createdAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + GRANT_TTL_MS).toISOString(),
      });
      const codeChallenge = verifier ? await oauth.calculatePKCECodeChallenge(verifier) : undefined;
      return { authorizeUrl: signIn.authorizeUrl({ state, redirectUri: redirectUri(input.provider), codeChallenge }) };
    },

    /**
     * The provider sends the browser back here: answers where it goes next, `/<screen>?connect=<grantId>`,
     * or `?connect_error=<code>` (never a token in the address, never an error page).
     */
    async callback(userId: string, provider: OAuthProvider, url: URL): Promise<string> {
      const state = url.searchParams.get('state');
      const row = state ? await grants.findStarted(userId, state) : undefined;
      const secret = row ? opened<StartedSecret>(row.secret) : undefined;
      if (!row || !secret || row.provider !== provider) return back('settings', { connect_error: 'oauth_failed' });
      // The state is spent on first use, whatever follows.
      if (!(await grants.advance(row.id, 'started', 'exchanging', row.secret)) || expired(row)) return back(secret.returnTo, { connect_error: 'oauth_failed' });
      const signIn = signIns[provider];
      if (!signIn) return back(secret.returnTo, { connect_error: 'provider_unavailable' });
      let accounts: FoundAccount[];
      try {
        accounts = await signIn.finish({ callback: url, state: row.state, redirectUri: redirectUri(provider), verifier: secret.verifier });
      } catch (error) {
        const code = error instanceof SignInRefused ? error.code : 'oauth_failed';
        // Only the error's kind: a library's error may carry the provider's answer, tokens included.
        log.warn({ event: 'oauth.sign_in_failed', provider, code, error: error instanceof Error ? error.name : 'unknown' });
        return back(secret.returnTo, { connect_error: code });
      }
      const sealed: AuthorizedSecret = { returnTo: secret.returnTo, accounts };
      if (!(await grants.advance(row.id, 'exchanging', 'authorized', box.seal(sealed)))) return back(secret.returnTo, { connect_error: 'oauth_failed' });
      return back(secret.returnTo, { connect: row.id });
    },

    async grant(userId: string, grantId: string): Promise<OAuthGrant> {
      const { row, secret } = await authorized(userId, grantId);
      const accounts = await Promise.all(
        secret.accounts.map(async (account) => ({
          accountId: account.accountId,
          kind: account.kind,
          name: account.name,
          connectionId: (await connections.findByAccount(userId, account.kind, account.accountId))?.id ?? null,
        })),
      );
      return { id: row.id, provider: row.provider as OAuthProvider, accounts, expiresAt: row.expiresAt };
    },

    /** The picked accounts become connections, or renew the user's connection for that account (its id, name, routes and posts kept). */
    async pick(userId: string, grantId: string, input: GrantPick): Promise<Connection[]> {
      const { secret } = await authorized(userId, grantId);
      const picked = input.accounts.map((choice) => {
        const account = secret.accounts.find((candidate) => candidate.kind === choice.kind && candidate.accountId === choice.accountId);
        if (!account) throw new AppError('bad_request', 'Pick accounts from this sign-in only.');
        return { account, networks: choice.networks };
      });
      if (!(await grants.take(userId, grantId))) throw notFound('Sign-in');
      const ids: string[] = [];
      for (const { account, networks } of picked) {
        const at = now().toISOString();
        const credentials = box.seal(account.credentials);
        const existing = await connections.findByAccount(userId, account.kind, account.accountId);
        if (existing && (await connections.renew(userId, existing.id, { credentials, tokenExpiresAt: account.tokenExpiresAt, at }, networks))) {
          ids.push(existing.id);
          continue;
        }
        const row: ConnectionRow = {
          id: randomUUID(),
          userId,
          kind: account.kind,
          name: account.name.slice(0, CONNECTION_NAME_MAX),
          target: account.target,
          credentials,
          accountId: account.accountId,
          health: 'healthy',
          healthReason: null,
          tokenExpiresAt: account.tokenExpiresAt,
          restUntil: null,
          createdAt: at,
          updatedAt: at,
        };
        if (!(await connections.insertWithin(row, networks, CONNECTIONS_PER_USER)))
          throw new AppError('connection_limit', `You have ${CONNECTIONS_PER_USER} connections, the most allowed. Remove one you no longer use first.`);
        ids.push(row.id);
      }
      const listed = await connections.list(userId);
      return ids.flatMap((id) => listed.filter((row) => row.id === id).map((row) => toConnection(row, row.networks, now())));
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
