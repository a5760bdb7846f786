import { IconWebhook, type Icon } from '@tabler/icons-react';
import { NETWORKS } from '@shared/networks';
import { OAUTH_KINDS, PROVIDER_KINDS, type ConnectionKind, type ConnectOptions, type OAuthKind, type OAuthProvider } from '@shared/schemas/publishing';
import { NETWORK_ICONS } from '../network-icons';

/** What a row says before its host ("Webhook to hooks.example.com"), or instead of it for accounts connected by signing in. */
export const KIND_LABELS: Record<ConnectionKind, string> = {
  webhook: 'Webhook to',
  mastodon: 'Mastodon at',
  bluesky: 'Bluesky at',
  facebook: 'Facebook Page',
  instagram: 'Instagram account',
  threads: 'Threads profile',
  linkedin: 'LinkedIn',
  twitter: 'X account',
  googlebusiness: 'Google Business Profile',
};

/** A connection's icon: a webhook's own, else its network's (every other kind is named after its network). */
export const kindIcon = (kind: ConnectionKind): Icon => (kind === 'webhook' ? IconWebhook : NETWORK_ICONS[NETWORKS[kind].icon]);

/** The Connect buttons' words; each provider's name and icon are its network's (shared/networks). */
export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  facebook: 'Connect Facebook Page',
  instagram: 'Connect Instagram',
  threads: 'Connect Threads',
  linkedin: 'Connect LinkedIn',
  x: 'Connect X',
  google: 'Connect Google Business Profile',
};

/** The network each provider's button is named and drawn after: its first kind's. */
export const providerNetwork = (provider: OAuthProvider) => NETWORKS[PROVIDER_KINDS[provider][0]!];
export const providerName = (provider: OAuthProvider) => providerNetwork(provider).label;

/** Where an operator reads how to enable them: the repository's docs, which the app does not serve. */
export const ENABLE_DOCS = "docs/publishing.md, 'Connecting accounts by signing in'";

export type { OAuthKind };

export const isOAuthKind = (kind: ConnectionKind): kind is OAuthKind => (OAUTH_KINDS as readonly string[]).includes(kind);

/**
 * The provider a Reconnect signs in with. A connection does not record which sign-in made it: an
 * Instagram account comes through Facebook (its Page) or through Instagram Login, and either sign-in
 * that finds the account renews it. Null when the operator has not enabled any that could.
 */
export function reconnectProvider(kind: OAuthKind, options: ConnectOptions | undefined): OAuthProvider | null {
  const available = new Set(options?.providers.filter((option) => option.available).map((option) => option.provider));
  const candidates = (Object.keys(PROVIDER_KINDS) as OAuthProvider[]).filter((provider) => PROVIDER_KINDS[provider].includes(kind));
  return candidates.find((provider) => available.has(provider)) ?? null;
}

/** "Instagram and Threads", "Facebook, Instagram and Threads". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
