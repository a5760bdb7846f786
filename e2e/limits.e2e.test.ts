import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, dayOfMonth, monthId, nextMonth } from '@shared/domain/months';
import { baseUrl, expectAccessible, newPage, screenshot, useBrowser } from './support/browser';
import { seedPost } from './support/database';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();
const next = nextMonth(currentMonth(new Date(), 'UTC'));
const day = (n: number) => dayOfMonth(next, n);
/** The server's default POSTS_PER_MONTH_MAX (the e2e server runs with defaults). */
const POSTS_PER_MONTH = 200;

async function userWithNextMonth(page: Page): Promise<string> {
  const email = await signUpAndSkip(page);
  await openWorkspace(page);
  return email;
}

/** The signed-in browser's API, for preparing state quickly (as another tab of the same user would). */
async function api(page: Page, method: string, path: string, body?: unknown) {
  const cookie = (await page.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { cookie, origin: baseUrl(), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** The calendar view asked for by name: phones otherwise open the month as a list. */
async function openCalendar(page: Page) {
  await page.goto(`/month/${monthId(next)}?tab=calendar&view=calendar`);
  await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
}

describe('per-user limits in the browser', () => {
  it('shows ten versions first and loads the older ones on demand', async () => {
    const { page, context } = await newPage(browser());
    const email = await userWithNextMonth(page);
    await seedPost(email, next, { date: `${day(10)}T12:00:00Z`, platform: 'linkedin', content: 'Text 0' });
    const [post] = (await api(page, 'GET', `/api/months/${monthId(next)}`)).posts;
    for (let edit = 1; edit <= 13; edit += 1) await api(page, 'PATCH', `/api/posts/${post.id}`, { version: edit, content: `Text ${edit}` });

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openCalendar(page);
      await page
        .locator(`[data-date="${day(10)}"]`)
        .getByRole('button', { name: /^Open post/ })
        .first()
        .click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'Version history (13)' }).click();
      const items = drawer.getByRole('region', { name: 'Version history' }).getByRole('listitem');
      await expect.poll(() => items.count()).toBe(10);
      await expect(items.first().textContent()).resolves.toContain('Text 12');
      const more = drawer.getByRole('button', { name: 'Show older versions (3 more)' });
      await more.scrollIntoViewIfNeeded();
      await screenshot(page, `version-history-more-${width}`);
      await more.click();
      await expect.poll(() => items.count()).toBe(13);
      await expect(items.last().textContent()).resolves.toContain('Text 0');
      await expect(more.count()).resolves.toBe(0);
      await expectAccessible(page, `version history at ${width}`);
      await page.keyboard.press('Escape');
    }
    await context.close();
  });

  it('says in plain words that a full month takes no more posts', async () => {
    const { page, context } = await newPage(browser());
    const email = await userWithNextMonth(page);
    for (let index = 0; index < POSTS_PER_MONTH; index += 1)
      await seedPost(email, next, { date: `${day(3)}T12:00:00Z`, platform: 'facebook', content: `Post ${index}` });
    await openCalendar(page);
    const empty = page.locator(`[data-date="${day(20)}"]`);
    await empty.hover();
    await empty.getByRole('button', { name: /^Add post for this day/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Create New Post').click();
    await dialog.getByLabel('Post text').fill('One more');
    await dialog.getByRole('button', { name: 'Add post' }).click();
    const message = `This month already has ${POSTS_PER_MONTH} posts, the most a month can hold. Change the posts it has, or generate the month again to replace them.`;
    await expect.poll(() => dialog.getByText(message).isVisible()).toBe(true);
    await expectAccessible(page, 'add post refused');
    await screenshot(page, 'month-full');
    await context.close();
  });
});
