import type { z } from 'zod';
import type { CallToAction } from '@shared/domain/options';
import type { PostLanguage } from '@shared/domain/languages';
import type { Post } from '@shared/schemas/post';
import type { ConnectionCreate, ConnectionKind, ConnectionTestResult } from '@shared/schemas/publishing';
import type { DeliveryRow } from '../delivery-row';
import { AppError } from '../../../errors';
import type { OutgoingFile } from '../media-files';
import type { ProvidersConfig } from '../../../provider-config';
import { checkDestination, OutboundRefused, type OutboundPolicy } from '../outbound';
import type { AttemptOutcome } from '../outcome';

/** What a new connection of a kind comes to: its credentials to seal, the host shown in the list, and a secret shown once (or null). */
export interface Prepared<C> {
  credentials: C;
  /** The host it sends to, shown in the list of connections (never a path, token or secret). */
  target: string;
  signingSecret: string | null;
}

/**
 * Where a connection's credentials are kept, for networks whose tokens rotate (X: each refresh answers a
 * new refresh token and the one used stops working). Refreshed credentials are stored before they are
 * used, so a crash never loses the only refresh token that still works.
 */
export interface CredentialStore {
  /** Stores refreshed credentials durably (sealed), with when the connection's sign-in is next due for renewal. */
  rotateCredentials: (next: object, tokenExpiresAt: string | null) => Promise<void>;
  /** The credentials as stored now (another worker or process may have rotated them); undefined when the connection is gone or unreadable. */
  currentCredentials: () => Promise<unknown>;
}

/** A delivery as a channel sees it, and how it records that a post may be on the network from now on. */
export interface ChannelDelivery extends Pick<DeliveryRow, 'id' | 'userId' | 'platform' | 'dueAt' | 'createdAt' | 'sentAt' | 'progress'>, CredentialStore {
  /** Records, before the post is first sent, that it may be on the network from now on. */
  markSent: (at: string) => Promise<void>;
  /** Keeps what this attempt made on the network (JSON, e.g. a container's id) for the next attempt, before it is used. */
  saveProgress: (progress: string) => Promise<void>;
}

/** What one delivery sends. */
export interface ChannelContent {
  post: Post;
  /** The text as published: the post, then its hashtags. */
  text: string;
  /** The post's uploaded files by name, in order. */
  uploads: { type: Post['media'][number]['type']; name: string }[];
  /** The uploaded files by their metadata; their bytes are read when the channel sends them, within the worker's budget. */
  files: () => Promise<OutgoingFile[]>;
  /** A signed link to an uploaded file, good until `expiresAt` (for a receiver that fetches it itself). */
  link: (name: string, expiresAt: Date) => string;
  /**
   * Keeps a file made from the upload `from` for this network (e.g. a JPEG for Instagram) under a name
   * derived from both (`variant` names the conversion), and answers that name, for `link`.
   */
  keep: (from: string, variant: string, bytes: Uint8Array, mime: 'image/jpeg') => Promise<string>;
  /** The calls to action of the post's month's strategy, in the order picked (a Google Business Profile post's button); none without a strategy. */
  callsToAction: CallToAction[];
  /** The company profile's website as typed ('' when none). */
  website: string;
  /** The profile's post language, for a network told the post's language. */
  language: PostLanguage;
}

/** What every channel is made with: the outbound rules, the OAuth apps the operator configured, and the app's public address. */
export interface ChannelSetup {
  policy: OutboundPolicy;
  providers: ProvidersConfig;
  /** PUBLIC_URL: networks that fetch media themselves (Instagram, Threads) fetch it from signed links here. */
  publicUrl: string;
}

/** A post as checked when it is scheduled: its text as published and its files' metadata. */
export interface CheckedContent {
  post: Post;
  text: string;
  uploads: ChannelContent['uploads'];
  /** The files' sizes and types, read from the store. */
  files: () => Promise<OutgoingFile[]>;
  /** When it is due, where known: a limit over the next 24 hours (Instagram's posts a day) matters only for a post due within them. */
  dueAt?: string;
}

/** The connection a test checks: its name, and where its credentials are kept (absent for a form being tried before it is saved). */
export interface TestedConnection {
  name: string;
  store?: CredentialStore;
}

/** A test's answer as a channel gives it: the user's answer, and whether the credentials no longer work. */
export interface TestAnswer extends ConnectionTestResult {
  connectionLost?: boolean;
}

/** One of an account's own published posts, read as an example of the brand's voice (Settings → Your voice). */
export interface AccountPost {
  text: string;
  /** The post's id on its network, so a second read adds only new ones. */
  sourceId: string;
  publishedAt: string | null;
}

export interface SendContext {
  /** When the worker claimed the delivery. */
  claimedAt: Date;
  now: () => Date;
  /** Ends the attempt at the delivery's time limit. */
  signal: AbortSignal;
}

/**
 * One way of publishing (a connection's kind): a channel checks and seals what a new connection needs,
 * tests it, and sends a delivery. Every channel is made with the outbound policy its requests obey.
 */
export interface Channel<C, K extends ConnectionKind = ConnectionKind> {
  kind: K;
  /** The shape of its sealed credentials, checked whenever they are opened. */
  credentialsSchema: z.ZodType<C>;
  /** Checks a new connection (its address against the outbound policy) and makes its credentials. Absent where accounts are connected by signing in (OAuth). */
  prepare?: (input: Extract<ConnectionCreate, { kind: K }>) => Promise<Prepared<C>>;
  /** 'Send test' (and the daily health check of signed-in accounts): how it went, in words; `connectionLost` when the network no longer accepts the credentials. */
  test: (credentials: C, connection: TestedConnection, now: () => Date) => Promise<TestAnswer>;
  send: (credentials: C, delivery: ChannelDelivery, content: ChannelContent, context: SendContext) => Promise<AttemptOutcome>;
  /**
   * Where the network allows it: looks on the network for a delivery an earlier attempt may have
   * published. Published (with its link) when found; undefined when it is not there, so sending is safe.
   */
  readBack?: (credentials: C, delivery: ChannelDelivery, content: { text: string }, context: SendContext) => Promise<AttemptOutcome | undefined>;
  /**
   * Where the network refuses some posts outright: checked when the post is scheduled, so the user hears
   * it then, not at its minute. Answers what to change, in words, or undefined when the network takes it.
   */
  check?: (credentials: C, content: CheckedContent, now: () => Date) => Promise<string | undefined>;
  /** Where the network lets an account's own posts be read: its latest ones (no replies or reposts), newest first. */
  latestPosts?: (credentials: C, now: () => Date) => Promise<AccountPost[]>;
}

/** The address a new connection sends to, checked against the outbound policy; a refusal names the input's `field`. */
export async function checkedAddress(field: string, address: string, policy: OutboundPolicy): Promise<URL> {
  try {
    return await checkDestination(address, policy);
  } catch (error) {
    if (error instanceof OutboundRefused) throw new AppError('bad_request', error.message, { [field]: error.message });
    throw error;
  }
}
