import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrandFont } from './brand-kit';

/**
 * The fonts and emoji images are read from their npm packages, never fetched: rendering works offline
 * and gives the same bytes on every machine. Satori reads WOFF (not WOFF2), which @fontsource ships.
 */
const require = createRequire(import.meta.url);

export interface FontFace {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

const WEIGHTS = [400, 700] as const;
// Latin and its extension (accented letters of most European languages); satori takes each glyph from
// the first face that has it.
const SUBSETS = ['latin', 'latin-ext'] as const;
const loadedFonts = new Map<BrandFont, FontFace[]>();

export function fontFaces(font: BrandFont): FontFace[] {
  let faces = loadedFonts.get(font);
  if (!faces) {
    faces = WEIGHTS.flatMap((weight) =>
      SUBSETS.map((subset) => ({
        name: font,
        data: readFileSync(require.resolve(`@fontsource/${font}/files/${font}-${subset}-${weight}-normal.woff`)),
        weight,
        style: 'normal' as const,
      })),
    );
    loadedFonts.set(font, faces);
  }
  return faces;
}

const twemojiFolder = () => require.resolve('@twemoji/svg/package.json').replace(/package\.json$/, '');
const emojiCache = new Map<string, string | null>();

/**
 * Twemoji's file name for an emoji: its code points in hex joined by '-', without the variation selector
 * U+FE0F unless the emoji is a joined sequence (U+200D), as Twemoji names its files.
 */
export function twemojiName(emoji: string): string {
  const points = [...emoji].map((char) => char.codePointAt(0)!);
  const kept = points.includes(0x200d) ? points : points.filter((point) => point !== 0xfe0f);
  return kept.map((point) => point.toString(16)).join('-');
}

/** The emoji as an SVG data URI, or null when Twemoji has no image for it. */
export function emojiImage(emoji: string): string | null {
  if (emojiCache.has(emoji)) return emojiCache.get(emoji)!;
  const name = twemojiName(emoji);
  const candidates = [name, name.replace(/-fe0f/g, '')];
  let image: string | null = null;
  for (const candidate of candidates) {
    try {
      const svg = readFileSync(`${twemojiFolder()}${candidate}.svg`);
      image = `data:image/svg+xml;base64,${svg.toString('base64')}`;
      break;
    } catch {
      // Not this spelling: try the next.
    }
  }
  // Bounded: a hostile text can name only so many distinct emoji before it is cut.
  if (emojiCache.size < 2000) emojiCache.set(emoji, image);
  return image;
}
