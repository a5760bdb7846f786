/** Option lists from the product spec (section 3, "Option lists"), in the spec's order and spelling. */
import { networkTable } from '../networks';

export const INDUSTRIES = ['insurance', 'dental'] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const TONES_OF_VOICE = ['conversational', 'enthusiastic', 'funny', 'animated', 'formal', 'authoritative', 'informal', 'professional'] as const;
export type ToneOfVoice = (typeof TONES_OF_VOICE)[number];

export const BUSINESS_GOALS = ['brandAwareness', 'customerEngagement'] as const;
export type BusinessGoal = (typeof BUSINESS_GOALS)[number];

/** Human labels for values stored in camelCase or lower case. */
export const BUSINESS_GOAL_LABELS: Record<BusinessGoal, string> = {
  brandAwareness: 'Brand Awareness',
  customerEngagement: 'Customer Engagement',
};

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Platforms a post can be for, their labels and limits: the networks registry (`shared/networks`). */
export { PLATFORMS, SPEC_PLATFORMS, type Platform } from '../networks';

export const PLATFORM_LABELS = networkTable((network) => network.label);

/** Character limits of each network's post text. */
export const PLATFORM_CHARACTER_LIMITS = networkTable((network) => network.maxLength);

export const POST_TYPES = ['text', 'image', 'video', 'carousel'] as const;
export type PostType = (typeof POST_TYPES)[number];

/** Content-type checkboxes of the Generate tab, and the post type each one allows. */
export const CONTENT_TYPES = ['Text only', 'Images', 'Videos', 'Carousels'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_TYPE_POST_TYPE: Record<ContentType, PostType> = {
  'Text only': 'text',
  Images: 'image',
  Videos: 'video',
  Carousels: 'carousel',
};

export const CALLS_TO_ACTION = ['Visit Website', 'Schedule Appointment', 'Contact Us', 'Learn More', 'Follow/Subscribe', 'Shop Now'] as const;
export type CallToAction = (typeof CALLS_TO_ACTION)[number];

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
