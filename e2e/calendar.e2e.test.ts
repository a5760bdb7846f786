import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, previousMonth, dayOfMonth } from '@shared/domain/months';
import { expectAccessible, useBrowser, newPage, screenshot } from './support/browser';
import { seedMonth, seedPost } from './support/database';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();

const target = nextMonth(currentMonth(new Date(), 'UTC'));
const day = dayOfMonth;
const cell = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);
/** How many posts the calendar shows on a day. */
const postsOn = (page: Page, date: string) =>
  cell(page, date)
    .getByRole('button', { name: /^Open post/ })
    .count();

async function openCalendar(page: Page, id = monthId(target), query = '') {
  await page.goto(`/month/${id}?tab=calendar${query}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
}

async function userWithMonth(page: Page) {
  const email = await signUpAndSkip(page);
  await openWorkspace(page);
  return email;
}

describe('calendar', () => {
  it('adds a post on an empty day, written for the user and by hand', async () => {
    const { page, context } = await newPage(browser());
    await userWithMonth(page);
    await openCalendar(page);
    const first = cell(page, day(target, 8));
    await first.hover();
    await first.getByRole('button', { name: /^Add post for this day/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(/^Add Post for /).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByLabel('What would you like to post about? (Optional)').isVisible()).toBe(true);
    await expectAccessible(page, 'add post modal');
    await screenshot(page, 'add-post-modal');
    await dialog.getByLabel('What would you like to post about? (Optional)').fill('our new evening hours');
    await dialog.getByRole('button', { name: 'Generate Post' }).click();
    // The new post opens in the editor.
    await expect.poll(() => page.getByText(/^Add Post for /).count()).toBe(0);
    await page.waitForURL(/post=/);
    await expect.poll(() => first.getByRole('button', { name: /^Open post/ }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // The '+' is only offered on empty days.
    await expect(first.getByRole('button', { name: /^Add post for this day/ }).count()).resolves.toBe(0);

    const second = cell(page, day(target, 9));
    await second.hover();
    await second.getByRole('button', { name: /^Add post for this day/ }).click();
    await dialog.getByText('Create New Post').click();
    await dialog.getByLabel('Platform').selectOption('twitter');
    await dialog.getByLabel('Post text').fill('Handwritten <b>note</b> & more');
    await dialog.getByRole('button', { name: 'Add post' }).click();
    await expect.poll(() => second.getByRole('button', { name: /^Open post: X\/Twitter/ }).count()).toBe(1);
    // Text that looks like HTML is shown as text in the editor.
    await expect.poll(() => page.getByRole('dialog').getByText('Handwritten <b>note</b> & more').isVisible()).toBe(true);
    await expect(page.locator('b', { hasText: 'note' }).count()).resolves.toBe(0);
    await page.reload();
    await expect.poll(() => second.getByRole('button', { name: /^Open post: X\/Twitter/ }).count()).toBe(1);
    await context.close();
  });

  it('lets the user pick one of several posts on a day, and opens a post by clicking its day', async () => {
    const { page, context } = await newPage(browser());
    const email = await userWithMonth(page);
    const date = day(target, 14);
    for (const [platform, content] of [
      ['facebook', 'First'],
      ['instagram', 'Second'],
      ['linkedin', 'Third'],
    ]) {
      await seedPost(email, target, { date: `${date}T12:00:00Z`, platform: platform!, content: content! });
    }
    await seedPost(email, target, { date: `${day(target, 15)}T12:00:00Z`, platform: 'twitter', content: 'Alone' });
    await openCalendar(page);
    const busy = cell(page, date);
    await expect.poll(() => busy.textContent()).toContain('+1 others');
    await busy.getByRole('button', { name: /^\+1 others/ }).click();
    const list = page.locator('.mantine-Popover-dropdown');
    await expect.poll(() => list.getByText('Third').isVisible()).toBe(true);
    await expectAccessible(page, 'day picker');
    await list.getByText('Third').click();
    await page.waitForURL(/post=/);
    await screenshot(page, 'calendar-many');

    await page.goto(`/month/${monthId(target)}?tab=calendar`);
    await expect.poll(() => postsOn(page, day(target, 15))).toBe(1);
    await cell(page, day(target, 15)).click({ position: { x: 60, y: 80 } });
    await page.waitForURL(/post=/);
    await context.close();
  });

  it('moves a post to another day by drag and drop, and it stays there', async () => {
    const { page, context } = await newPage(browser());
    const email = await userWithMonth(page);
    await seedPost(email, target, { date: `${day(target, 3)}T12:00:00Z`, platform: 'linkedin', content: 'Move me' });
    await openCalendar(page);
    const pill = cell(page, day(target, 3)).getByRole('button', { name: /^Open post/ });
    await pill.dragTo(cell(page, day(target, 17)));
    await expect.poll(() => postsOn(page, day(target, 17))).toBe(1);
    await page.reload();
    await expect.poll(() => postsOn(page, day(target, 17))).toBe(1);
    await expect(postsOn(page, day(target, 3))).resolves.toBe(0);
    await context.close();
  });

  it('shows a moved post in the order the server keeps (date, then creation) while the move is saved', async () => {
    const { page, context } = await newPage(browser());
    const email = await userWithMonth(page);
    await seedPost(email, target, { date: `${day(target, 20)}T12:00:00Z`, platform: 'facebook', content: 'Older', createdAt: '2020-01-01T00:00:00.000Z' });
    await seedPost(email, target, { date: `${day(target, 17)}T12:00:00Z`, platform: 'instagram', content: 'Newer', createdAt: '2020-01-02T00:00:00.000Z' });
    await openCalendar(page);
    const pills = (date: string) =>
      cell(page, date)
        .getByRole('button', { name: /^Open post/ })
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')?.split(' ')[2]));
    // Hold the save, so what shows is the move as the page previews it.
    const held: Route[] = [];
    await page.route(/\/api\/posts\/[^/]+$/, (route) => (route.request().method() === 'PATCH' ? void held.push(route) : route.continue()));
    await cell(page, day(target, 20))
      .getByRole('button', { name: /^Open post/ })
      .dragTo(cell(page, day(target, 17)));
    await expect.poll(() => held.length).toBe(1);
    await expect.poll(() => pills(day(target, 17))).toEqual(['Facebook', 'Instagram']);
    await held[0]!.continue();
    await page.unrouteAll();
    await page.reload();
    await expect.poll(() => pills(day(target, 17))).toEqual(['Facebook', 'Instagram']);
    await context.close();
  });

  it('puts a refused move back and says why', async () => {
    const { page, context } = await newPage(browser());
    const email = await userWithMonth(page);
    await seedPost(email, target, { date: `${day(target, 3)}T12:00:00Z`, platform: 'linkedin', content: 'Stay here' });
    await openCalendar(page);
    await page.route(/\/api\/posts\/[^/]+$/, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'archived', message: 'This month is archived; its posts cannot change.' } }),
          })
        : route.continue(),
    );
    await cell(page, day(target, 3))
      .getByRole('button', { name: /^Open post/ })
      .dragTo(cell(page, day(target, 17)));
    const toast = page.getByRole('alert').filter({ hasText: 'Could not move the post' });
    await expect.poll(() => toast.isVisible()).toBe(true);
    await expect(toast.textContent()).resolves.toContain('This month is archived; its posts cannot change.');
    await expect.poll(() => postsOn(page, day(target, 3))).toBe(1);
    await expect(postsOn(page, day(target, 17))).resolves.toBe(0);
    await context.close();
  });

  it('offers no adding or moving in an archived month', async () => {
    const { page, context } = await newPage(browser());
    const email = await userWithMonth(page);
    const past = previousMonth(currentMonth(new Date(), 'UTC'));
    await seedMonth(email, past, { contentGenerated: true, posts: [{ date: `${day(past, 4)}T12:00:00Z`, platform: 'facebook', content: 'Archived post' }] });
    await openCalendar(page, monthId(past), '&archived=true');
    await expect.poll(() => page.getByText('This month is archived. Content cannot be modified.').isVisible()).toBe(true);
    await expect(page.getByRole('button', { name: /^Add post for this day/ }).count()).resolves.toBe(0);
    await expect(
      cell(page, day(past, 4))
        .getByRole('button', { name: /^Open post/ })
        .getAttribute('draggable'),
    ).resolves.toBe('false');
    await context.close();
  });
});
