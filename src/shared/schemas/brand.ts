import { z } from 'zod';

/** The fonts a brand kit can choose from; each ships with the server's image templates. */
export const BRAND_FONTS = ['inter', 'lora', 'montserrat', 'merriweather', 'poppins'] as const;
export type BrandFont = (typeof BRAND_FONTS)[number];
export const DEFAULT_BRAND_FONT: BrandFont = 'inter';

export const BRAND_FONT_LABELS: Record<BrandFont, string> = {
  inter: 'Inter',
  lora: 'Lora',
  montserrat: 'Montserrat',
  merriweather: 'Merriweather',
  poppins: 'Poppins',
};

/** Colours the picker lets one add; a list stored before the limit (up to 10) stays readable. */
export const BRAND_COLORS_MAX = 5;

/** A brand colour as the API stores it: six hex digits after '#'. */
export const brandColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, 'Brand colours must be hex colours like #1a2b3c.');

export const brandFontSchema = z.enum(BRAND_FONTS, 'Choose a font from the list.');

/** The logo: one of the user's own uploads, named the way posts name their files (/api/media/<file id>). */
export const brandLogoSchema = z
  .string()
  .regex(/^\/api\/media\/[0-9a-f-]{36}\.[a-z0-9]{3,4}$/, 'The logo must be one of your uploaded images.')
  .nullable();
