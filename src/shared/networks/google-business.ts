import type { Network } from './network';

/**
 * Google Business Profile: a local post (an update, an offer or an event) on the business's listing in
 * Search and Maps (developers.google.com/my-business/content/posts-data): a summary of up to 1,500
 * characters, one photo, and a button. Hashtags do nothing there, so the writers leave them out.
 */
export const googleBusiness = {
  id: 'googlebusiness',
  label: 'Google Business Profile',
  pill: 'google',
  maxLength: 1500,
  counting: 'characters',
  hashtagCap: 0,
  prompt: { note: 'local and practical: what, where and when; no hashtags; end with the call to action', hashtags: 0 },
  offline: { layout: 'local', frame: { image: 'landscape 4:3', video: 'landscape 16:9' }, videoSeconds: 30, linkInBio: false },
  preview: { mediaFirst: true, byline: 'Just now' },
  media: { maxItems: 1, types: ['image'] },
  // The listing shows about three lines before 'More'.
  feedCut: { chars: 250, lines: 4, more: '… More' },
  imageRatio: 4 / 3,
  imageSizes: [{ width: 1200, height: 900 }],
  adaptInstructions:
    'Rewrite this post for Google Business Profile: a short local update for people searching for the business, under 1,500 characters, no hashtags, ending with one clear call to action.',
  colors: { chart: '#1a73e8', tint: '#e8f0fe', text: '#1557b0' },
  icon: 'google',
  offersAndEvents: true,
} as const satisfies Network<'googlebusiness'>;

/**
 * The button a local post carries for each of the strategy's calls to action (the LocalPost ActionType;
 * developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts#ActionType). Follow/Subscribe
 * has no button there. CALL dials the listing's phone and takes no link; the others open the profile's website.
 */
export const GOOGLE_BUSINESS_BUTTONS = {
  'Visit Website': 'LEARN_MORE',
  'Schedule Appointment': 'BOOK',
  'Contact Us': 'CALL',
  'Shop Now': 'SHOP',
  'Learn More': 'LEARN_MORE',
  'Follow/Subscribe': null,
} as const;
export type GoogleBusinessButton = NonNullable<(typeof GOOGLE_BUSINESS_BUTTONS)[keyof typeof GOOGLE_BUSINESS_BUTTONS]>;
