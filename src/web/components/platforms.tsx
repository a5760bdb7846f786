import type { Icon } from '@tabler/icons-react';
import { networkTable } from '@shared/networks';
import { NETWORK_ICONS } from './network-icons';

/** Each network's pill: its id as the spec writes it (or its short `pill` word), its logo, its colour as a light tint with dark text (WCAG AA). */
export const PLATFORM_STYLE = networkTable((network): { label: string; icon: Icon; background: string; color: string } => ({
  label: network.pill ?? network.id,
  icon: NETWORK_ICONS[network.icon],
  background: network.colors.tint,
  color: network.colors.text,
}));
