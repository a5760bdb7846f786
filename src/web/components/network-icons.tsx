import {
  IconBrandBluesky,
  IconBrandFacebook,
  IconBrandGoogle,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandMastodon,
  IconBrandThreads,
  IconBrandX,
  type Icon,
} from '@tabler/icons-react';
import type { NetworkIconName } from '@shared/networks';

/** The one place the web app maps a network's icon name (from `shared/networks`) to its component. */
export const NETWORK_ICONS: Record<NetworkIconName, Icon> = {
  facebook: IconBrandFacebook,
  x: IconBrandX,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  bluesky: IconBrandBluesky,
  mastodon: IconBrandMastodon,
  threads: IconBrandThreads,
  google: IconBrandGoogle,
};
