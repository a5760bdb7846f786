import { z } from 'zod';
import { PLATFORMS } from '../domain/options';
import { monthIdParamSchema } from './month';

/** Where posts can be sent. */
export const CONNECTION_KINDS = ['webhook', 'mastodon', 'bluesky', 'facebook', 'instagram', 'threads', 'linkedin', 'twitter', 'googlebusiness'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];
/** The kinds added by filling in a form (the rest are connected by signing in with their provider). */
/** Connection kinds whose latest posts can be read as examples of the brand's voice (Settings → Your voice). */
export const READABLE_KINDS = ['bluesky', 'mastodon', 'facebook'] as const;
export type ReadableKind = (typeof READABLE_KINDS)[number];
export const isReadableKind = (kind: string): kind is ReadableKind => (READABLE_KINDS as readonly string[]).includes(kind);
/** Where voice examples read from an account come from: the readable kinds. */
export const ACCOUNT_POST_SOURCES = READABLE_KINDS;
export type FormConnectionKind = Extract<ConnectionKind, 'webhook' | 'mastodon' | 'bluesky'>;

/**
 * The providers a person signs in with to connect accounts (OAuth): each is offered only when the
 * server's operator configured its app (FACEBOOK_*, INSTAGRAM_*, THREADS_*, LINKEDIN_*, X_*, GOOGLE_*;
 * docs/publishing.md). 'facebook' connects Pages and the Instagram accounts linked to them; 'instagram'
 * connects an Instagram professional account through Instagram Login, no Page needed; 'linkedin' a member
 * and the organization Pages they administer; 'x' an X account; 'google' Business Profile locations.
 */
export const OAUTH_PROVIDERS = ['facebook', 'instagram', 'threads', 'linkedin', 'x', 'google'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The kinds of connection made by signing in with a provider (each named after its network). */
export const OAUTH_KINDS = ['facebook', 'instagram', 'threads', 'linkedin', 'twitter', 'googlebusiness'] as const satisfies readonly ConnectionKind[];
export type OAuthKind = (typeof OAUTH_KINDS)[number];

/** The kinds of connection each provider's sign-in finds (and so renews on Reconnect). */
export const PROVIDER_KINDS: Record<OAuthProvider, readonly OAuthKind[]> = {
  facebook: ['facebook', 'instagram'],
  instagram: ['instagram'],
  threads: ['threads'],
  linkedin: ['linkedin'],
  x: ['twitter'],
  google: ['googlebusiness'],
};

export const CONNECTION_NAME_MAX = 80;
export const BLUESKY_DEFAULT_SERVICE = 'https://bsky.social';
/** A handle is a domain name: labels of letters, digits and hyphens, joined by dots. */
const BLUESKY_HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const connectionName = z.string().trim().min(1, 'Give the connection a name.').max(CONNECTION_NAME_MAX);
const networks = z.array(z.enum(PLATFORMS)).max(PLATFORMS.length);

export const connectionCreateSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('webhook'),
    name: connectionName,
    url: z.string().trim().max(2000).url('Enter the full webhook address, starting with https://'),
    /** The networks whose posts go out through this connection (each network routes to one). */
    networks: networks.default([]),
  }),
  z.strictObject({
    kind: z.literal('mastodon'),
    name: connectionName,
    instanceUrl: z.string().trim().max(500).url('Enter your instance address, such as https://mastodon.social'),
    accessToken: z.string().trim().min(1, 'Paste the access token from your instance (Preferences → Development).').max(500),
    networks: networks.default([]),
  }),
  z.strictObject({
    kind: z.literal('bluesky'),
    name: connectionName,
    handle: z
      .string()
      .trim()
      .max(254)
      .transform((handle) => handle.replace(/^@/, '').toLowerCase())
      .pipe(z.string().regex(BLUESKY_HANDLE, 'Enter your handle, such as name.bsky.social.')),
    appPassword: z.string().trim().min(1, 'Paste an app password (Bluesky Settings → Privacy and security → App passwords).').max(200),
    serviceUrl: z.string().trim().max(500).url('Enter the service address, such as https://bsky.social').default(BLUESKY_DEFAULT_SERVICE),
    networks: networks.default([]),
  }),
]);
export type ConnectionCreate = z.infer<typeof connectionCreateSchema>;

export const connectionUpdateSchema = z
  .strictObject({ name: connectionName.optional(), networks: networks.optional() })
  .refine((update) => Object.keys(update).length > 0, 'Send a name or networks to change.');
export type ConnectionUpdate = z.infer<typeof connectionUpdateSchema>;

export const connectionIdParamSchema = z.object({ connectionId: z.string().min(1).max(64) });

/** A connection as its owner sees it: never its address's path, token or secret. */
export interface Connection {
  id: string;
  kind: ConnectionKind;
  name: string;
  /** The host it sends to. */
  host: string;
  networks: (typeof PLATFORMS)[number][];
  health: ConnectionHealth;
  createdAt: string;
}

/**
 * Whether a connection can publish: 'healthy'; 'expiring' (its token stops working within
 * CONNECTION_EXPIRY_WARNING_DAYS and could not be renewed: "Expires in N days — reconnect"); or
 * 'disconnected' ("Disconnected: reconnect", with the reason in words).
 */
