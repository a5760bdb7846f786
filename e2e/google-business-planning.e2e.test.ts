/**
 * A month planned for Google Business Profile alone, with the built-in writer: its posts on the calendar,
 * the list, the dashboard and analytics, its preview, and a post made an Offer in the editor that stays one.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, monthName, nextMonth } from '@shared/domain/months';
import { PLATFORM_LABELS, SPEC_PLATFORMS } from '@shared/domain/options';
import { expectAccessible, newPage, screenshot, useBrowser } from './support/browser';
import { expectStillAccessible } from './support/generation';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();
const month = nextMonth(currentMonth(new Date(), 'UTC'));
const id = monthId(month);
const label = `${monthName(month.month)} ${month.year}`;
const GBP = 'Google Business Profile';
/** A valid 1x1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface SavedPost {
  id: string;
  date: string;
  platform: string;
  type: string;
  hashtags: string[];
  event: unknown;
}
const savedPosts = async (page: Page) => ((await (await page.request.get(`/api/months/${id}`)).json()) as { posts: SavedPost[] }).posts;

/** Signs up and generates next month for Google Business Profile only, from the Generate tab. */
async function generateGbpMonth(page: Page): Promise<SavedPost[]> {
  await signUpAndSkip(page);
  await openWorkspace(page);
  await page.goto(`/month/${id}`);
  await expect.poll(() => page.getByRole('heading', { name: `Content Strategy for ${label}` }).isVisible()).toBe(true);
  for (const platform of SPEC_PLATFORMS) await page.getByRole('checkbox', { name: PLATFORM_LABELS[platform], exact: true }).uncheck();
  await page.getByRole('checkbox', { name: GBP, exact: true }).check();
  for (const type of ['Images', 'Videos', 'Carousels']) await page.getByRole('checkbox', { name: type, exact: true }).check();
  await page.getByRole('checkbox', { name: 'Schedule Appointment' }).check();
  await expectStillAccessible(page, 'Generate tab with Google Business Profile picked');
  await screenshot(page, 'gbp-generate-tab');
  await page.getByRole('button', { name: 'Generate Content' }).click();
  await page.waitForURL(/[?&]tab=calendar/);
  await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
  const posts = await savedPosts(page);
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) expect(post).toMatchObject({ platform: 'googlebusiness', type: 'image', hashtags: [], event: null });
  return posts;
}

