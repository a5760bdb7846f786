import { IconBrandBluesky, IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandMastodon, IconBrandX, type Icon } from '@tabler/icons-react';
import type { Platform } from '@shared/domain/options';

/** Each network's recognisable colour, as a light tint with dark text so labels pass WCAG AA. */
export const PLATFORM_STYLE: Record<Platform, { label: string; icon: Icon; background: string; color: string }> = {
  facebook: { label: 'facebook', icon: IconBrandFacebook, background: '#e7f0fe', color: '#0b4fb3' },
  twitter: { label: 'twitter', icon: IconBrandX, background: '#eceef0', color: '#14171a' },
  instagram: { label: 'instagram', icon: IconBrandInstagram, background: '#fde8f1', color: '#a1135a' },
  linkedin: { label: 'linkedin', icon: IconBrandLinkedin, background: '#e6f0f8', color: '#0a4f8f' },
  bluesky: { label: 'bluesky', icon: IconBrandBluesky, background: '#e3f1ff', color: '#0a5bb5' },
  mastodon: { label: 'mastodon', icon: IconBrandMastodon, background: '#eeebfb', color: '#4f3fb0' },
};
