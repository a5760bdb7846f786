import type { ConnectionCreate, ConnectionKind, ConnectionTestResult } from '@shared/schemas/publishing';
import type { OutboundPolicy } from '../outbound';
import type { AttemptOutcome } from '../outcome';
import { blueskyChannel } from './bluesky';
import type { Channel, ChannelContent, ChannelDelivery, Prepared, SendContext } from './channel';
import { mastodonChannel } from './mastodon';
import { webhookChannel } from './webhook';

export type { ChannelContent, ChannelDelivery, SendContext } from './channel';

/** A channel as the engine and the connection service use it: credentials as the secret box opens them, checked here. */
export interface OpenChannel {
  kind: ConnectionKind;
  prepare: (input: ConnectionCreate) => Promise<Prepared<unknown>>;
  test: (credentials: unknown, connection: { name: string }, now: () => Date) => Promise<ConnectionTestResult>;
  send: (credentials: unknown, delivery: ChannelDelivery, content: ChannelContent, context: SendContext) => Promise<AttemptOutcome>;
}

function opened<C, K extends ConnectionKind>(channel: Channel<C, K>): OpenChannel {
  const check = (credentials: unknown) => channel.credentialsSchema.parse(credentials);
  return {
    kind: channel.kind,
    // The registry hands each input to the channel of its kind.
    prepare: (input) => channel.prepare(input as Extract<ConnectionCreate, { kind: K }>),
    test: (credentials, connection, now) => channel.test(check(credentials), connection, now),
    send: (credentials, delivery, content, context) => channel.send(check(credentials), delivery, content, context),
  };
}

/** Every kind of connection and the channel that publishes through it: a new network's channel is added here. */
const CHANNELS: Record<ConnectionKind, (policy: OutboundPolicy) => OpenChannel> = {
  webhook: (policy) => opened(webhookChannel(policy)),
  mastodon: (policy) => opened(mastodonChannel(policy)),
  bluesky: (policy) => opened(blueskyChannel(policy)),
};

/** The channels, made once per user of them (each keeps its own state, such as Bluesky's sessions) under `policy`. */
export function createChannels(policy: OutboundPolicy) {
  const made = new Map<string, OpenChannel>(
    Object.values(CHANNELS).map((make) => {
      const channel = make(policy);
      return [channel.kind, channel];
    }),
  );
  return {
    /** The channel for a connection's kind (a kind no channel sends is a fault of ours, not the user's). */
    channelFor(kind: string): OpenChannel {
      const channel = made.get(kind);
      if (!channel) throw new Error(`No channel publishes connections of kind '${kind}'.`);
      return channel;
    },
  };
}

export type Channels = ReturnType<typeof createChannels>;