describe('Google Business Profile', () => {
  it('plans a month for it and shows it on the calendar, the list, the dashboard and analytics', async () => {
    const { page, context } = await newPage(browser(), { height: 1100 });
    const posts = await generateGbpMonth(page);
    const first = page.locator(`[data-date="${posts[0]!.date.slice(0, 10)}"]`);
    await expect.poll(() => first.getByRole('button', { name: /^Open post/ }).count()).toBeGreaterThan(0);
    await expectStillAccessible(page, 'calendar of a Google Business Profile month');
    await screenshot(page, 'gbp-calendar');

    await page.goto(`/month/${id}?tab=calendar&view=list`);
    const network = page
      .getByRole('combobox', { name: /network/i })
      .or(page.getByLabel(/network/i))
      .first();
    await expect.poll(() => network.isVisible()).toBe(true);
    await expectStillAccessible(page, 'list of a Google Business Profile month');
    await screenshot(page, 'gbp-list');

    for (const path of ['/dashboard', '/analytics']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectStillAccessible(page, path);
      await screenshot(page, `gbp${path.replace('/', '-')}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      [`/month/${id}?tab=calendar`, 'list'],
      [`/month/${id}?tab=calendar&view=calendar`, 'calendar'],
      ['/dashboard', 'dashboard'],
      ['/analytics', 'analytics'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `gbp-${name}-phone`);
    }
    await context.close();
  });

  it('turns a post into an Offer in the editor, shows it in the preview, and keeps it after a reload', async () => {
    const { page, context } = await newPage(browser(), { height: 1100 });
    const posts = await generateGbpMonth(page);
    const post = posts[0]!;
    const day = post.date.slice(0, 10);
    const openPost = async () => {
      await page.goto(`/month/${id}?tab=calendar&view=calendar`);
      await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
      await page
        .locator(`[data-date="${day}"]`)
        .getByRole('button', { name: /^Open post/ })
        .first()
        .click();
      const drawer = page.getByRole('dialog');
      await expect.poll(() => drawer.getByRole('heading', { name: 'Post type' }).isVisible()).toBe(true);
      return drawer;
    };
    const drawer = await openPost();
    const postType = drawer.getByRole('radiogroup', { name: /What this Google Business Profile post is/ });
    await expect(postType.getByRole('radio', { name: 'Update' }).isChecked()).resolves.toBe(true);
    // No hashtags on this network: the editor offers no field for them.
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => drawer.getByText(`${GBP} posts have no hashtags.`).isVisible()).toBe(true);
    await expect(drawer.getByLabel('Hashtags').count()).resolves.toBe(0);
    await drawer.getByRole('button', { name: 'Cancel', exact: true }).click();

    // One photo, no video: the picker takes images only.
    const input = drawer.locator('input[type="file"]');
    await expect(input.getAttribute('accept')).resolves.toBe('image/*');
    await expect.poll(() => drawer.getByText(`${GBP} shows one photo with a post.`).isVisible()).toBe(true);
    await input.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect.poll(() => drawer.getByRole('img', { name: 'Image 1' }).isVisible()).toBe(true);

    await postType.getByText('Offer', { exact: true }).click();
    const title = drawer.getByLabel('Offer title');
    await expect.poll(() => title.isVisible()).toBe(true);
    const save = drawer.getByRole('button', { name: 'Save post type' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await title.fill('Free whitening check');
    await drawer.getByLabel('Starts').fill(day);
    // An end before the start is refused where it is typed.
    const before = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await drawer.getByLabel('Ends').fill(before);
    await expect.poll(() => drawer.getByText('The end cannot be before the start.').isVisible()).toBe(true);
    await expect(save.isDisabled()).resolves.toBe(true);
    await drawer.getByLabel('Ends').fill(day);
    await drawer.getByLabel('Coupon code').fill('SMILE10');
    await drawer.getByLabel('Link to redeem the offer').fill('https://brightsmile.example/offer');
    await drawer.getByLabel('Terms and conditions').fill('One per patient.');
    await expect(save.isEnabled()).resolves.toBe(true);
    await page.mouse.move(0, 0);
    await expectStillAccessible(page, 'post editor with the Offer form');
    await screenshot(page, 'gbp-offer-form');

    await drawer.getByRole('button', { name: 'Show previews' }).click();
    const preview = drawer.getByTestId('preview-googlebusiness');
    await expect.poll(() => preview.isVisible()).toBe(true);
    await expect(drawer.getByRole('tab', { name: GBP }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect.poll(() => preview.textContent()).toMatch(/Free whitening check[\s\S]*Offer ·[\s\S]*SMILE10/);
    await expect(preview.textContent()).resolves.not.toContain('#');
    // The photo first, in the listing's 4:3, then the offer and the text cut at '… More'.
    const frame = preview.locator('img').locator('..');
    const box = (await frame.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(4 / 3, 1);
    const heading = (await preview.getByText('Free whitening check').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(heading.y);
    await expect(preview.textContent()).resolves.toContain('… More');
    await preview.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expectStillAccessible(page, 'post editor with the Google Business Profile preview');
    await screenshot(page, 'gbp-preview');

    await save.click();
    await expect.poll(() => page.getByText('Post type saved').isVisible()).toBe(true);
    await expect.poll(() => save.count()).toBe(0);
    const stored = (await savedPosts(page)).find((entry) => entry.id === post.id)!;
    expect(stored.event).toEqual({
      kind: 'offer',
      title: 'Free whitening check',
      startDate: day,
      endDate: day,
      couponCode: 'SMILE10',
      redeemUrl: 'https://brightsmile.example/offer',
      terms: 'One per patient.',
    });

    await page.reload();
    const reopened = await openPost();
    await expect
      .poll(() =>
        reopened
          .getByRole('radiogroup', { name: /What this Google Business Profile post is/ })
          .getByRole('radio', { name: 'Offer' })
          .isChecked(),
      )
      .toBe(true);
    await expect(reopened.getByLabel('Offer title').inputValue()).resolves.toBe('Free whitening check');
    await expect(reopened.getByLabel('Coupon code').inputValue()).resolves.toBe('SMILE10');
    await expectAccessible(page, 'post editor with a saved Offer');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'gbp-offer-phone');
    await context.close();
  });
});
