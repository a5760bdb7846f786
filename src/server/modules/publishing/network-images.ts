import { loadSharp } from '../../platform/image-libraries';

/**
 * Images as Instagram and Threads take them. Both fetch an image from its URL and refuse what they do not
 * take: Instagram only JPEG, its aspect ratio within 4:5 and 1.91:1, at most 8 MB (content-publishing
 * guide, image specifications; error table 2207005, 2207009); Threads JPEG or PNG of at most 8 MB
 * (threads/overview, image specifications). Google Business Profile fetches a post's photo the same way
 * (LocalPost media `sourceUrl`). An upload that already fits is sent as it is.
 */

/** Instagram's narrowest (4:5) and widest (1.91:1) feed images, and the widths it keeps (it scales others). */
export const INSTAGRAM_RATIO = { min: 4 / 5, max: 1.91 };
const INSTAGRAM_WIDTH = { min: 320, max: 1440 };
/** The largest image either network fetches. */
export const NETWORK_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Cropping may take this share of an image; an image further off the ratio is padded instead, so nothing of it is lost. */
const CROP_AT_MOST = 0.1;
const JPEG_QUALITY = 90;

export interface Frame {
  /** The image scaled to this size first. */
  resize: { width: number; height: number };
  /** Then cut to this part of it (a little off the ratio: the middle is kept). */
  extract?: { left: number; top: number; width: number; height: number };
  /** Or bands added around it (far off the ratio: white, as the feed's background). */
  extend?: { top: number; bottom: number; left: number; right: number };
}

/** The canvas a width x height image needs to fit 4:5..1.91:1, cropped or padded, before scaling. */
function canvasOf(width: number, height: number) {
  const ratio = width / height;
  if (ratio < INSTAGRAM_RATIO.min) {
    const cropped = Math.floor(width / INSTAGRAM_RATIO.min);
    return 1 - cropped / height <= CROP_AT_MOST ? { width, height: cropped } : { width: Math.ceil(height * INSTAGRAM_RATIO.min), height };
  }
  if (ratio > INSTAGRAM_RATIO.max) {
    const cropped = Math.floor(height * INSTAGRAM_RATIO.max);
    return 1 - cropped / width <= CROP_AT_MOST ? { width: cropped, height } : { width, height: Math.ceil(width / INSTAGRAM_RATIO.max) };
  }
  return { width, height };
}

/**
 * How a width x height image becomes one Instagram takes: scaled so its canvas is 320 to 1440 wide, then
 * cropped in the middle when that loses at most a tenth of it, else padded to the nearest ratio allowed.
 */
export function instagramFrame(width: number, height: number): Frame {
  const canvas = canvasOf(width, height);
  const scale =
    canvas.width > INSTAGRAM_WIDTH.max ? INSTAGRAM_WIDTH.max / canvas.width : canvas.width < INSTAGRAM_WIDTH.min ? INSTAGRAM_WIDTH.min / canvas.width : 1;
  const resize = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
  // Computed again on the scaled size, so rounding cannot take the result outside the ratio.
  const target = canvasOf(resize.width, resize.height);
  if (target.width === resize.width && target.height === resize.height) return { resize };
  if (target.width <= resize.width && target.height <= resize.height)
    return {
      resize,
      extract: { left: Math.floor((resize.width - target.width) / 2), top: Math.floor((resize.height - target.height) / 2), ...target },
    };
  const left = Math.floor((target.width - resize.width) / 2);
  const top = Math.floor((target.height - resize.height) / 2);
  return { resize, extend: { left, right: target.width - resize.width - left, top, bottom: target.height - resize.height - top } };
}

export const withinInstagramRatio = (width: number, height: number) => {
  const ratio = width / height;
  return ratio >= INSTAGRAM_RATIO.min && ratio <= INSTAGRAM_RATIO.max;
};

/** The image turned upright, its alpha on white, framed as `frame` says, as a baseline sRGB JPEG. */
async function toJpeg(bytes: Uint8Array, frame: (width: number, height: number) => Frame): Promise<Buffer> {
  const sharp = await loadSharp();
  // An animated GIF or WebP gives its first frame.
  const upright = await sharp(bytes, { animated: false }).autoOrient().toBuffer({ resolveWithObject: true });
  const { resize, extract, extend } = frame(upright.info.width, upright.info.height);
  let image = sharp(upright.data).resize(resize.width, resize.height, { fit: 'fill' });
  if (extract) image = image.extract(extract);
  if (extend) image = image.extend({ ...extend, background: '#ffffff' });
  return image.flatten({ background: '#ffffff' }).toColourspace('srgb').jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

/** What an upload becomes for Instagram: undefined when it is a JPEG it takes as it is, else the converted JPEG. */
export async function instagramImage(bytes: Uint8Array): Promise<Buffer | undefined> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata();
  const { width, height } = meta.autoOrient;
  const asItIs =
    meta.format === 'jpeg' &&
    (meta.orientation ?? 1) === 1 &&
    withinInstagramRatio(width, height) &&
    width <= INSTAGRAM_WIDTH.max &&
    bytes.length <= NETWORK_IMAGE_MAX_BYTES;
  return asItIs ? undefined : toJpeg(bytes, instagramFrame);
}

/** Undefined for a JPEG or PNG of at most `maxBytes`, else a JPEG (GIF, WebP, or larger) at most 1440 wide. */
async function jpegOrPng(bytes: Uint8Array, mime: string, maxBytes: number): Promise<Buffer | undefined> {
  if ((mime === 'image/jpeg' || mime === 'image/png') && bytes.length <= maxBytes) return undefined;
  return toJpeg(bytes, (width, height) => {
    const scale = Math.min(1, INSTAGRAM_WIDTH.max / width);
    return { resize: { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) } };
  });
}

/** What an upload becomes for Threads: a JPEG or PNG of at most 8 MB as it is, anything else a JPEG. */
export const threadsImage = (bytes: Uint8Array, mime: string) => jpegOrPng(bytes, mime, NETWORK_IMAGE_MAX_BYTES);

/** A Google Business Profile photo: JPEG or PNG of at most 5 MB (the figures guides give; Google's reference names none). */
export const GOOGLE_BUSINESS_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const googleBusinessImage = (bytes: Uint8Array, mime: string) => jpegOrPng(bytes, mime, GOOGLE_BUSINESS_IMAGE_MAX_BYTES);
