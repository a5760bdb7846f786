import type { Network } from './network';

export const instagram = {
  id: 'instagram',
  label: 'Instagram',
  maxLength: 2200,
  counting: 'characters',
  // Instagram takes at most 5 hashtags on a post since December 2025.
  hashtagCap: 5,
  prompt: { note: 'a strong first line; at most 5 hashtags', hashtags: 5 },
  offline: { layout: 'caption', frame: { image: 'square 1:1', video: 'vertical 9:16' }, videoSeconds: 30, linkInBio: true },
  preview: { mediaFirst: true, byline: 'Sponsored', handleBeforeText: true, needsMedia: true },
  media: { maxItems: 10, types: ['image', 'video'] },
  feedCut: { chars: 125, more: '… more' },
  imageRatio: 1,
  imageSizes: [
    { width: 1080, height: 1350 },
    { width: 1080, height: 1080 },
  ],
  // Its Content Publishing API takes JPEG images only.
  madeImageFormat: 'jpeg',
  adaptInstructions: 'Rewrite this post for Instagram: a strong first line under 125 characters, casual and visual, add emojis.',
  colors: { chart: '#c13584', tint: '#fde8f1', text: '#a1135a' },
  icon: 'instagram',
} as const satisfies Network<'instagram'>;
