import type { Post } from '@shared/schemas/post';
import { AppError } from '../../errors';
import type { ConnectionRepository, ConnectionRow } from './connection-repository';
import type { Channels } from './channels';
import { createByteBudget, MEDIA_BYTES_IN_FLIGHT } from './media-files';
import { postContent, type LocateMedia } from './post-content';
import { UnreadableCredentials, type SecretBox } from './secret-box';

interface Deps {
  connections: ConnectionRepository;
  box: SecretBox;
  channels: Channels;
  locateMedia: LocateMedia;
  now?: () => Date;
}

/** “the connection “Name” is disconnected (why)”: the engine's failure and the scheduling refusal say it alike. */
export const disconnectedClause = (connection: Pick<ConnectionRow, 'name' | 'healthReason'>) =>
  `the connection “${connection.name}” is disconnected${connection.healthReason ? ` (${connection.healthReason.replace(/\.$/, '')})` : ''}`;

/**
 * What is known before a post's minute: a post going out through a disconnected connection, or one its
 * network would refuse (the channel's `check`: Instagram without an image, over the hashtag cap, the
 * daily limit reached), is refused when it is scheduled or retried, with what to change. A network with
 * no connection yet is not refused: the dashboard's 'Needs attention' shows it until one is added.
 */
export function createScheduleCheck({ connections, box, channels, locateMedia, now = () => new Date() }: Deps) {
  // Checks may read a file's bytes (an image's size); they take their own budget, apart from the worker's.
  const budget = createByteBudget(MEDIA_BYTES_IN_FLIGHT);

  return {
    /** `dueAt` where known (a limit over the next 24 hours matters only for a post due within them). Throws AppError connection_disconnected (409), connection_unreadable (409) or network_refuses_post (422). */
    async assertSendable(userId: string, post: Post, platform: string, dueAt?: string): Promise<void> {
      const connection = await connections.routeFor(userId, platform);
      if (!connection) return;
      if (connection.health === 'disconnected') {
        const clause = disconnectedClause(connection);
        throw new AppError('connection_disconnected', `Not scheduled: ${clause}. Reconnect it in Settings → Connections, then schedule this post again.`);
      }
      const channel = channels.channelFor(connection.kind);
      if (!channel.check) return;
      let credentials: unknown;
      try {
        credentials = box.open(connection.credentials);
      } catch (error) {
        if (error instanceof UnreadableCredentials) throw new AppError('connection_unreadable', error.message);
        throw error;
      }
      const refusal = await channel.check(credentials, { ...postContent(userId, post, locateMedia, budget), ...(dueAt && { dueAt }) }, now);
      if (refusal) throw new AppError('network_refuses_post', refusal);
    },
  };
}

export type ScheduleCheck = ReturnType<typeof createScheduleCheck>;
