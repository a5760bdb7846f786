import type { Child, Element, Style } from './element';
import { box, image, text } from './element';
import type { Palette } from './palette';

/** The logo, already fitted to its box: a PNG data URI and its drawn size. */
export interface FittedLogo {
  src: string;
  width: number;
  height: number;
}

/** Everything a template draws with: the size, a unit that scales with it, the colours, the font, the logo. */
export interface Canvas {
  width: number;
  height: number;
  /** One design pixel at 1080 wide; smaller on short landscape images so the text still fits. */
  unit: number;
  /** The outer margin: the same on every side. */
  margin: number;
  palette: Palette;
  font: string;
  logo: FittedLogo | null;
}

/** The logo's box: the logo is fitted into it, its shape kept. */
export const logoBox = (unit: number) => ({ width: Math.round(220 * unit), height: Math.round(72 * unit) });

export function canvasSize(width: number, height: number): Pick<Canvas, 'unit' | 'margin'> {
  const unit = Math.min(width / 1080, (height / 1080) * 1.25);
  return { unit, margin: Math.round(84 * unit) };
}

/** A headline's size: the shorter the words, the larger they are set. */
export function headlineSize(canvas: Canvas, headline: string, scale = 1): number {
  const length = [...headline].length;
  const size = length <= 32 ? 92 : length <= 64 ? 78 : length <= 100 ? 64 : 54;
  return Math.round(size * scale * canvas.unit);
}

/** The small label above the content ("Tip", "Offer"): capitals spaced out in a pill of the accent. */
export function kicker(canvas: Canvas, label: string): Element {
  const u = canvas.unit;
  return box(
    { alignSelf: 'flex-start' },
    text(
      {
        backgroundColor: canvas.palette.accent,
        color: canvas.palette.onAccent,
        fontSize: Math.round(26 * u),
        fontWeight: 700,
        letterSpacing: Math.round(3 * u),
        textTransform: 'uppercase',
        padding: `${Math.round(10 * u)}px ${Math.round(22 * u)}px`,
        borderRadius: Math.round(40 * u),
      },
      label,
    ),
  );
}

/** The top row: the kicker on the left, the logo small in the right corner. */
export function topRow(canvas: Canvas, left: Child): Element {
  const { logo } = canvas;
  const slot = logoBox(canvas.unit);
  return box(
    { justifyContent: 'space-between', alignItems: 'center', minHeight: slot.height },
    left,
    logo ? image(logo.src, logo.width, logo.height) : box({}),
  );
}

/** The whole image: the background, the margins, and the template's rows as a column. */
export function frame(canvas: Canvas, style: Style, ...rows: Child[]): Element {
  return box(
    {
      width: canvas.width,
      height: canvas.height,
      flexDirection: 'column',
      // Satori sizes boxes by their content unless told: the margins are inside the image's size.
      boxSizing: 'border-box',
      padding: canvas.margin,
      backgroundColor: canvas.palette.background,
      color: canvas.palette.text,
      fontFamily: canvas.font,
      ...style,
    },
    ...rows,
  );
}

/** A block of wrapped text that shows at most `lines` lines (satori's line clamp adds the ellipsis). */
export function paragraph(style: Style, content: string, lines: number): Element {
  return { type: 'div', props: { style: { display: 'block', lineClamp: lines, ...style }, children: content } };
}
