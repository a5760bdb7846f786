import type { Post } from '@shared/schemas/post';
import type { ImageTemplate } from '@shared/schemas/images';
import { ImageModelError, type ImageModel } from '../../ai/image-model';
import { IMAGE_MODEL_TIMEOUT_MS } from '../../ai/openai-image-model';
import { AppError } from '../../errors';
import { loadSharp } from '../../platform/image-libraries';
import type { MediaService } from '../media/media-service';
import { MEDIA_URL_PREFIX } from '../media/media-service';
import type { Profile } from '@shared/schemas/profile';
import type { BrandKit } from './brand-kit';
import { contentOf, formatOf } from './image-content';
import { renderImages, type RenderedImage } from './render';
import type { Render } from './render-pool';

/**
 * How long a job waits for the image model before the image fails as timed out: the client's own limit
 * (IMAGE_MODEL_TIMEOUT_MS, 120 s: the GPT image models often need 20-60 s) unless compose is given less.
 */
export const AI_IMAGE_TIMEOUT_MS = IMAGE_MODEL_TIMEOUT_MS;
/** A model's answer larger than this is not decoded. */
const MODEL_IMAGE_MAX_PIXELS = 40_000_000;

export const TIMED_OUT_MESSAGE = 'The image model took too long to answer. Try again in a moment, or choose a template instead.';
const UNREADABLE_MESSAGE = 'The image model answered with a picture that could not be read. Try again, or choose a template instead.';

interface Deps {
  media: Pick<MediaService, 'locate'>;
  imageModel: ImageModel;
  aiTimeoutMs: number;
  /** The renderer (a worker thread's, render-pool.ts); in this thread when not given. */
  render?: Render;
}

/** Why an image could not be made, in words the user can act on. */
export function failureMessage(error: unknown): string {
  if (error instanceof ImageModelError || error instanceof AppError) return error.message;
  return 'Making the image failed unexpectedly. Try again, or choose another template.';
}

/** Reads the whole of a stored file (the brand logo, a few hundred KB at most). */
async function readFile(media: Deps['media'], userId: string, fileId: string): Promise<Buffer> {
  const file = await media.locate(userId, fileId);
  if (file.size === 0) return Buffer.alloc(0);
  return Buffer.from(await new Response(await file.read(0, file.size - 1)).arrayBuffer());
}

/** Makes a post's images: a template filled with its words and the brand kit, or the image model's answer fitted to the network's size. */
export function createImageMaker({ media, imageModel, aiTimeoutMs, render = (request) => renderImages(request) }: Deps) {
  /** The profile's brand kit with its logo's bytes; a logo that is gone is left out rather than failing the image. */
  async function brandKitOf(userId: string, profile: Pick<Profile, 'brandColors' | 'brandLogo' | 'brandFont'>): Promise<BrandKit> {
    let logo: Buffer | null = null;
    if (profile.brandLogo?.startsWith(MEDIA_URL_PREFIX)) {
      logo = await readFile(media, userId, profile.brandLogo.slice(MEDIA_URL_PREFIX.length)).catch(() => null);
    }
    return { colors: profile.brandColors, logo, font: profile.brandFont };
  }

  async function fromModel(post: Post): Promise<RenderedImage> {
    const { size, format } = formatOf(post);
    const signal = AbortSignal.timeout(aiTimeoutMs);
    let answer;
    try {
      answer = await imageModel.generate({ prompt: post.mediaPrompt.trim() || post.content, width: size.width, height: size.height, signal });
    } catch (error) {
      // Our own deadline passed: whatever the client made of the abort, the user hears it took too long.
      if (signal.aborted) throw new ImageModelError('timed_out', TIMED_OUT_MESSAGE);
      throw error;
    }
    const sharp = await loadSharp();
    try {
      const fitted = sharp(answer.bytes, { limitInputPixels: MODEL_IMAGE_MAX_PIXELS }).resize({ width: size.width, height: size.height, fit: 'cover' });
      const bytes =
        format === 'jpeg' ? await fitted.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer() : await fitted.png().toBuffer();
      return { bytes, mimeType: format === 'jpeg' ? 'image/jpeg' : 'image/png', ...size };
    } catch {
      throw new ImageModelError('refused', UNREADABLE_MESSAGE);
    }
  }

  return {
    brandKitOf,

    /** The images for the post: one, or one per slide for a carousel. */
    async make(
      userId: string,
      post: Post,
      profile: Pick<Profile, 'brandColors' | 'brandLogo' | 'brandFont'>,
      job: { mode: string; template: string | null },
    ): Promise<RenderedImage[]> {
      if (job.mode === 'ai') return [await fromModel(post)];
      const { size, format } = formatOf(post);
      return render({
        template: (job.template ?? 'tip') as ImageTemplate,
        content: contentOf(post),
        brandKit: await brandKitOf(userId, profile),
        size,
        format,
      });
    },
  };
}

export type ImageMaker = ReturnType<typeof createImageMaker>;
