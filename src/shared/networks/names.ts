import { NETWORKS, PLATFORMS, type Platform } from './index';

const squash = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
/** Network names as other tools write them, squashed to letters: 'X', 'Twitter', 'LinkedIn Page', 'GBP'. */
const NETWORK_ALIASES: Record<string, Platform> = {
  ...Object.fromEntries(PLATFORMS.map((id) => [squash(id), id])),
  ...Object.fromEntries(PLATFORMS.map((id) => [squash(NETWORKS[id].label), id])),
  fb: 'facebook',
  facebookpage: 'facebook',
  x: 'twitter',
  ig: 'instagram',
  instagrambusiness: 'instagram',
  linkedinpage: 'linkedin',
  linkedinprofile: 'linkedin',
  linkedincompanypage: 'linkedin',
  google: 'googlebusiness',
  gbp: 'googlebusiness',
  googlebusiness: 'googlebusiness',
  googlemybusiness: 'googlebusiness',
};

/** The network a file names (a CSV import's network column), or null when it is none we post to. */
export function networkOf(name: string): Platform | null {
  const platform = NETWORK_ALIASES[squash(name)];
  return platform && (PLATFORMS as readonly string[]).includes(platform) ? platform : null;
}
