import { IconBrandBluesky, IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandMastodon, IconBrandX, type Icon } from '@tabler/icons-react';
import type { Platform } from '@shared/domain/options';

const ICONS: Record<Platform, Icon> = {
  facebook: IconBrandFacebook,
  twitter: IconBrandX,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  bluesky: IconBrandBluesky,
  mastodon: IconBrandMastodon,
};

/** A network's logo, decorative (the label next to it names the network). */
export function PlatformIcon({ platform, size = 14 }: { platform: Platform; size?: number }) {
  const PlatformLogo = ICONS[platform];
  return <PlatformLogo size={size} stroke={1.8} aria-hidden="true" />;
}
