import type { ImageContent } from './brand-kit';

/**
 * Longest headline, body and point an image shows (past these the text would not fit, so it is cut), and
 * the emoji a text keeps: each is drawn as an image, and a run of 140 took 1.5 s to draw.
 */
export const TEXT_LIMITS = { headline: 140, body: 280, point: 160, points: 10, emoji: 4 } as const;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** An emoji, a flag or a keycap. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/**
 * The text on one line of at most `max` characters (graphemes, so an emoji is never split), ending in an
 * ellipsis when cut, with its first few emoji only. Only a bounded prefix is looked at, so a hostile
 * 60,000-character string costs no more than a sane one.
 */
export function clip(text: string, max: number): string {
  // A grapheme is rarely over 8 code units (family emoji are longer, and only risk cutting one short).
  const end = max * 8 + 1;
  const head = text.slice(0, end).replace(/\s+/g, ' ').trim();
  const parts: string[] = [];
  let emoji = 0;
  for (const { segment } of graphemes.segment(head)) {
    if (parts.length === max) return `${parts.join('').trimEnd()}…`;
    if (EMOJI.test(segment) && ++emoji > TEXT_LIMITS.emoji) continue;
    parts.push(segment);
  }
  return parts.join('') + (/\S/.test(text.slice(end)) ? '…' : '');
}

/** The content cut to what an image can show, before any layout. */
export function boundContent(content: ImageContent): Required<ImageContent> {
  return {
    headline: clip(content.headline, TEXT_LIMITS.headline),
    body: clip(content.body ?? '', TEXT_LIMITS.body),
    points: (content.points ?? [])
      .slice(0, TEXT_LIMITS.points)
      .map((point) => clip(point, TEXT_LIMITS.point))
      .filter((point) => point !== ''),
  };
}
