import { randomUUID } from 'node:crypto';
import type { Platform } from '@shared/domain/options';
import type { Connection, ConnectionCreate, ConnectionTestResult, ConnectionUpdate, CreatedConnection } from '@shared/schemas/publishing';
import type { ConnectionRepository, ConnectionRow } from './connection-repository';
import { AppError, notFound } from '../../errors';
import { createChannels } from './channels';
import type { OutboundPolicy } from './outbound';
import { UnreadableCredentials, type SecretBox } from './secret-box';

interface Deps {
  connections: ConnectionRepository;
  box: SecretBox;
  policy: OutboundPolicy;
  now?: () => Date;
}

export const CONNECTIONS_PER_USER = 20;

const toConnection = (row: ConnectionRow, networks: Platform[]): Connection => ({
  id: row.id,
  kind: row.kind as Connection['kind'],
  name: row.name,
  host: row.target,
  networks,
  createdAt: row.createdAt,
});

/** The user's connections: added (URL checked, secret made and shown once), tested, renamed, removed. */
export function createConnectionService({ connections, box, policy, now = () => new Date() }: Deps) {
  const channels = createChannels(policy);

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
    return toConnection(row, row.networks);
  }

  return {
    async list(userId: string): Promise<Connection[]> {
      return (await connections.list(userId)).map((row) => toConnection(row, row.networks));
    },

    async create(userId: string, input: ConnectionCreate): Promise<CreatedConnection> {
      const { credentials, target, signingSecret } = await channels.channelFor(input.kind).prepare(input);
      const at = now().toISOString();
      const row: ConnectionRow = {
        id: randomUUID(),
        userId,
        kind: input.kind,
        name: input.name,
        target,
        credentials: box.seal(credentials),
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
      return channels.channelFor(row.kind).test(credentialsOf(row), { name: row.name }, now);
    },
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
