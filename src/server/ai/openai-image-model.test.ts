import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { ImageModelError } from './image-model';
import { createOpenAiImageModel, modelSize } from './openai-image-model';

const KEY = 'sk-test-images';
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.script({ always: 'ok', delayMs: 0 });
});

const model = (name: string, options: { timeoutMs?: number; apiKey?: string } = {}) =>
  createOpenAiImageModel({ baseURL: fake.url, apiKey: options.apiKey ?? KEY, model: name, provider: 'OpenAI-compatible server' }, options);

async function failure(promise: Promise<unknown>): Promise<ImageModelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ImageModelError);
  return error as ImageModelError;
}

describe('the OpenAI-compatible image model', () => {
  it('asks a GPT image model for the nearest size without response_format and answers the PNG it made', async () => {
    const image = await model('gpt-image-1').generate({ prompt: 'A bowl of ramen on a wooden table', width: 1080, height: 1350 });
    expect(image.mime).toBe('image/png');
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 1024, height: 1536, format: 'png' });
    const request = fake.requests[0]!;
    expect(request.task).toBe('image');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body).toEqual({ model: 'gpt-image-1', prompt: 'A bowl of ramen on a wooden table', n: 1, size: '1024x1536' });
  });

  it('asks DALL·E and other compatible servers for base64 and their own sizes', async () => {
    const dalle = await model('dall-e-3').generate({ prompt: 'A storefront at dusk', width: 1600, height: 900 });
    expect(await sharp(dalle.bytes).metadata()).toMatchObject({ width: 1792, height: 1024 });
    expect(fake.requests[0]!.body).toMatchObject({ response_format: 'b64_json', size: '1792x1024' });
    await model('flux-schnell').generate({ prompt: 'A storefront at dusk', width: 1080, height: 1080 });
    expect(fake.requests[1]!.body).toMatchObject({ response_format: 'b64_json', size: '1024x1024' });
  });

  it('picks square, landscape or portrait by shape', () => {
    expect(modelSize('gpt-image-1', 1200, 630)).toBe('1536x1024');
    expect(modelSize('gpt-image-1', 1080, 1080)).toBe('1024x1024');
    expect(modelSize('dall-e-3', 1080, 1920)).toBe('1024x1792');
    expect(modelSize('dall-e-2', 1600, 900)).toBe('1024x1024');
  });

  it('cuts a prompt to what the model takes', async () => {
    await model('dall-e-2').generate({ prompt: 'x'.repeat(5000), width: 500, height: 500 });
    expect((fake.requests[0]!.body.prompt as string).length).toBe(1000);
  });

  it('says a refused description in words the user can act on (400 moderation_blocked)', async () => {
    fake.script({ next: ['image-refused'] });
    const error = await failure(model('gpt-image-1').generate({ prompt: 'Something refused', width: 1080, height: 1080 }));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/content rules\. Change the description/);
  });

  it('tells a busy provider (429) from a refusal', async () => {
    fake.script({ next: ['status-429'] });
    const error = await failure(model('gpt-image-1').generate({ prompt: 'A cake', width: 1080, height: 1080 }));
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toMatch(/busy/);
  });

  it('gives up after its timeout', async () => {
    fake.script({ next: ['hang'] });
    const started = Date.now();
    const error = await failure(model('gpt-image-1', { timeoutMs: 300 }).generate({ prompt: 'A cake', width: 1080, height: 1080 }));
    expect(error.kind).toBe('timed_out');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a wrong key, an unreachable server and an answer that is not an image, never leaking the address', async () => {
    const wrongKey = await failure(model('gpt-image-1', { apiKey: 'sk-wrong' }).generate({ prompt: 'A cake', width: 1080, height: 1080 }));
    expect(wrongKey.message).toMatch(/AI_IMAGE_API_KEY/);
    fake.script({ next: ['image-not-an-image'] });
    const notImage = await failure(model('gpt-image-1').generate({ prompt: 'A cake', width: 1080, height: 1080 }));
    expect(notImage.message).toMatch(/not an image/);
    const unreachable = await failure(
      createOpenAiImageModel({ baseURL: 'http://127.0.0.1:9/v1', apiKey: KEY, model: 'gpt-image-1', provider: 'OpenAI' }).generate({
        prompt: 'A cake',
        width: 10,
        height: 10,
      }),
    );
    expect(unreachable.kind).toBe('unavailable');
    for (const error of [wrongKey, notImage, unreachable]) expect(error.message).not.toMatch(/127\.0\.0\.1|sk-/);
  });

  it('is refused by the fake as OpenAI refuses it when the GPT image model gets response_format', async () => {
    const response = await fetch(`${fake.url}/images/generations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ model: 'gpt-image-1', prompt: 'A cake', response_format: 'b64_json' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'unknown_parameter', param: 'response_format' } });
  });
});
