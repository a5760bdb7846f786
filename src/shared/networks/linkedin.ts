import type { Network } from './network';

export const linkedin = {
  id: 'linkedin',
  label: 'LinkedIn',
  maxLength: 3000,
  counting: 'characters',
  hashtagCap: 30,
  prompt: { note: '2-6 hashtags', hashtags: 6 },
  offline: { layout: 'article', frame: { image: 'landscape 16:9', video: 'landscape 16:9' }, videoSeconds: 30, linkInBio: false },
  preview: { mediaFirst: false, byline: 'Company page · now' },
  media: { maxItems: 9, types: ['image', 'video'] },
  feedCut: { chars: 210, lines: 3, more: '…see more' },
  imageRatio: 1.91,
  imageSizes: [
    { width: 1200, height: 627 },
    { width: 1080, height: 1080 },
  ],
  adaptInstructions: 'Rewrite this post for LinkedIn: more formal and professional, a clear takeaway for business readers, longer.',
  colors: { chart: '#0a66c2', tint: '#e6f0f8', text: '#0a4f8f' },
  icon: 'linkedin',
} as const satisfies Network<'linkedin'>;
