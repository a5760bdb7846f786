import type { CredentialStore } from './channels';
import type { ConnectionRepository } from './connection-repository';
import { UnreadableCredentials, type SecretBox } from './secret-box';

/**
 * A connection's credentials as a channel whose tokens rotate keeps them (channel.ts, CredentialStore):
 * refreshed ones sealed and written at once, with the delivery that used them when there is one (one
 * transaction); the ones stored now read again, for a refresh another worker or process won.
 */
export function connectionCredentialStore(
  deps: { connections: ConnectionRepository; box: SecretBox; now: () => Date },
  connectionId: string,
  deliveryId?: string,
): CredentialStore {
  const { connections, box, now } = deps;
  return {
    rotateCredentials: (next, tokenExpiresAt) =>
      connections.rotateCredentials(connectionId, { credentials: box.seal(next), tokenExpiresAt, at: now().toISOString() }, deliveryId),
    async currentCredentials() {
      const row = await connections.findById(connectionId);
      if (!row) return undefined;
      try {
        return box.open(row.credentials);
      } catch (error) {
        if (error instanceof UnreadableCredentials) return undefined;
        throw error;
      }
    },
  };
}
