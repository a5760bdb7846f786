import type { ImageContent } from './brand-kit';
import type { Element } from './element';
import { box, text } from './element';
import type { Canvas } from './frame';
import { frame, headlineSize, kicker, paragraph, topRow } from './frame';

export const TEMPLATES = ['tip', 'quote', 'announcement', 'offer', 'event', 'carousel'] as const;
export type TemplateName = (typeof TEMPLATES)[number];

type Content = Required<ImageContent>;
/** A template lays out the content on the canvas: one image, or one per slide for a carousel. */
type Template = (canvas: Canvas, content: Content) => Element[];

const px = (canvas: Canvas, size: number) => Math.round(size * canvas.unit);

const headline = (canvas: Canvas, words: string, style: Record<string, string | number> = {}) =>
  paragraph({ fontSize: headlineSize(canvas, words), fontWeight: 700, lineHeight: 1.12, letterSpacing: -0.5, ...style }, words, 5);

const body = (canvas: Canvas, words: string, style: Record<string, string | number> = {}) =>
  words === '' ? box({}) : paragraph({ fontSize: px(canvas, 34), lineHeight: 1.4, color: canvas.palette.muted, marginTop: px(canvas, 32), ...style }, words, 4);

const accentBar = (canvas: Canvas) =>
  box({ width: px(canvas, 88), height: px(canvas, 10), borderRadius: px(canvas, 5), backgroundColor: canvas.palette.accent, marginBottom: px(canvas, 40) });

const middle = (justifyContent: string, ...children: Element[]) => box({ flexDirection: 'column', flexGrow: 1, justifyContent }, ...children);

const tip: Template = (canvas, content) => [
  frame(canvas, {}, topRow(canvas, kicker(canvas, 'Tip')), middle('center', accentBar(canvas), headline(canvas, content.headline), body(canvas, content.body))),
];

const quote: Template = (canvas, content) => [
  frame(
    canvas,
    {},
    topRow(canvas, box({})),
    middle(
      'center',
      text({ fontSize: px(canvas, 220), fontWeight: 700, lineHeight: 1, height: px(canvas, 120), color: canvas.palette.accentText }, '“'),
      headline(canvas, content.headline, { fontWeight: 400, lineHeight: 1.22, letterSpacing: 0 }),
      content.body === ''
        ? box({})
        : paragraph(
            { marginTop: px(canvas, 40), fontSize: px(canvas, 30), fontWeight: 700, lineHeight: 1.35, color: canvas.palette.accentText },
            `— ${content.body}`,
            2,
          ),
    ),
  ),
];

const announcement: Template = (canvas, content) => [
  frame(
    canvas,
    { borderLeft: `${px(canvas, 28)}px solid ${canvas.palette.accent}` },
    topRow(canvas, kicker(canvas, 'News')),
    middle('flex-end', headline(canvas, content.headline, { fontSize: headlineSize(canvas, content.headline, 1.08) }), body(canvas, content.body)),
  ),
];

const offer: Template = (canvas, content) => [
  frame(
    canvas,
    {},
    topRow(canvas, kicker(canvas, 'Offer')),
    box(
      {
        flexDirection: 'column',
        flexGrow: 1,
        justifyContent: 'center',
        alignItems: 'center',
        textAlign: 'center',
        marginTop: px(canvas, 40),
        padding: px(canvas, 28),
        // A ticket in the accent colour, its dashed edge drawn inside.
        backgroundColor: canvas.palette.accent,
        color: canvas.palette.onAccent,
        borderRadius: px(canvas, 36),
      },
      box(
        {
          flexDirection: 'column',
          flexGrow: 1,
          alignSelf: 'stretch',
          justifyContent: 'center',
          alignItems: 'center',
          padding: px(canvas, 40),
          border: `${px(canvas, 4)}px dashed ${canvas.palette.onAccent}`,
          borderRadius: px(canvas, 24),
        },
        headline(canvas, content.headline, { fontSize: headlineSize(canvas, content.headline, 1.05) }),
        body(canvas, content.body, { color: canvas.palette.onAccent, opacity: 0.85 }),
      ),
    ),
  ),
];

const detail = (canvas: Canvas, words: string) =>
  box(
    { alignItems: 'center', marginTop: px(canvas, 22) },
    box({
      width: px(canvas, 16),
      height: px(canvas, 16),
      borderRadius: px(canvas, 8),
      backgroundColor: canvas.palette.accent,
      marginRight: px(canvas, 22),
      flexShrink: 0,
    }),
    paragraph({ fontSize: px(canvas, 34), fontWeight: 700, lineHeight: 1.3 }, words, 2),
  );

const event: Template = (canvas, content) => [
  frame(
    canvas,
    {},
    topRow(canvas, kicker(canvas, 'Event')),
    middle(
      'center',
      accentBar(canvas),
      headline(canvas, content.headline),
      box({ flexDirection: 'column', marginTop: px(canvas, 18) }, ...content.points.slice(0, 4).map((point) => detail(canvas, point))),
      body(canvas, content.body),
    ),
  ),
];

/** The slides' progress: one bar per slide, the current one in the accent. */
const progress = (canvas: Canvas, index: number, count: number) =>
  box(
    { alignItems: 'center' },
    ...Array.from({ length: count }, (_, i) =>
      box({
        width: px(canvas, i === index ? 56 : 24),
        height: px(canvas, 8),
        borderRadius: px(canvas, 4),
        marginRight: px(canvas, 10),
        backgroundColor: i === index ? canvas.palette.accent : canvas.palette.muted,
        opacity: i === index ? 1 : 0.35,
      }),
    ),
  );

/** One slide per point, numbered "1/5"; without points, one slide of the headline. */
const carousel: Template = (canvas, content) => {
  const points = content.points.length > 0 ? content.points : [content.headline];
  return points.map((point, index) =>
    frame(
      canvas,
      {},
      topRow(canvas, paragraph({ fontSize: px(canvas, 28), fontWeight: 700, color: canvas.palette.muted, maxWidth: px(canvas, 640) }, content.headline, 1)),
      middle(
        'center',
        text(
          { fontSize: px(canvas, 132), fontWeight: 700, lineHeight: 1, color: canvas.palette.accentText, marginBottom: px(canvas, 28) },
          String(index + 1).padStart(2, '0'),
        ),
        headline(canvas, point, { fontSize: headlineSize(canvas, point, 0.92), lineHeight: 1.18 }),
      ),
      box(
        { justifyContent: 'space-between', alignItems: 'center' },
        progress(canvas, index, points.length),
        text({ fontSize: px(canvas, 28), fontWeight: 700, color: canvas.palette.muted }, `${index + 1}/${points.length}`),
      ),
    ),
  );
};

export const TEMPLATE_LAYOUTS: Record<TemplateName, Template> = { tip, quote, announcement, offer, event, carousel };
