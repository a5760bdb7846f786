import type { ImageSize } from '@shared/networks';
import { AppError } from '../../errors';
import { loadRenderers, loadSharp } from '../../platform/image-libraries';
import { emojiImage, fontFaces } from './assets';
import type { BrandKit, ImageContent } from './brand-kit';
import type { Canvas, FittedLogo } from './frame';
import { canvasSize, logoBox } from './frame';
import { paletteOf } from './palette';
import type { TemplateName } from './templates';
import { TEMPLATE_LAYOUTS } from './templates';
import { boundContent } from './text-bounds';

export interface RenderRequest {
  template: TemplateName;
  content: ImageContent;
  brandKit: BrandKit;
  size: ImageSize;
  format?: 'png' | 'jpeg';
}

export interface RenderedImage {
  bytes: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export interface RenderOptions {
  /** Milliseconds an image may take; past it the render is refused. */
  timeLimitMs?: number;
  /** The clock the time limit is measured on (tests move it). */
  now?: () => number;
}

/** An image that takes longer than this is refused (issue 30: under a second or refused); bounded text keeps a render near 0.3 s. */
export const RENDER_TIME_LIMIT_MS = 1000;
/** A logo larger than this is refused before it is decoded. */
const LOGO_MAX_PIXELS = 40_000_000;
const MAX_SIDE = 2400;

/**
 * Renders a template filled with the content and the brand kit: one image, or one per slide for a
 * carousel. Deterministic: the same request gives the same bytes (fonts and emoji come from packages;
 * resvg loads no system font). The text is cut to its limits before layout, so hostile text costs no
 * more than a long headline; each image must still finish within the time limit.
 */
export async function renderImages(request: RenderRequest, options: RenderOptions = {}): Promise<RenderedImage[]> {
  const now = options.now ?? (() => performance.now());
  const limit = options.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const { width, height } = request.size;
  if (![width, height].every((side) => Number.isInteger(side) && side >= 100 && side <= MAX_SIDE)) {
    throw new AppError('bad_request', `An image is between 100 and ${MAX_SIDE} pixels on each side.`);
  }
  // Each image (a carousel's every slide) gets the whole limit: a five-slide carousel is five images, not one.
  let start = now();
  const checkTime = () => {
    if (now() - start > limit) {
      throw new AppError('unavailable', `Making the image took longer than ${limit / 1000} seconds: try again, or shorten its text.`);
    }
  };
  const { unit, margin } = canvasSize(width, height);
  const canvas: Canvas = {
    width,
    height,
    unit,
    margin,
    palette: paletteOf(request.brandKit.colors),
    font: request.brandKit.font,
    logo: request.brandKit.logo ? await fitLogo(request.brandKit.logo, logoBox(unit)) : null,
  };
  const trees = TEMPLATE_LAYOUTS[request.template](canvas, boundContent(request.content));
  const [{ satori, Resvg }, sharp] = await Promise.all([loadRenderers(), loadSharp()]);
  const images: RenderedImage[] = [];
  for (const [index, tree] of trees.entries()) {
    if (index > 0) start = now();
    const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
      width,
      height,
      fonts: fontFaces(request.brandKit.font),
      loadAdditionalAsset: async (code, segment) => (code === 'emoji' ? (emojiImage(segment) ?? []) : []),
    });
    checkTime();
    const png = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render().asPng();
    checkTime();
    const bytes = request.format === 'jpeg' ? await sharp(png).jpeg({ quality: 90, mozjpeg: true }).toBuffer() : png;
    checkTime();
    images.push({ bytes, mimeType: request.format === 'jpeg' ? 'image/jpeg' : 'image/png', width, height });
  }
  return images;
}

/** The logo fitted inside its box (shape kept) as a PNG data URI; a logo that cannot be read is refused. */
async function fitLogo(logo: Uint8Array, bounds: { width: number; height: number }): Promise<FittedLogo> {
  const sharp = await loadSharp();
  try {
    // Drawn from twice its size so it stays sharp; never enlarged past its own pixels.
    const { data, info } = await sharp(logo, { limitInputPixels: LOGO_MAX_PIXELS })
      .resize({ width: bounds.width * 2, height: bounds.height * 2, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    const scale = Math.min(bounds.width / info.width, bounds.height / info.height);
    return {
      src: `data:image/png;base64,${data.toString('base64')}`,
      width: Math.max(1, Math.round(info.width * scale)),
      height: Math.max(1, Math.round(info.height * scale)),
    };
  } catch {
    throw new AppError('unsupported_media_type', 'The logo is not a PNG or JPEG image that can be read.');
  }
}
