import type { Platform } from '@shared/domain/options';
import { NETWORKS } from '@shared/networks';
import { NETWORK_ICONS } from '../../../components/network-icons';

/** A network's logo, decorative (the label next to it names the network). */
export function PlatformIcon({ platform, size = 14 }: { platform: Platform; size?: number }) {
  const PlatformLogo = NETWORK_ICONS[NETWORKS[platform].icon];
  return <PlatformLogo size={size} stroke={1.8} aria-hidden="true" />;
}
