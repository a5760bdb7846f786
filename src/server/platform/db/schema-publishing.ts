/** The publishing tables (connections, their sign-in grants, routes, deliveries and their attempts), kept apart from schema.ts for length. */

export interface ConnectionsTable {
  id: string;
  userId: string;
  kind: string;
  name: string;
  /** Where it sends: the webhook URL or the instance; shown to its owner only. */
  target: string;
  /** Secrets, encrypted (secret-box.ts). */
  credentials: string;
  /** The network's account it publishes as (a Page, an Instagram or Threads account); null for webhooks, Mastodon and Bluesky. */
  accountId: string | null;
  /** 'healthy' or 'disconnected' (its token no longer works: `healthReason` says why in words). */
  health: string;
  healthReason: string | null;
  /** When its token stops working, where tokens expire; refreshed ahead of it. */
  tokenExpiresAt: string | null;
  /** Until when the network asked us to slow down for this account (a 429): its posts wait for it (0025-connection-rest.ts). */
  restUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A sign-in with a provider under way (0016-connected-accounts.ts). */
export interface OAuthGrantsTable {
  id: string;
  userId: string;
  provider: string;
  state: string;
  /** Sealed JSON: the PKCE verifier while 'started', then the tokens and accounts found while 'authorized'. */
  secret: string;
  /** The connection a "Reconnect" renews, if any. */
  reconnectId: string | null;
  stage: string;
  createdAt: string;
  expiresAt: string;
}

export interface NetworkRoutesTable {
  userId: string;
  platform: string;
  connectionId: string;
}

export interface DeliveriesTable {
  /** Also the idempotency key (webhook-id): the same across retries. */
  id: string;
  userId: string;
  postId: string;
  platform: string;
  status: string;
  dueAt: string;
  nextAttemptAt: string;
  attempts: number;
  leaseUntil: string | null;
  leaseOwner: string | null;
  connectionId: string | null;
  reason: string | null;
  liveUrl: string | null;
  finishedAt: string | null;
  /** When a status of it was first sent (Mastodon), kept across retries and re-timing; null until then. */
  sentAt: string | null;
  /** The wall-clock time (HH:MM, the user's zone) it goes out at, on its post's day; `dueAt` is that instant. Null only on some cancelled ones. */
  timeOfDay: string | null;
  /** JSON a channel keeps across attempts (an Instagram or Threads container's id), so a retry reuses what it made. */
  progress: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryAttemptsTable {
  id: string;
  deliveryId: string;
  userId: string;
  at: string;
  outcome: string;
  detail: string;
}
