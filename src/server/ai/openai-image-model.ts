import { fileTypeFromBuffer } from 'file-type';
import type { ImageModelConfig } from '../image-model-config';
import { ImageModelError, type ImageModel, type ImageModelRequest, type ModelImage } from './image-model';

/** How long one image may take by default; the GPT image models often need 20-60 s. */
export const IMAGE_MODEL_TIMEOUT_MS = 120_000;
/** The most an answer may weigh: a 1536x1024 PNG in base64 is a few MB. */
const ANSWER_MAX_BYTES = 40 * 1024 * 1024;

/** The sizes each family of model offers: square, landscape and portrait (OpenAI's images reference). */
function sizesOf(model: string): { square: string; landscape: string; portrait: string } {
  if (/^dall-e-3/i.test(model)) return { square: '1024x1024', landscape: '1792x1024', portrait: '1024x1792' };
  if (/^dall-e-2/i.test(model)) return { square: '1024x1024', landscape: '1024x1024', portrait: '1024x1024' };
  return { square: '1024x1024', landscape: '1536x1024', portrait: '1024x1536' };
}

/** The size a model offers nearest in shape to the one wanted; the caller crops to the exact size. */
export function modelSize(model: string, width: number, height: number): string {
  const sizes = sizesOf(model);
  const ratio = width / height;
  if (ratio > 1.15) return sizes.landscape;
  if (ratio < 0.87) return sizes.portrait;
  return sizes.square;
}

/** The longest prompt each family takes (characters). */
const promptLimit = (model: string) => (/^dall-e-2/i.test(model) ? 1000 : /^dall-e-3/i.test(model) ? 4000 : 32000);

const BUSY = 'The image model is busy right now. Try again in a minute, or choose a template.';
const UNREACHABLE = 'The image model could not be reached. Try again in a few minutes, or choose a template.';
const TIMED_OUT = 'The image model took too long to answer. Try again, or choose a template.';

/** Reads at most `limit` bytes of a body; a longer one is refused rather than held in memory. */
async function readBounded(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ImageModelError('unavailable', 'The image model sent an answer too large to use. Try again, or choose a template.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The error object of an OpenAI-style answer ({ error: { message, type, code } }), when there is one. */
function errorCode(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; type?: unknown } };
    const code = parsed.error?.code ?? parsed.error?.type;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

function refusal(status: number, text: string): ImageModelError {
  const code = errorCode(text);
  if (status === 429)
    return new ImageModelError(
      'rate_limited',
      code === 'insufficient_quota' ? 'The image model has no credit left on this server. Choose a template, and tell the operator.' : BUSY,
    );
  if (status === 401 || status === 403)
    return new ImageModelError('unavailable', 'The image model refused this server’s key. Choose a template, and tell the operator to check AI_IMAGE_API_KEY.');
  if (status === 400 && (code === 'moderation_blocked' || code === 'content_policy_violation')) {
    return new ImageModelError(
      'refused',
      'The image model refused this media description under its content rules. Change the description and try again, or choose a template.',
    );
  }
  if (status === 400 || status === 404 || status === 422) {
    return new ImageModelError(
      'refused',
      'The image model could not make an image from this request. Change the media description and try again, or choose a template.',
    );
  }
  return new ImageModelError('unavailable', UNREACHABLE);
}

/** The image in a successful answer: the first `data` entry's `b64_json`, checked to be an image. */
async function imageOf(text: string): Promise<ModelImage> {
  let encoded: unknown;
  try {
    encoded = (JSON.parse(text) as { data?: { b64_json?: unknown }[] }).data?.[0]?.b64_json;
  } catch {
    encoded = undefined;
  }
  if (typeof encoded !== 'string' || encoded === '')
    throw new ImageModelError('unavailable', 'The image model answered without an image. Try again, or choose a template.');
  const bytes = Buffer.from(encoded, 'base64');
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (mime !== 'image/png' && mime !== 'image/jpeg' && mime !== 'image/webp') {
    throw new ImageModelError('unavailable', 'The image model answered with something that is not an image. Try again, or choose a template.');
  }
  return { bytes, mime };
}

/**
 * An OpenAI-compatible images endpoint (`POST {base}/images/generations`), called directly rather than
 * through the AI SDK: the GPT image models refuse `response_format`, which the SDK's compatible
 * provider always sends, and an answer's size must be bounded. Links to images elsewhere are not
 * followed (an answer names where the server would fetch from); only `b64_json` is used.
 */
export function createOpenAiImageModel(config: ImageModelConfig, options: { timeoutMs?: number } = {}): ImageModel {
  const timeoutMs = options.timeoutMs ?? IMAGE_MODEL_TIMEOUT_MS;
  const gptImage = /^gpt-image/i.test(config.model);
  return {
    available: true,
    provider: config.provider,
    model: config.model,
    async generate({ prompt, width, height, signal }: ImageModelRequest): Promise<ModelImage> {
      const body = {
        model: config.model,
        prompt: prompt.slice(0, promptLimit(config.model)),
        n: 1,
        size: modelSize(config.model, width, height),
        // The GPT image models always answer base64 and refuse the parameter; DALL·E and most compatible servers need it.
        ...(gptImage ? {} : { response_format: 'b64_json' }),
      };
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${config.baseURL}/images/generations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
          body: JSON.stringify(body),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        text = await readBounded(response, ANSWER_MAX_BYTES);
      } catch (error) {
        if (error instanceof ImageModelError) throw error;
        if (timeout.aborted) throw new ImageModelError('timed_out', TIMED_OUT);
        if (signal?.aborted) throw new ImageModelError('unavailable', 'Making the image was stopped.');
        throw new ImageModelError('unavailable', UNREACHABLE);
      }
      if (!response.ok) throw refusal(response.status, text);
      return imageOf(text);
    },
  };
}
