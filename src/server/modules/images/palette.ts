/** The colours of one image, picked from the brand kit so text stays readable on its background. */
export interface Palette {
  background: string;
  /** Bars, pills and marks. */
  accent: string;
  /** Text on the accent. */
  onAccent: string;
  /** Text on the background: near-black or white, whichever reads better. */
  text: string;
  /** Secondary text on the background. */
  muted: string;
  /** The accent when it reads as text on the background (3:1), the text colour otherwise. */
  accentText: string;
}

/** Deep blue and warm yellow: a calm default for a profile that has no brand colours yet. */
const DEFAULT_COLORS = ['#1f3a5f', '#f4b942'];
const DARK = '#16181d';
const LIGHT = '#ffffff';
const HEX = /^#[0-9a-f]{6}$/i;

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** Near-black or white, whichever reads better; black on the few mid tones where neither reaches 4.5:1. */
function readableOn(background: string): string {
  const best = contrast(background, DARK) >= contrast(background, LIGHT) ? DARK : LIGHT;
  return contrast(background, best) >= 4.5 ? best : '#000000';
}

function mix(hex: string, toward: string, amount: number): string {
  const [a, b] = [channels(hex), channels(toward)];
  return `#${a
    .map((value, i) =>
      Math.round(value + (b[i]! - value) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function paletteOf(colors: readonly string[]): Palette {
  const valid = colors.filter((color) => HEX.test(color)).map((color) => color.toLowerCase());
  const [background, ...rest] = valid.length > 0 ? valid : DEFAULT_COLORS;
  const text = readableOn(background!);
  // The first other brand colour that stands out from the background; a tint or shade of it otherwise.
  const accent = rest.find((color) => contrast(color, background!) >= 1.6) ?? mix(background!, text === LIGHT ? LIGHT : DARK, 0.55);
  return {
    background: background!,
    accent,
    onAccent: readableOn(accent),
    text,
    muted: mix(text, background!, 0.22),
    accentText: contrast(accent, background!) >= 3 ? accent : text,
  };
}
