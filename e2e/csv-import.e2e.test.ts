import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, dayOfMonth } from '@shared/domain/months';
import { expectAccessible, newPage, screenshotSizes, settled, useBrowser } from './support/browser';
import { signUpAndSkip } from './support/users';

const browser = useBrowser();
const next = nextMonth(currentMonth(new Date(), 'UTC'));
const mm = String(next.month).padStart(2, '0');
const day = (n: number) => dayOfMonth(next, n);
const openButtons = (page: Page, date: string) => page.locator(`[data-date="${date}"]`).getByRole('button', { name: /^Open post/ });

/** The Buffer sample of docs/import.md, its December 2026 dates moved into next month. */
const bufferCsv = () =>
  readFileSync(new URL('../src/testing/fixtures/import/buffer.csv', import.meta.url), 'utf8').replaceAll('2026-12-', `${next.year}-${mm}-`);

describe('importing a CSV file into a month', () => {
  it('previews a Buffer file as posts, imports them, and shows them on the calendar', async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    await page.goto(`/month/${monthId(next)}?tab=calendar`);
    await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
    expect(await openButtons(page, day(7)).count()).toBe(0);

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: /^Import posts into/ });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'buffer.csv', mimeType: 'text/csv', buffer: Buffer.from(bufferCsv()) });

    // Found as Buffer from its header row; Buffer files name no network, so each row asks for one.
    await expect.poll(() => dialog.getByLabel('Format', { exact: true }).inputValue()).toBe('Buffer');
    await expect.poll(() => dialog.getByText('Problem: The network is missing: choose the network these posts are for.').count()).toBe(2);
    await expect.poll(() => dialog.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);

    await dialog.getByLabel('Network', { exact: true }).click();
    await page.getByRole('option', { name: 'Facebook' }).click();
    const table = dialog.getByRole('table', { name: 'Rows of the file as posts' });
    await expect.poll(() => table.getByText('Our winter hours start on Monday: 8am to 4pm.').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(/^Problem:/).count()).toBe(0);
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await dialog.getByText('Media links are not imported: add images in the post editor.').count()).toBe(1);
    await settled(page);
    await expectAccessible(page, 'the import preview');
    await screenshotSizes(page, 'csv-import-preview');
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole('button', { name: 'Import 2 posts' }).click();
    await expect.poll(() => page.locator('.mantine-Notification-root', { hasText: '2 posts imported' }).isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => openButtons(page, day(7)).count()).toBe(1);
    await expect.poll(() => openButtons(page, day(14)).count()).toBe(1);
    await expectAccessible(page, 'the calendar after the import');
    await screenshotSizes(page, 'csv-import-calendar');
    await context.close();
  });
});
