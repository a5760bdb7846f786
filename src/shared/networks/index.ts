/**
 * The networks a post can be for, one file each: adding a network is adding its file here (and, to
 * publish to it, a channel under `server/modules/publishing/channels`). Every other file reads this registry.
 */
import { bluesky } from './bluesky';
import { facebook } from './facebook';
import { googleBusiness } from './google-business';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { mastodon } from './mastodon';
import type { Network } from './network';
import { threads } from './threads';
import { twitter } from './twitter';

export type { ImageSize, Network, NetworkIconName } from './network';
export { GOOGLE_BUSINESS_BUTTONS, type GoogleBusinessButton } from './google-business';

/** The spec's four in its order, then the networks we add (docs/spec-decisions.md). */
export const PLATFORMS = [facebook.id, twitter.id, instagram.id, linkedin.id, bluesky.id, mastodon.id, threads.id, googleBusiness.id] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The spec's four networks: what a strategy targets until the user picks others. */
export const SPEC_PLATFORMS = [facebook.id, twitter.id, instagram.id, linkedin.id] as const satisfies readonly Platform[];

/** The spec's Schedule Posts checkboxes, in its order. */
export const SCHEDULE_PLATFORMS = [facebook.id, instagram.id, linkedin.id] as const satisfies readonly Platform[];

/** What 'Adapt for …' offers first when the post is on another network: the longest, most different form. */
export const ADAPT_FIRST: Platform = linkedin.id;

export const NETWORKS: { readonly [P in Platform]: Network<P> } = {
  facebook,
  twitter,
  instagram,
  linkedin,
  bluesky,
  mastodon,
  threads,
  googlebusiness: googleBusiness,
};

/** Whether a post on `platform` may be an offer or an event (Google Business Profile), not only an update. */
export function takesEvents(platform: Platform): boolean {
  return (NETWORKS[platform] as Network).offersAndEvents === true;
}

/** One field of every network, keyed by id: `networkTable((network) => network.label)`. */
export function networkTable<T>(field: (network: Network) => T): Record<Platform, T> {
  return Object.fromEntries(PLATFORMS.map((id) => [id, field(NETWORKS[id])])) as Record<Platform, T>;
}
