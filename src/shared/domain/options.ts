/** Option lists from the product spec (section 3, "Option lists"), in the spec's order and spelling. */

export const INDUSTRIES = ['insurance', 'dental'] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const TONES_OF_VOICE = [
  'conversational',
  'enthusiastic',
  'funny',
  'animated',
  'formal',
  'authoritative',
  'informal',
  'professional',
] as const;
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
