import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshotSizes, useBrowser } from './support/browser';
import { signUpAndSkip, signUpThroughUi } from './support/users';

const browser = useBrowser();

/** A 96x96 PNG logo: a blue disc on white, so the shown logo is something one can see. */
function logoPng(): Buffer {
  const size = 96;
  const rows = Buffer.alloc(size * (1 + size * 3), 0xff);
  for (let y = 0; y < size; y++) {
    rows[y * (1 + size * 3)] = 0;
    for (let x = 0; x < size; x++) {
      if ((x - 48) ** 2 + (y - 48) ** 2 > 40 ** 2) continue;
      rows.set([0x1f, 0x6f, 0xeb], y * (1 + size * 3) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const brandKit = (page: Page) => page.getByRole('group', { name: 'Brand kit' });
const colours = (page: Page) => brandKit(page).getByRole('list', { name: 'Brand colours' }).getByRole('listitem');

async function addColour(page: Page, hex: string, how: 'button' | 'enter') {
  const input = brandKit(page).getByRole('textbox', { name: 'Add a colour' });
  await input.fill(hex);
  if (how === 'enter') {
    await input.press('Enter');
    // The picker stays open for another colour until Escape, as a keyboard user would close it.
    await expect.poll(() => input.inputValue()).toBe('');
    await input.press('Escape');
    await expect.poll(() => page.locator('.mantine-ColorInput-dropdown').isVisible()).toBe(false);
  } else await brandKit(page).getByRole('button', { name: 'Add colour' }).click();
  await expect.poll(() => brandKit(page).getByText(hex, { exact: true }).isVisible()).toBe(true);
}

describe('brand kit', () => {
  it('keeps two colours, a logo and a font chosen in Settings', async () => {
    const { page } = await newPage(browser());
    await signUpAndSkip(page);
    await page.goto('/settings');
    const profile = page.getByRole('region', { name: 'Company profile' });
    await expect.poll(() => brandKit(page).isVisible()).toBe(true);
    await expect.poll(() => brandKit(page).getByText('No brand colours yet.').isVisible()).toBe(true);

    await addColour(page, '#1f6feb', 'button');
    await addColour(page, '#f08c00', 'enter');
    await addColour(page, '#2b8a3e', 'button');
    await brandKit(page).getByRole('button', { name: 'Remove colour #2b8a3e' }).click();
    await expect.poll(() => colours(page).count()).toBe(2);

    await brandKit(page).locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    const logo = brandKit(page).getByRole('img', { name: 'Your logo' });
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
    await expect.poll(() => brandKit(page).getByRole('button', { name: 'Replace logo' }).isVisible()).toBe(true);

    await brandKit(page).getByLabel('Font', { exact: true }).click();
    await page.getByRole('option', { name: 'Lora' }).click();
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Your company profile is up to date.').isVisible()).toBe(true);
    for (const button of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await button.click();

    await page.reload();
    await expect.poll(() => colours(page).allTextContents()).toEqual(['#1f6feb', '#f08c00']);
    await expect
      .poll(() =>
        brandKit(page)
          .getByRole('img', { name: 'Your logo' })
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBe(96);
    await expect(brandKit(page).getByLabel('Font', { exact: true }).inputValue()).resolves.toBe('Lora');
    await expectAccessible(page, 'settings with a brand kit');
    await brandKit(page).scrollIntoViewIfNeeded();
    await screenshotSizes(page, 'brand-kit-settings', brandKit(page));

    // Removing the logo and saving keeps no logo.
    await brandKit(page).getByRole('button', { name: 'Remove logo' }).click();
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Your company profile is up to date.').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => brandKit(page).getByText('No logo yet.').isVisible()).toBe(true);
  });

  it('offers the brand kit in onboarding’s Brand Details step and saves it', async () => {
    const { page } = await newPage(browser(), { width: 390, height: 844 });
    await signUpThroughUi(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Brand Details' }).isVisible()).toBe(true);
    await addColour(page, '#c92a2a', 'enter');
    await brandKit(page).getByLabel('Font', { exact: true }).click();
    await page.getByRole('option', { name: 'Poppins' }).click();
    await expectAccessible(page, 'onboarding Brand Details with the brand kit');
    await screenshotSizes(page, 'brand-kit-onboarding');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.evaluate(async () => (await fetch('/api/profile')).json()))
      .toMatchObject({ completedOnboarding: true, brandColors: ['#c92a2a'], brandFont: 'poppins', brandLogo: null });
  });
});
