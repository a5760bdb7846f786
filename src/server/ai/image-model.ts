/**
 * An image model behind "Generate image" (AI_IMAGE_MODEL). `generate` answers the image's bytes as the
 * model made them (any size); the caller fits them to the network's size. Failures throw
 * ImageModelError with a sentence a user can act on (refused prompt, provider busy, timed out).
 */
export interface ImageModel {
  /** False without AI_IMAGE_MODEL: only templates make images. */
  readonly available: boolean;
  /** What users may see of it ("OpenAI", "OpenAI-compatible server"). */
  readonly provider: string;
  /** The model's name (AI_IMAGE_MODEL), shown in the editor; never its address or key. */
  readonly model?: string;
  generate(request: ImageModelRequest): Promise<ModelImage>;
}

export interface ImageModelRequest {
  prompt: string;
  /** The size wanted; the model gets the nearest it offers (square, landscape or portrait). */
  width: number;
  height: number;
  signal?: AbortSignal;
}

export interface ModelImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
}

/** Why the model made no image, in words; `kind` lets the caller tell a busy provider from a refusal. */
export class ImageModelError extends Error {
  constructor(
    readonly kind: 'refused' | 'rate_limited' | 'timed_out' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** The image model of an install without AI_IMAGE_MODEL. */
export const NO_IMAGE_MODEL: ImageModel = {
  available: false,
  provider: '',
  generate: () => Promise.reject(new ImageModelError('unavailable', 'No image model is set up on this server. Choose a template instead.')),
};
