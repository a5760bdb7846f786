import type { ConnectionCreate, ConnectionKind } from '@shared/schemas/publishing';
import type { AttemptOutcome } from '../outcome';
import { blueskyChannel } from './bluesky';
import type {
  AccountPost,
  Channel,
  ChannelContent,
  ChannelDelivery,
  ChannelSetup,
  CheckedContent,
  Prepared,
  SendContext,
  TestAnswer,
  TestedConnection,
} from './channel';
import { facebookChannel } from './facebook';
import { googleBusinessChannel } from './google-business';
import { instagramChannel } from './instagram';
import { linkedinChannel } from './linkedin';
import { mastodonChannel } from './mastodon';
import { threadsChannel } from './threads';
import { webhookChannel } from './webhook';
import { xChannel } from './x';

export type { AccountPost, ChannelContent, ChannelDelivery, ChannelSetup, CheckedContent, CredentialStore, SendContext } from './channel';

/** A channel as the engine and the connection service use it: credentials as the secret box opens them, checked here. */
export interface OpenChannel {
  kind: ConnectionKind;
  /** Absent where accounts are connected by signing in (oauth/). */
  prepare?: (input: ConnectionCreate) => Promise<Prepared<unknown>>;
  test: (credentials: unknown, connection: TestedConnection, now: () => Date) => Promise<TestAnswer>;
  send: (credentials: unknown, delivery: ChannelDelivery, content: ChannelContent, context: SendContext) => Promise<AttemptOutcome>;
  readBack?: (credentials: unknown, delivery: ChannelDelivery, content: { text: string }, context: SendContext) => Promise<AttemptOutcome | undefined>;
  check?: (credentials: unknown, content: CheckedContent, now: () => Date) => Promise<string | undefined>;
  latestPosts?: (credentials: unknown, now: () => Date) => Promise<AccountPost[]>;
}

function opened<C, K extends ConnectionKind>(channel: Channel<C, K>): OpenChannel {
  const check = (credentials: unknown) => channel.credentialsSchema.parse(credentials);
  const { prepare, readBack, check: checkPost, latestPosts } = channel;
  return {
    kind: channel.kind,
    // The registry hands each input to the channel of its kind.
    ...(prepare && { prepare: (input: ConnectionCreate) => prepare(input as Extract<ConnectionCreate, { kind: K }>) }),
    test: (credentials, connection, now) => channel.test(check(credentials), connection, now),
    send: (credentials, delivery, content, context) => channel.send(check(credentials), delivery, content, context),
    ...(readBack && {
      readBack: (credentials: unknown, delivery: ChannelDelivery, content: { text: string }, context: SendContext) =>
        readBack(check(credentials), delivery, content, context),
    }),
    ...(checkPost && { check: (credentials: unknown, content: CheckedContent, now: () => Date) => checkPost(check(credentials), content, now) }),
    ...(latestPosts && { latestPosts: (credentials: unknown, now: () => Date) => latestPosts(check(credentials), now) }),
  };
}

/** Every kind of connection and the channel that publishes through it: a new network's channel is added here. */
const CHANNELS: Record<ConnectionKind, (setup: ChannelSetup) => OpenChannel> = {
  webhook: ({ policy }) => opened(webhookChannel(policy)),
  mastodon: ({ policy }) => opened(mastodonChannel(policy)),
  bluesky: ({ policy }) => opened(blueskyChannel(policy)),
  facebook: (setup) => opened(facebookChannel(setup)),
  instagram: (setup) => opened(instagramChannel(setup)),
  threads: (setup) => opened(threadsChannel(setup)),
  googlebusiness: (setup) => opened(googleBusinessChannel(setup)),
  twitter: (setup) => opened(xChannel(setup)),
  linkedin: (setup) => opened(linkedinChannel(setup)),
};

/** The channels, made once per process (each keeps its own state, such as Bluesky's sessions) under `setup`. */
export function createChannels(setup: ChannelSetup) {
  const made = new Map<string, OpenChannel>(
    Object.values(CHANNELS).map((make) => {
      const channel = make(setup);
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
