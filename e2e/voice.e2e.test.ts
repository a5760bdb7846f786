import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshotSizes, useBrowser } from './support/browser';
import { signUpAndSkip } from './support/users';

const browser = useBrowser();
const section = (page: Page) => page.getByRole('region', { name: 'Your voice' });

describe('Settings → Your voice', () => {
  it('adds pasted posts and a CSV, shows which are used in prompts, and removes one', async () => {
    const { page } = await newPage(browser());
    await signUpAndSkip(page);
    await page.goto('/settings#voice');
    await expect.poll(() => section(page).getByText('No examples yet.', { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => section(page).getByText('0 of 50 examples').isVisible()).toBe(true);

    await section(page)
      .getByLabel('Paste posts you published')
      .fill('Hello friends! Evening slots are open again 😊\n— The team #local\n\nHello friends! A quick tip for the week. #tips');
    await section(page).getByRole('button', { name: 'Add 2 posts' }).click();
    await expect.poll(() => section(page).getByText('2 of 50 examples').isVisible()).toBe(true);

    await section(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from('date,text\n2026-01-02,"Rainy day? The kettle is on. #cosy"\n') });
    await expect.poll(() => section(page).getByText('3 of 50 examples').isVisible()).toBe(true);
    const list = section(page).getByRole('list', { name: 'Your examples' });
    await expect.poll(() => list.getByText('From CSV').count()).toBe(1);
    await expect.poll(() => list.getByText('Used in prompts').count()).toBe(3);
    for (const button of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await button.click();
    await expectAccessible(page, 'settings with voice examples');
    await section(page).scrollIntoViewIfNeeded();
    await screenshotSizes(page, 'voice-settings', section(page));

    await list.getByRole('button', { name: /Remove the example "Rainy day/ }).click();
    await expect.poll(() => section(page).getByText('2 of 50 examples').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => section(page).getByRole('list', { name: 'Your examples' }).getByRole('listitem').count()).toBe(2);
  });
});
