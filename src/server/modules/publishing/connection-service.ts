import { randomUUID } from 'node:crypto';
import type { Platform } from '@shared/domain/options';
import {
  CONNECTION_EXPIRY_WARNING_DAYS,
  type Connection,
  type ConnectionCreate,
  type ConnectionHealth,
  type ConnectionTestResult,
  type ConnectionUpdate,
  type CreatedConnection,
} from '@shared/schemas/publishing';
import type { ConnectionRepository, ConnectionRow } from './connection-repository';
import { AppError, notFound } from '../../errors';
import type { Channels } from './channels';
import { UnreadableCredentials, type SecretBox } from './secret-box';
import { connectionCredentialStore } from './credential-store';

interface Deps {
  connections: ConnectionRepository;
  box: SecretBox;
  channels: Channels;
  now?: () => Date;
}

export const CONNECTIONS_PER_USER = 20;

/**
 * Healthy, expiring (its token stops working within the warning days: tokens that renew themselves are
 * renewed before then, so only one that cannot be, or whose renewal failed, warns) or disconnected, with
 * the reason in words; a token past its end is disconnected before any post finds out.
 */
export function healthOf(row: Pick<ConnectionRow, 'health' | 'healthReason' | 'tokenExpiresAt'>, now: Date): ConnectionHealth {
  if (row.health === 'disconnected') return { state: 'disconnected', reason: row.healthReason, expiresAt: row.tokenExpiresAt };
  if (row.tokenExpiresAt !== null && Date.parse(row.tokenExpiresAt) <= now.getTime())
    return { state: 'disconnected', reason: 'Its sign-in has ended. Reconnect it to keep posting.', expiresAt: row.tokenExpiresAt };
  const expiring = row.tokenExpiresAt !== null && Date.parse(row.tokenExpiresAt) - now.getTime() < CONNECTION_EXPIRY_WARNING_DAYS * 86_400_000;
  return { state: expiring ? 'expiring' : 'healthy', reason: null, expiresAt: row.tokenExpiresAt };
}

/** A connection as its owner sees it (never its credentials). */
export const toConnection = (row: ConnectionRow, networks: Platform[], now: Date): Connection => ({
  id: row.id,
  kind: row.kind as Connection['kind'],
  name: row.name,
  host: row.target,
  networks,
  health: healthOf(row, now),
  createdAt: row.createdAt,
});

/** The user's connections: added (URL checked, secret made and shown once), tested, renamed, removed. */
export function createConnectionService({ connections, box, channels, now = () => new Date() }: Deps) {
  async function owned(userId: string, id: string): Promise<ConnectionRow> {
    const row = await connections.find(userId, id);
    if (!row) throw notFound('Connection');
    return row;
  }

  /** The connection's credentials; one sealed under another ENCRYPTION_KEY is refused in words. */
  function credentialsOf(row: ConnectionRow): unknown {
    try {
      return box.open(row.credentials);
    } catch (error) {
      if (error instanceof UnreadableCredentials) throw new AppError('connection_unreadable', error.message);
      throw error;
    }
  }

  async function answer(userId: string, id: string): Promise<Connection> {
    const row = (await connections.list(userId)).find((candidate) => candidate.id === id);
    if (!row) throw notFound('Connection');
    return toConnection(row, row.networks, now());
  }

  return {
    async list(userId: string): Promise<Connection[]> {
      return (await connections.list(userId)).map((row) => toConnection(row, row.networks, now()));
    },

    async create(userId: string, input: ConnectionCreate): Promise<CreatedConnection> {
      const { prepare } = channels.channelFor(input.kind);
      // Kinds connected by signing in have no form: their accounts come from oauth/.
      if (!prepare) throw new AppError('bad_request', 'Connect this network with its Connect button in Settings → Connections.');
      const { credentials, target, signingSecret } = await prepare(input);
      const at = now().toISOString();
      const row: ConnectionRow = {
        id: randomUUID(),
        userId,
        kind: input.kind,
        name: input.name,
        target,
        credentials: box.seal(credentials),
        accountId: null,
        health: 'healthy',
        healthReason: null,
        tokenExpiresAt: null,
        restUntil: null,
        createdAt: at,
        updatedAt: at,
      };
      if (!(await connections.insertWithin(row, input.networks, CONNECTIONS_PER_USER)))
        throw new AppError('connection_limit', `You have ${CONNECTIONS_PER_USER} connections, the most allowed. Remove one you no longer use first.`);
      return { connection: await answer(userId, row.id), signingSecret };
    },

    async update(userId: string, id: string, input: ConnectionUpdate): Promise<Connection> {
      await owned(userId, id);
      if (input.name !== undefined) await connections.rename(userId, id, input.name, now().toISOString());
      if (input.networks !== undefined) await connections.setNetworks(userId, id, input.networks);
      return answer(userId, id);
    },

    async remove(userId: string, id: string): Promise<{ removed: true }> {
      if (!(await connections.remove(userId, id))) throw notFound('Connection');
      return { removed: true };
    },

    /** Its channel's test (a webhook gets a signed `connection.test` event, Mastodon a token check, Bluesky a sign-in); the answer says in words how it went. */
    async test(userId: string, id: string): Promise<ConnectionTestResult> {
      const row = await owned(userId, id);
      // A token the network refused stays refused until the person signs in again.
      if (row.health === 'disconnected')
        return { ok: false, message: `Disconnected: reconnect. ${row.healthReason ?? 'The network no longer accepts this connection.'}` };
      const store = connectionCredentialStore({ connections, box, now }, row.id);
      const { ok, message, connectionLost } = await channels.channelFor(row.kind).test(credentialsOf(row), { name: row.name, store }, now);
      // A test the network refused for good disconnects the connection, as a failed post would.
      if (connectionLost) await connections.markDisconnected(row.id, message, now().toISOString(), row.updatedAt);
      return { ok, message };
    },
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
