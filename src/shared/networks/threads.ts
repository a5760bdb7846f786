import type { Network } from './network';

/**
 * Threads (developers.facebook.com/documentation/threads/posts): 500 characters with each emoji counted
 * as its UTF-8 bytes, one topic tag a post, up to 20 images or videos as a carousel.
 */
export const threads = {
  id: 'threads',
  label: 'Threads',
  maxLength: 500,
  counting: 'emoji-bytes',
  // A Threads post carries one topic (a tag); a second one stays plain text.
  hashtagCap: 1,
  prompt: { note: 'conversational, under 500 characters (an emoji counts as several); at most 1 topic tag', hashtags: 1 },
  offline: { layout: 'toot', frame: { image: 'portrait 4:5', video: 'vertical 9:16' }, videoSeconds: 30, linkInBio: false },
  preview: { mediaFirst: false, byline: '@{name} · now' },
  media: { maxItems: 20, types: ['image', 'video'] },
  // The feed shows the whole post, so it stops only at the limit.
  feedCut: { chars: 500, more: '…' },
  imageRatio: 4 / 5,
  imageSizes: [{ width: 1080, height: 1350 }],
  adaptInstructions:
    'Rewrite this post for Threads: conversational and short, under 500 characters, few emojis, at most one topic tag at the end, end with a question that invites replies.',
  colors: { chart: '#1c1c1c', tint: '#ececec', text: '#1c1c1c' },
  icon: 'threads',
} as const satisfies Network<'threads'>;
