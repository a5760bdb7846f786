/**
 * Phrase banks of the template writer. Every phrase is a function of plain strings so an empty
 * profile never shows 'undefined' or a gap where a company name would be.
 */
import type { CallToAction, Industry, Platform } from '@shared/domain/options';
import { NETWORKS } from '@shared/networks';

export type Register = 'formal' | 'upbeat' | 'casual';
type IndustryKey = Industry | 'general';

export interface Words {
  /** The company name, or 'our team' when none was given. */
  org: string;
  /** ', at <company>' or '' (for "From all of us at X"). */
  atOrg: string;
  theme: string;
  Theme: string;
  audience: string | null;
  holiday: string;
}

export const HEADLINES: Record<Register, ((w: Words) => string)[]> = {
  formal: [
    (w) => `${w.Theme}: what you should know.`,
    (w) => `A closer look at ${w.theme}.`,
    (w) => `On our mind this week: ${w.theme}.`,
    (w) => `Our perspective on ${w.theme}.`,
    (w) => `A word on ${w.theme}.`,
    (w) => `Today's topic: ${w.theme}.`,
  ],
  upbeat: [
    (w) => `Let's talk about ${w.theme}!`,
    (w) => `Ready for some fresh ideas on ${w.theme}?`,
    (w) => `This week's focus: ${w.theme}!`,
    (w) => `Good news about ${w.theme}!`,
    (w) => `Spotlight on ${w.theme}!`,
    (w) => `All about ${w.theme} today!`,
  ],
  casual: [
    (w) => `Quick thought on ${w.theme}.`,
    (w) => `Ever wondered about ${w.theme}?`,
    (w) => `Let's chat about ${w.theme}.`,
    (w) => `A little something on ${w.theme}.`,
    (w) => `Been thinking about ${w.theme} lately.`,
    (w) => `Here's a thought on ${w.theme}.`,
  ],
};

/** Headlines for a theme that is a whole sentence of the user's own ("We are open late on Fridays now!"). */
export const SENTENCE_HEADLINES: ((w: Words) => string)[] = [
  (w) => w.Theme,
  (w) => `In case you missed it: ${w.Theme}`,
  (w) => `Good to know: ${w.Theme}`,
  (w) => `A note from ${w.org}: ${w.Theme}`,
  (w) => `Fresh news: ${w.Theme}`,
  (w) => `Have you heard? ${w.Theme}`,
  (w) => `Just a reminder: ${w.Theme}`,
  (w) => `Quick update: ${w.Theme}`,
  (w) => `From all of us${w.atOrg}: ${w.Theme}`,
  (w) => `Here is something worth knowing: ${w.Theme}`,
  (w) => `Spread the word: ${w.Theme}`,
  (w) => `Big news this week: ${w.Theme}`,
];

export const HOLIDAY_HEADLINES: Record<Register, ((w: Words) => string)[]> = {
  formal: [(w) => `Wishing everyone a wonderful ${w.holiday}.`, (w) => `Warm wishes on ${w.holiday}.`],
  upbeat: [(w) => `Happy ${w.holiday}!`, (w) => `It's ${w.holiday}, let's celebrate!`],
  casual: [(w) => `Happy ${w.holiday}, everyone!`, (w) => `${w.holiday} is here.`],
};

export const HOLIDAY_LINES: ((w: Words) => string)[] = [
  (w) => `From all of us${w.atOrg}, enjoy the day with the people who matter most.`,
  (w) => `Whatever your plans, we hope ${w.holiday} brings you rest and good company.`,
  () => 'Thank you for being part of our community this year.',
];

export const TIPS: Record<IndustryKey, string[]> = {
  dental: [
    'Brushing twice a day for two minutes does more for your smile than any quick fix.',
    'Regular check-ups catch small problems before they turn into big ones.',
    'Flossing once a day reaches the places your brush cannot.',
    'Gentle, unhurried care makes every visit easier, for children and grown-ups alike.',
    'Sugary snacks between meals are harder on teeth than the same treat with a meal.',
  ],
  insurance: [
    'The right cover is the one that fits your life today, not the one you chose years ago.',
    'A quick policy review once a year can save money and stress.',
    'When something goes wrong, a clear and fast claims process matters most.',
    'Combining home and car cover is often simpler than you think.',
    'Knowing exactly what your policy covers is the best kind of peace of mind.',
  ],
  general: [
    'Small, steady steps add up to big results.',
    'Good service starts with listening, and we are always listening.',
    'The best questions come from our customers, so keep them coming.',
    'We keep things simple, so you can focus on what matters to you.',
    'Behind every good result is a team that cares about the details.',
  ],
};

export const CONNECTIONS: ((w: Words) => string)[] = [
  (w) => `${w.org.charAt(0).toUpperCase()}${w.org.slice(1)} is here to help with ${w.theme}.`,
  (w) => `We love helping ${w.audience ?? 'people'} with ${w.theme}.`,
  (w) => `When it comes to ${w.theme}, we keep things simple${w.audience ? ` for ${w.audience}` : ''}.`,
];

