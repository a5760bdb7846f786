/**
 * The images endpoint of the fake model server, `POST /v1/images/generations`, written from OpenAI's
 * API reference "Images > Create image" (platform.openai.com/docs/api-reference/images/create) and
 * its guide "Image generation" (platform.openai.com/docs/guides/image-generation):
 * - `prompt` is required (at most 32000 characters for the GPT image models, 4000 for dall-e-3, 1000
 *   for dall-e-2); `n` 1-10 (dall-e-3: only 1); `size` one of the model family's sizes
 *   (gpt-image-*: 1024x1024, 1536x1024, 1024x1536 or auto; dall-e-3: 1024x1024, 1792x1024, 1024x1792;
 *   dall-e-2: 256x256, 512x512, 1024x1024).
 * - `response_format` ('url' or 'b64_json') exists for dall-e-2 and dall-e-3 only: the GPT image models
 *   always answer base64 and refuse the parameter (400 "Unknown parameter: 'response_format'.", code
 *   unknown_parameter). DALL·E answers a `url` unless b64_json is asked for.
 * - Answers `{ created, data: [{ b64_json }] }`; errors are `{ error: { message, type, param, code } }`:
 *   401 invalid_api_key for a wrong key, 400 moderation_blocked (gpt-image) or content_policy_violation
 *   (dall-e) for a refused prompt, 429 rate_limit_exceeded with Retry-After.
 * The image is a plain PNG of the size asked, in one colour taken from the prompt, so tests can tell
 * whose prompt an image answers.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';

/** Faults a test scripts for the images endpoint (the server's `next` / `always`). */
export type ImageFault = 'image-refused' | 'image-not-an-image' | 'status-429' | 'status-500' | 'hang' | 'ok';

export interface ImageRequestBody {
  model?: unknown;
  prompt?: unknown;
  n?: unknown;
  size?: unknown;
  response_format?: unknown;
}

const SIZES: { family: RegExp; sizes: string[]; promptMax: number; formats: boolean }[] = [
  { family: /^gpt-image/i, sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'], promptMax: 32000, formats: false },
  { family: /^dall-e-3/i, sizes: ['1024x1024', '1792x1024', '1024x1792'], promptMax: 4000, formats: true },
  { family: /^dall-e-2/i, sizes: ['256x256', '512x512', '1024x1024'], promptMax: 1000, formats: true },
];
/** Any other model name: a compatible server with the GPT image sizes that takes response_format. */
const OTHER = { family: /./, sizes: ['1024x1024', '1536x1024', '1024x1536'], promptMax: 32000, formats: true };

const invalid = (message: string, param: string | null, code: string | null = null) => ({ error: { message, type: 'invalid_request_error', param, code } });

/** The PNG the fake "draws": the size asked, one colour from the prompt's hash. */
export async function fakeImage(prompt: string, size: string): Promise<Buffer> {
  const [width, height] = (size === 'auto' ? '1024x1024' : size).split('x').map(Number) as [number, number];
  const hash = createHash('sha256').update(prompt).digest();
  return sharp({ create: { width, height, channels: 3, background: { r: hash[0]!, g: hash[1]!, b: hash[2]! } } })
    .png()
    .toBuffer();
}

/** Answers one images request as OpenAI would (or as `fault` says); `apiKey`: the key the fake expects, if any. */
export async function answerImages(
  body: ImageRequestBody,
  authorization: string | undefined,
  apiKey: string | undefined,
  fault: ImageFault,
  send: (status: number, body: unknown, headers?: Record<string, string>) => void,
  res: ServerResponse,
): Promise<void> {
  if (apiKey !== undefined && authorization !== `Bearer ${apiKey}`) {
    return send(401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
  }
  const model = typeof body.model === 'string' ? body.model : 'dall-e-2';
  const rules = SIZES.find((entry) => entry.family.test(model)) ?? OTHER;
  if (typeof body.prompt !== 'string' || body.prompt.trim() === '')
    return send(400, invalid("Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter'));
  if (body.prompt.length > rules.promptMax)
    return send(
      400,
      invalid(`Invalid 'prompt': string too long. Expected a string with maximum length ${rules.promptMax}.`, 'prompt', 'string_above_max_length'),
    );
  if (body.response_format !== undefined && !rules.formats)
    return send(400, invalid("Unknown parameter: 'response_format'.", 'response_format', 'unknown_parameter'));
  if (body.response_format !== undefined && body.response_format !== 'url' && body.response_format !== 'b64_json') {
    return send(400, invalid("Invalid value for 'response_format'. Supported values are: 'url' and 'b64_json'.", 'response_format', 'invalid_value'));
  }
  const n = body.n ?? 1;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10 || (/^dall-e-3/i.test(model) && n !== 1))
    return send(400, invalid("Invalid value for 'n'.", 'n', 'invalid_value'));
  const size = body.size ?? '1024x1024';
  if (typeof size !== 'string' || !rules.sizes.includes(size)) {
    return send(
      400,
      invalid(`Invalid value: '${String(size)}'. Supported values are: ${rules.sizes.map((entry) => `'${entry}'`).join(', ')}.`, 'size', 'invalid_value'),
    );
  }
  if (fault === 'hang') return; // answered by close()
  if (res.destroyed) return;
  if (fault === 'status-429')
    return send(
      429,
      { error: { message: 'Rate limit reached for images per minute.', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
      { 'retry-after': '20' },
    );
  if (fault === 'status-500')
    return send(500, { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } });
  if (fault === 'image-refused') {
    const code = /^dall-e/i.test(model) ? 'content_policy_violation' : 'moderation_blocked';
    return send(400, {
      error: { message: 'Your request was rejected as a result of our safety system.', type: 'image_generation_user_error', param: null, code },
    });
  }
  const format = rules.formats ? (body.response_format ?? 'url') : 'b64_json';
  const image = fault === 'image-not-an-image' ? Buffer.from('<html>not an image</html>') : await fakeImage(body.prompt, size);
  const data = Array.from({ length: n }, () =>
    format === 'url' ? { url: `https://images.example.invalid/${createHash('sha1').update(image).digest('hex')}.png` } : { b64_json: image.toString('base64') },
  );
  send(200, { created: Math.floor(Date.now() / 1000), data });
}