export interface ConnectionHealth {
  state: 'healthy' | 'expiring' | 'disconnected';
  reason: string | null;
  /** When its token stops working, where tokens expire. */
  expiresAt: string | null;
}
export const CONNECTION_EXPIRY_WARNING_DAYS = 7;

/** What Settings → Connections offers to connect by signing in: each provider and whether the operator configured it. */
export interface ConnectOptions {
  providers: { provider: OAuthProvider; available: boolean }[];
}

/** The screens a sign-in starts from, and returns to: `?connect=<grantId>` or `?connect_error=<code>` is added to their address. */
export const OAUTH_RETURN_SCREENS = ['settings', 'onboarding'] as const;

/**
 * Why a sign-in came back without accounts, as `?connect_error=<code>` on the screen it returns to:
 * 'oauth_denied' the person pressed Cancel; 'oauth_missing_permission' they unticked a permission that
 * publishing needs; 'oauth_failed' the sign-in expired (10 minutes), was already used, was not theirs,
 * or the provider refused the exchange; 'provider_unavailable' the operator removed the provider's app.
 */
export const OAUTH_CONNECT_ERRORS = ['oauth_denied', 'oauth_missing_permission', 'oauth_failed', 'provider_unavailable'] as const;
export type OAuthConnectError = (typeof OAUTH_CONNECT_ERRORS)[number];

/** Starts a sign-in with a provider; with `connectionId`, it renews that connection ("Reconnect"). */
export const oauthStartSchema = z.strictObject({
  provider: z.enum(OAUTH_PROVIDERS),
  connectionId: z.string().min(1).max(64).optional(),
  returnTo: z.enum(OAUTH_RETURN_SCREENS).default('settings'),
});
export type OAuthStart = z.infer<typeof oauthStartSchema>;

/** Where the browser goes to sign in with the provider. */
export interface OAuthStarted {
  authorizeUrl: string;
}

/** The provider a callback comes back from (`/api/connections/oauth/callback/:provider`). */
export const oauthProviderParamSchema = z.object({ provider: z.enum(OAUTH_PROVIDERS) });

/**
 * What a provider sends the browser back with: a code and our state, or an error. Bounded here; the
 * whole answer is then checked by the OAuth client against the grant (other parameters pass through).
 */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export const oauthGrantParamSchema = z.object({ grantId: z.string().min(1).max(64) });

/** One account a sign-in found, which the person may connect. */
export interface GrantAccount {
  accountId: string;
  kind: OAuthKind;
  name: string;
  /** The user's connection already publishing as this account (connecting it again renews it). */
  connectionId: string | null;
}

/** A finished sign-in, waiting for the person to pick the accounts to connect. */
export interface OAuthGrant {
  id: string;
  provider: OAuthProvider;
  accounts: GrantAccount[];
  expiresAt: string;
}

/** The accounts picked from a sign-in, each with the networks it publishes. */
export const grantPickSchema = z.strictObject({
  accounts: z
    .array(
      z.strictObject({
        accountId: z.string().min(1).max(128),
        kind: z.enum(OAUTH_KINDS),
        networks: networks.default([]),
      }),
    )
    .min(1, 'Pick at least one account to connect.')
    .max(20),
});
export type GrantPick = z.infer<typeof grantPickSchema>;

/** Answer to adding a connection: a webhook's signing secret, shown this once (null for other kinds). */
export interface CreatedConnection {
  connection: Connection;
  signingSecret: string | null;
}

export interface ConnectionTestResult {
  ok: boolean;
  message: string;
}

/** A delivery's states; a post without one is a draft. */
/** 'awaiting_approval': due, in a month that publishes only approved posts, and not approved yet: held, sent once approved (within the late window). */
export const DELIVERY_STATUSES = ['scheduled', 'awaiting_approval', 'publishing', 'published', 'failed', 'unknown', 'missed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryAttempt {
  at: string;
  outcome: 'published' | 'retry' | 'failed' | 'unknown' | 'missed' | 'confirmed' | 'held' | 'released';
  detail: string;
}

export interface Delivery {
  id: string;
  postId: string;
  platform: (typeof PLATFORMS)[number];
  status: DeliveryStatus;
  /** The instant it is due (the user's wall-clock time, converted when scheduled). */
  dueAt: string;
  nextAttemptAt: string;
  attempts: number;
  reason: string | null;
  liveUrl: string | null;
  updatedAt: string;
}

/** A delivery in a list: with its post's month and the start of its text. */
export interface DeliverySummary extends Delivery {
  monthId: string;
  excerpt: string;
}

/**
 * Why a scheduled post will not go out as things stand: its network has no connection, its connection
 * is disconnected, or its connection's sign-in ends before the post's time and has not been renewed;
 * or its month publishes only approved posts and it is not approved (held at its time, or held already).
 */
export const DELIVERY_RISKS = ['no_connection', 'disconnected', 'expires_first', 'not_approved'] as const;
export type DeliveryRisk = (typeof DELIVERY_RISKS)[number];

/** A scheduled post flagged on the dashboard's 'Needs attention' days before its time: the risk (clients switch on it) and what to do, in words. */
export interface DeliveryAtRisk extends DeliverySummary {
  risk: DeliveryRisk;
  riskMessage: string;
}

export interface DeliveryWithLog extends Delivery {
  log: DeliveryAttempt[];
}

export const deliveryListQuerySchema = z.object({ monthId: monthIdParamSchema.shape.id.optional() });
