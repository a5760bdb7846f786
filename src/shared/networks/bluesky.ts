import type { Network } from './network';

export const bluesky = {
  id: 'bluesky',
  label: 'Bluesky',
  maxLength: 300,
  counting: 'graphemes',
  hashtagCap: 30,
  prompt: { note: 'counted in characters as people see them (an emoji is 1), hashtags included; one short idea; 1-2 hashtags', hashtags: 2, hashtagChars: 60 },
  offline: { layout: 'short', frame: { image: 'landscape 16:9', video: 'landscape 16:9' }, videoSeconds: 30, linkInBio: false },
  preview: { mediaFirst: false, byline: '@{name}.bsky.social · now' },
  media: { maxItems: 4, types: ['image', 'video'] },
  // The feed shows the whole post, so it stops only at the limit.
  feedCut: { chars: 300, more: '…' },
  // A single image is shown at about its own shape; 4:3 is the common middle.
  imageRatio: 4 / 3,
  imageSizes: [{ width: 1200, height: 675 }],
  adaptInstructions: 'Rewrite this post for Bluesky: short and conversational, one idea, well under 300 characters including hashtags, at most two hashtags.',
  colors: { chart: '#0a7aff', tint: '#e3f1ff', text: '#0a5bb5' },
  icon: 'bluesky',
} as const satisfies Network<'bluesky'>;
