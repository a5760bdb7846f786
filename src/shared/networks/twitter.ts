import type { Network } from './network';

/** X, formerly Twitter: its id stays 'twitter', the spec's value. */
export const twitter = {
  id: 'twitter',
  label: 'X/Twitter',
  maxLength: 280,
  counting: 'x-weighted',
  hashtagCap: 30,
  prompt: { note: 'a link counts 23 and an emoji 2; keep well under the limit; 1-3 hashtags', hashtags: 3, hashtagChars: 90 },
  offline: { layout: 'short', frame: { image: 'landscape 16:9', video: 'landscape 16:9' }, videoSeconds: 15, linkInBio: false },
  preview: { mediaFirst: false, byline: '@{name}' },
  media: { maxItems: 4, types: ['image', 'video'] },
  feedCut: { chars: 280, more: '…' },
  imageRatio: 16 / 9,
  imageSizes: [{ width: 1600, height: 900 }],
  adaptInstructions: 'Rewrite this post for X/Twitter: shorter, one punchy idea, well under 280 characters including hashtags.',
  colors: { chart: '#14171a', tint: '#eceef0', text: '#14171a' },
  icon: 'x',
} as const satisfies Network<'twitter'>;
