import type { Network } from './network';

export const facebook = {
  id: 'facebook',
  label: 'Facebook',
  maxLength: 63206,
  counting: 'characters',
  hashtagCap: 30,
  prompt: { note: '2-6 hashtags', hashtags: 6 },
  offline: { layout: 'post', frame: { image: 'landscape 16:9', video: 'landscape 16:9' }, videoSeconds: 30, linkInBio: false },
  preview: { mediaFirst: false, byline: 'Just now · Public' },
  media: { maxItems: 10, types: ['image', 'video'] },
  feedCut: { chars: 480, lines: 5, more: '… See more' },
  imageRatio: 1.91,
  imageSizes: [
    { width: 1200, height: 630 },
    { width: 1080, height: 1080 },
  ],
  adaptInstructions: 'Rewrite this post for Facebook: friendly and conversational, a few short paragraphs, end with a question or a call to action.',
  colors: { chart: '#1877f2', tint: '#e7f0fe', text: '#0b4fb3' },
  icon: 'facebook',
} as const satisfies Network<'facebook'>;
