import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, type Icon } from '@tabler/icons-react';
import type { Platform } from '@shared/domain/options';

/** Each network's recognisable colour, as a light tint with dark text so labels pass WCAG AA. */
export const PLATFORM_STYLE: Record<Platform, { label: string; icon: Icon; background: string; color: string }> = {
  facebook: { label: 'facebook', icon: IconBrandFacebook, background: '#e7f0fe', color: '#0b4fb3' },
  twitter: { label: 'twitter', icon: IconBrandX, background: '#eceef0', color: '#14171a' },
  instagram: { label: 'instagram', icon: IconBrandInstagram, background: '#fde8f1', color: '#a1135a' },
  linkedin: { label: 'linkedin', icon: IconBrandLinkedin, background: '#e6f0f8', color: '#0a4f8f' },
};
