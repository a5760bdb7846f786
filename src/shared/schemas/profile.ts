import { z } from 'zod';
import { DEFAULT_POST_LANGUAGE, POST_LANGUAGES } from '../domain/languages';
import { BUSINESS_GOALS, INDUSTRIES, TONES_OF_VOICE } from '../domain/options';
import { BRAND_COLORS_MAX, brandColorSchema, brandFontSchema, brandLogoSchema, DEFAULT_BRAND_FONT } from './brand';

/** Length limits for the company profile; generous for real companies, small enough to keep prompts sane. */
export const PROFILE_LIMITS = {
  name: 100,
  companyName: 120,
  description: 1000,
  website: 300,
  targetAudience: 1000,
  /** New writes: at most BRAND_COLORS_MAX (brand.ts); a longer list stored earlier (up to 10) is still returned. */
  brandColors: BRAND_COLORS_MAX,
} as const;

const trimmed = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters.`);

/** A website is optional; when given it must look like a web address. */
const website = trimmed(PROFILE_LIMITS.website, 'Website URL').refine(
  (value) => value === '' || /^(https?:\/\/)?[^\s/$.?#]+\.[^\s]+$/i.test(value),
  'Website URL must be a web address, like https://example.com.',
);

/** The fields a user fills in during onboarding (spec section 3, "User record"). */
export const profileInputSchema = z.object({
  name: trimmed(PROFILE_LIMITS.name, 'Your Name'),
  companyName: trimmed(PROFILE_LIMITS.companyName, 'Company Name'),
  description: trimmed(PROFILE_LIMITS.description, 'Description'),
  industry: z.union([z.enum(INDUSTRIES), z.literal('')]),
  toneOfVoice: z.array(z.enum(TONES_OF_VOICE)).max(TONES_OF_VOICE.length),
  brandColors: z.array(brandColorSchema).max(PROFILE_LIMITS.brandColors, `Choose at most ${PROFILE_LIMITS.brandColors} brand colours.`),
  /** The brand kit; a request without them leaves the stored ones as they are. */
  brandLogo: brandLogoSchema.optional(),
  brandFont: brandFontSchema.optional(),
  website,
  targetAudience: trimmed(PROFILE_LIMITS.targetAudience, 'Target audience'),
  businessGoals: z.array(z.enum(BUSINESS_GOALS)).max(BUSINESS_GOALS.length),
  /** The language the AI writes posts in; a request without it leaves the stored one as it is. */
  postLanguage: z.enum(POST_LANGUAGES, 'Choose a post language from the list.').optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** The stored record as the API returns it. */
export const profileSchema = profileInputSchema.extend({
  /** Read without the write limit: a list of up to 10 saved before the brand kit stays as it was. */
  brandColors: z.array(z.string()),
  brandLogo: brandLogoSchema,
  brandFont: brandFontSchema,
  postLanguage: z.enum(POST_LANGUAGES),
  completedOnboarding: z.boolean(),
  updatedAt: z.string().nullable(),
  /** IANA zone the user's months and "today" are counted in; set from the browser. */
  timeZone: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const EMPTY_PROFILE_INPUT: Required<ProfileInput> = {
  name: '',
  companyName: '',
  description: '',
  industry: '',
  toneOfVoice: [],
  brandColors: [],
  brandLogo: null,
  brandFont: DEFAULT_BRAND_FONT,
  website: '',
  targetAudience: '',
  businessGoals: [],
  postLanguage: DEFAULT_POST_LANGUAGE,
};

/** What a signed-in client needs to route: who it is and whether onboarding is done. */
export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  profile: profileSchema,
});
export type Me = z.infer<typeof meSchema>;