export const ENGAGEMENT_LINES: ((w: Words) => string)[] = [
  (w) => `What is your best tip for ${w.theme}? Tell us in the comments.`,
  (w) => `Have a question about ${w.theme}? Ask us below.`,
  () => 'Which topic would you like us to cover next? Let us know.',
];

/** Engagement lines that do not name the theme: for a theme that is a whole sentence or too long to repeat. */
export const GENERIC_ENGAGEMENT_LINES: ((w: Words) => string)[] = [
  () => 'Which topic would you like us to cover next? Let us know.',
  () => 'What would you like to hear more about? Tell us in the comments.',
];

export const AWARENESS_LINES: ((w: Words) => string)[] = [
  () => 'Share this with someone who would find it useful.',
  () => 'New here? Say hello, we would love to meet you.',
  (w) => `Get to know ${w.org} a little better: we post tips like this every week.`,
];

/**
 * Google Business Profile posts are read on the listing, by people nearby deciding whether to come: a
 * practical line on finding or reaching the business (there are no comments to invite there).
 */
export const LOCAL_LINES: ((w: Words) => string)[] = [
  () => 'Our opening hours and directions are right here on our profile.',
  (w) => `Drop in and say hello${w.atOrg}: we are happy to help.`,
  () => 'Find us on Google Maps and come and see us in person.',
  (w) => `Questions? Call or message us from this profile and the team${w.atOrg} will help.`,
];

export const TYPE_LINES = {
  video: ['Watch the short video to see how.', 'Press play for a quick walkthrough.'],
  carousel: ['Swipe through for quick tips.', 'Swipe to see every step.'],
} as const;

export const FALLBACK_THEMES: Record<IndustryKey, string[]> = {
  dental: ['healthy smiles', 'regular check-ups', 'brushing and flossing', 'gentle care for nervous patients', "children's dental health"],
  insurance: ['choosing the right cover', 'home insurance', 'making a claim', 'saving on premiums', 'peace of mind for families'],
  general: ['everyday tips', 'our services', 'the people behind the work', 'questions we hear a lot', 'small steps with big results'],
};

export const INDUSTRY_HASHTAGS: Record<IndustryKey, string[]> = {
  dental: ['#DentalCare', '#HealthySmile', '#OralHealth'],
  insurance: ['#Insurance', '#PeaceOfMind', '#InsuranceTips'],
  general: ['#SmallBusiness', '#LocalBusiness', '#Community'],
};

export const EMOJIS: Record<IndustryKey | 'holiday', string[]> = {
  dental: ['😁', '🦷', '✨'],
  insurance: ['🛡️', '🏡', '✅'],
  general: ['✨', '💡', '🙌'],
  holiday: ['🎉', '🥳', '✨'],
};

export const SCENES: Record<IndustryKey, string[]> = {
  dental: [
    'a smiling family in a bright, modern dental practice',
    'a friendly dentist explaining a check-up to a relaxed patient',
    'a toothbrush and floss on a clean bathroom shelf',
  ],
  insurance: [
    'a family relaxing at home, safe and secure',
    'an adviser talking a couple through their policy at a kitchen table',
    'a house and a car under a clear sky',
  ],
  general: [
    'the team at work in a bright, welcoming space',
    'a happy customer talking with a member of the team',
    'a tidy workspace with the tools of the trade',
  ],
};

export const STYLES: Record<Register, string> = {
  formal: 'clean, professional look',
  upbeat: 'vibrant colours, energetic mood',
  casual: 'natural light, candid feel',
};

/** The call-to-action sentence; each contains the words the user picked (tests look for them). */
export function ctaLine(cta: CallToAction, platform: Platform, website: string | null, companyName: string | null): string {
  switch (cta) {
    case 'Visit Website':
      return website ? `Visit ${website} to find out more.` : 'Visit our website to find out more.';
    case 'Schedule Appointment':
      return 'Schedule your appointment today.';
    case 'Contact Us':
      return 'Contact us with any questions, we are happy to help.';
    case 'Learn More':
      return NETWORKS[platform].offline.linkInBio ? 'Learn more via the link in our bio.' : 'Learn more on our website.';
    case 'Follow/Subscribe':
      return `Follow ${companyName ?? 'us'} for more tips like this.`;
    case 'Shop Now':
      return 'Shop now and find what suits you.';
  }
}

/** What each call to action's sentence contains. */
export const CTA_MARKERS: Record<CallToAction, RegExp> = {
  'Visit Website': /\bvisit\b/i,
  'Schedule Appointment': /\bappointment\b/i,
  'Contact Us': /\bcontact us\b/i,
  'Learn More': /\blearn more\b/i,
  'Follow/Subscribe': /\bfollow\b/i,
  'Shop Now': /\bshop now\b/i,
};
