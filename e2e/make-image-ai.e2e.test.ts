import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, dayOfMonth, monthId, nextMonth } from '@shared/domain/months';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { newPage, screenshotSizes, useBrowser } from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { expectStillAccessible } from './support/generation';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();
const next = nextMonth(currentMonth(new Date(), 'UTC'));
const id = monthId(next);
const MEDIA_PROMPT = 'A cosy bakery at sunrise, warm light on fresh croissants.';

// A server with an image model (the fake OpenAI-compatible one): 'Generate image' is offered.
let ai: FakeOpenAI;
let server: BuiltServer;
beforeAll(async () => {
  ai = await startFakeOpenAI({});
  server = await startBuiltServer({ AI_IMAGE_MODEL: 'gpt-image-1', AI_IMAGE_BASE_URL: ai.url });
});
afterAll(async () => {
  await server?.stop();
  await ai?.close();
});

/** Signs up on the model's server, adds an image post by hand through the API, and opens it. */
async function openImagePost(page: Page) {
  await signUpAndSkip(page);
  await openWorkspace(page);
  const created = await page.request.post(`/api/months/${id}/posts`, {
    data: {
      mode: 'manual',
      date: dayOfMonth(next, 12),
      platform: 'instagram',
      type: 'image',
      content: 'Croissants fresh from the oven at 7.',
      mediaPrompt: MEDIA_PROMPT,
    },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: string };
  await page.goto(`/month/${id}?tab=calendar&post=${post.id}`);
  const drawer = page.getByRole('dialog');
  await expect.poll(() => drawer.getByRole('button', { name: 'Make image' }).isVisible()).toBe(true);
  await drawer.getByRole('button', { name: 'Make image' }).click();
  const modal = page.getByRole('dialog', { name: 'Make image' });
  await expect.poll(() => modal.getByRole('radio', { name: /Generate image/ }).isVisible()).toBe(true);
  return modal;
}

describe('make image with the image model', () => {
  it('generates an image from the media description, and after a refusal offers a template', async () => {
    const { page } = await newPage(browser(), { baseUrl: server.baseUrl });
    const modal = await openImagePost(page);
    await expect(modal.getByText('Generate image is not offered').count()).resolves.toBe(0);

    await modal.getByRole('radio', { name: /Generate image/ }).click();
    await modal.getByRole('button', { name: 'Make image' }).click();
    const image = modal.getByTestId('made-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 60_000 }).toBe(true);
    await expect(image.getAttribute('alt')).resolves.toBe(`Generated image: ${MEDIA_PROMPT}`);
    // The model was asked with the post's media description.
    expect(ai.requests.some((request) => request.path === '/v1/images/generations' && JSON.stringify(request.body).includes('cosy bakery'))).toBe(true);
    await expectStillAccessible(page, 'a generated image');
    await screenshotSizes(page, 'make-image-ai', undefined, { viewportOnly: true });

    // The model refuses the next one: the modal says so in words and offers a template.
    ai.script({ next: ['image-refused'] });
    await modal.getByRole('button', { name: 'Regenerate' }).click();
    const alert = modal.getByRole('alert');
    await expect.poll(() => alert.isVisible(), { timeout: 60_000 }).toBe(true);
    await expect(alert.textContent()).resolves.toContain('The image could not be made');
    await expect.poll(() => modal.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    await screenshotSizes(page, 'make-image-ai-refused', undefined, { viewportOnly: true });
    await alert.getByRole('button', { name: 'Choose a template' }).click();
    await expect(modal.getByRole('radio', { name: /^Tip/ }).getAttribute('aria-checked')).resolves.toBe('true');
    await expect.poll(() => alert.count()).toBe(0);
  });
});
