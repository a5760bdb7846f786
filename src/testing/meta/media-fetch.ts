import { GraphError } from './graph-errors';

/** Meta cURLs the media of a publishing attempt from its URL (content-publishing guide, "Media on a public server"). */
export interface FetchedMedia {
  bytes: Buffer;
  format: MediaFormat | undefined;
}

export type MediaFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'mp4' | 'mov';

/** 8 MiB: the image limit of the Instagram error table (36000 / 2207004) and Threads' media specifications. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** The format a file's first bytes say, whatever its URL or Content-Type claim. */
export function sniff(bytes: Buffer): MediaFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return bytes.subarray(8, 12).toString('latin1') === 'qt  ' ? 'mov' : 'mp4';
  return undefined;
}

/** Width and height from a JPEG's first start-of-frame marker (SOF0..SOF15 but DHT, JPG and DAC). */
export function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** Instagram feed images: aspect ratio within 4:5 and 1.91:1 (content-publishing guide, image specifications). */
export const feedAspectOk = ({ width, height }: { width: number; height: number }) =>
  height > 0 && width / height >= 0.8 - 1e-9 && width / height <= 1.91 + 1e-9;

/**
 * GETs a media URL as Meta's crawler would. Answers undefined when it cannot be had: no answer, an error
 * status, or more than `maxBytes`.
 */
export async function fetchMedia(url: string, { maxBytes, timeoutMs = 5000 }: { maxBytes: number; timeoutMs?: number }): Promise<FetchedMedia | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!response.ok) return undefined;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > maxBytes) return undefined;
    return { bytes, format: sniff(bytes) };
  } catch {
    return undefined;
  }
}

/**
 * The Instagram error table's refusals for a media URL (reference/error-codes): 9004 / 2207052 when it
 * cannot be fetched, 36001 / 2207005 for an image that is not JPEG, 36003 / 2207009 for an aspect ratio
 * outside 4:5..1.91:1.
 */
export const mediaRefusals = {
  notFetched: (url: string) =>
    new GraphError(400, 9004, 'Only photo or video can be accepted as media type.', {
      subcode: 2207052,
      userTitle: 'Media download has failed.',
      userMessage: `The media could not be fetched from this uri: ${url}`,
      transient: false,
    }),
  notJpeg: () =>
    new GraphError(400, 36001, 'The image format is not supported.', {
      subcode: 2207005,
      userTitle: 'Unsupported image format',
      userMessage: 'The image format is not supported. Supported formats are: JPEG',
    }),
  aspect: (width: number, height: number) =>
    new GraphError(400, 36003, 'The aspect ratio is not supported.', {
      subcode: 2207009,
      userTitle: 'Aspect ratio not supported',
      userMessage: `The submitted image with aspect ratio ('${width}/${height}') cannot be published. Please submit an image with a valid aspect ratio.`,
    }),
};

/** Fetches an image for Instagram and checks it the way the container endpoint does. */
export async function fetchInstagramImage(url: string): Promise<FetchedMedia> {
  const media = await fetchMedia(url, { maxBytes: IMAGE_MAX_BYTES });
  if (!media) throw mediaRefusals.notFetched(url);
  if (media.format !== 'jpeg') throw mediaRefusals.notJpeg();
  const size = jpegSize(media.bytes);
  if (size && !feedAspectOk(size)) throw mediaRefusals.aspect(size.width, size.height);
  return media;
}
