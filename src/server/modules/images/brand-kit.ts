/** The fonts an image can be set in: each ships as an npm package (`@fontsource/<name>`). */
export const BRAND_FONTS = ['inter', 'lora', 'montserrat', 'merriweather', 'poppins'] as const;
export type BrandFont = (typeof BRAND_FONTS)[number];

/**
 * What the renderer needs of the profile's brand kit: up to 5 colours (`#rrggbb`, the first is the
 * background), the logo's bytes (PNG or JPEG, already read from the media store) and the font.
 */
export interface BrandKit {
  colors: string[];
  logo: Uint8Array | null;
  font: BrandFont;
}

/** The words an image carries: the post's headline, a line under it, and a carousel's points. */
export interface ImageContent {
  headline: string;
  body?: string;
  points?: string[];
}
