import type { Network } from './network';

export const mastodon = {
  id: 'mastodon',
  label: 'Mastodon',
  maxLength: 500,
  counting: 'link-23',
  hashtagCap: 30,
  prompt: { note: 'a link counts 23; plain and friendly; 2-4 CamelCase hashtags', hashtags: 4 },
  offline: { layout: 'toot', frame: { image: 'landscape 16:9', video: 'landscape 16:9' }, videoSeconds: 30, linkInBio: false },
  preview: { mediaFirst: false, byline: '@{name}@mastodon.social · now' },
  media: { maxItems: 4, types: ['image', 'video'] },
  // The feed shows the whole post, so it stops only at the limit.
  feedCut: { chars: 500, more: '…' },
  imageRatio: 16 / 9,
  imageSizes: [{ width: 1200, height: 675 }],
  adaptInstructions:
    'Rewrite this post for Mastodon: friendly and plain, no marketing hype, under 500 characters including hashtags, a few CamelCase hashtags at the end.',
  colors: { chart: '#563acc', tint: '#eeebfb', text: '#4f3fb0' },
  icon: 'mastodon',
} as const satisfies Network<'mastodon'>;
