import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, monthName, nextMonth, type MonthRef, dayOfMonth } from '@shared/domain/months';
import { expectAccessible, useBrowser, newPage, screenshot } from './support/browser';
import { seedPost } from './support/database';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();

const next = nextMonth(currentMonth(new Date(), 'UTC'));
const day = dayOfMonth;
const noon = (ref: MonthRef, n: number) => `${day(ref, n)}T12:00:00Z`;
const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const cell = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);
const openButtons = (page: Page, date: string) => cell(page, date).getByRole('button', { name: /^Open post/ });

const LONG_TEXT =
  'Spring is here, and so are our new evening hours. From Monday to Thursday the practice stays open until 8 pm, so a check-up no longer means leaving work early. ' +
  'Book online in two minutes, bring the whole family, and ask about our free whitening consultation for new patients this month. We look forward to seeing you!';

/** Shots for the review: kept in /tmp/shots-16 when SCREENSHOTS=1. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  const made = path.resolve('screenshots', `${name}.png`);
  if (existsSync(made)) {
    mkdirSync('/tmp/shots-16', { recursive: true });
    copyFileSync(made, path.join('/tmp/shots-16', `${name}.png`));
  }
}

/** A picture drawn in the page: a real PNG the server accepts, that looks like a photo in a thumbnail. */
async function pictureOf(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    const sky = context.createLinearGradient(0, 0, 0, 480);
    sky.addColorStop(0, '#7cc4f4');
    sky.addColorStop(1, '#f5d7a1');
    context.fillStyle = sky;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#2f7d4f';
    context.beginPath();
    context.ellipse(320, 520, 420, 200, 0, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#ffd54a';
    context.beginPath();
    context.arc(470, 120, 50, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(data, 'base64');
}

async function userWithPosts(page: Page, posts: { day: number; platform: string; content: string }[]) {
  const email = await signUpAndSkip(page);
  await openWorkspace(page);
  for (const post of posts) await seedPost(email, next, { date: noon(next, post.day), platform: post.platform, content: post.content });
  return email;
}

async function openCalendar(page: Page, query = '') {
  await page.goto(`/month/${monthId(next)}?tab=calendar${query}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
}

async function dayAction(page: Page, date: string, item: string) {
  await cell(page, date)
    .getByRole('button', { name: `Actions for posts on ${longDate(date)}` })
    .click();
  await page.getByRole('menuitem', { name: item }).first().click();
}

describe('reviewing a month', () => {
  it('deletes a post from the day menu and brings it back with Undo', async () => {
    const { page, context } = await newPage(browser());
    await userWithPosts(page, [
      { day: 9, platform: 'facebook', content: 'Keep me around: our spring cleaning offer.' },
      { day: 12, platform: 'linkedin', content: LONG_TEXT },
    ]);
    await openCalendar(page);
    await expect.poll(() => openButtons(page, day(next, 9)).count()).toBe(1);
    await dayAction(page, day(next, 9), 'Delete post');
    await expect.poll(() => openButtons(page, day(next, 9)).count()).toBe(0);
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Post deleted' });
    await expect.poll(() => toast.isVisible()).toBe(true);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByText('Post restored').isVisible()).toBe(true);
    await expect.poll(() => openButtons(page, day(next, 9)).count()).toBe(1);
    await page.reload();
    await expect.poll(() => openButtons(page, day(next, 9)).count()).toBe(1);
    await expect(openButtons(page, day(next, 9)).getAttribute('aria-label')).resolves.toContain('Keep me around');

    // From the editor: its menu deletes the open post, the drawer closes, Undo brings it back.
    await openButtons(page, day(next, 12)).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Post actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete post' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(() => openButtons(page, day(next, 12)).count()).toBe(0);
    await page.locator('.mantine-Notification-root', { hasText: 'Post deleted' }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => openButtons(page, day(next, 12)).count()).toBe(1);
    await context.close();
  });

  it('adapts a post for LinkedIn as a new post on another day', async () => {
    const { page, context } = await newPage(browser());
    await userWithPosts(page, [{ day: 4, platform: 'twitter', content: "Hey! We're open late on Thursdays. Come by for a quick check-up!" }]);
    await openCalendar(page);
    await cell(page, day(next, 4))
      .getByRole('button', { name: `Actions for posts on ${longDate(day(next, 4))}` })
      .click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Adapt for LinkedIn' }).isVisible()).toBe(true);
    await expectAccessible(page, 'day menu');
    await shot(page, 'day-menu');
    await page.getByRole('menuitem', { name: 'Adapt for LinkedIn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adapt for another network' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect(dialog.getByLabel('Network').inputValue()).resolves.toBe('linkedin');
    await dialog.getByLabel('Day').selectOption(day(next, 11));
    await expectAccessible(page, 'adapt modal');
    await shot(page, 'adapt-modal');
    await dialog.getByRole('button', { name: 'Adapt for LinkedIn' }).click();
    // The new post opens in the editor; the calendar shows both.
    await expect.poll(() => page.getByRole('dialog').getByText('Network previews').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close post editor' }).click();
    await expect.poll(() => openButtons(page, day(next, 11)).count()).toBe(1);
    await expect(openButtons(page, day(next, 11)).getAttribute('aria-label')).resolves.toMatch(/^Open post: LinkedIn post/);
    await expect(openButtons(page, day(next, 4)).getAttribute('aria-label')).resolves.toMatch(/^Open post: X\/Twitter post/);
    await context.close();
  });

  it('lists the month, filters it and edits a text in place; the URL keeps the view', async () => {
    const { page, context } = await newPage(browser());
    await userWithPosts(page, [
      { day: 3, platform: 'facebook', content: 'Family Saturday: bring the kids for a fun first visit.' },
      { day: 5, platform: 'instagram', content: 'Smile of the week! Thank you, Maria, for the kind words.' },
      { day: 7, platform: 'linkedin', content: LONG_TEXT },
      { day: 7, platform: 'twitter', content: 'Open late on Thursdays. Book in two minutes.' },
    ]);
    await openCalendar(page);
    await page.getByRole('radiogroup', { name: 'View' }).getByText('List', { exact: true }).click();
    await expect.poll(() => page.url()).toContain('view=list');
    const rows = page.getByRole('list', { name: 'Posts of the month' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByLabel('Network').selectOption('instagram');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => page.getByText('1 of 4 posts').isVisible()).toBe(true);
    await page.getByLabel('Network').selectOption('all');
    await page.getByLabel('Status').selectOption('scheduled');
    await expect.poll(() => page.getByText('No posts match these filters.').isVisible()).toBe(true);
    await page.getByLabel('Status').selectOption('all');
    await expect.poll(() => rows.count()).toBe(4);
    await expectAccessible(page, 'list view');
    await shot(page, 'list-desktop');

    await page.getByRole('button', { name: /^Edit text of the Instagram post/ }).click();
    await page.getByRole('textbox', { name: /^Text of the Instagram post/ }).fill('Smile of the week! Thank you, Maria, edited in the list.');
    // Another tab changes the post first: the save is refused (409), the row takes the latest version, the typed text stays.
    const postId = await rows.filter({ hasText: 'Instagram' }).getAttribute('data-post-id');
    const elsewhere = await page.request.patch(`/api/posts/${postId}`, { data: { version: 1, content: 'Changed in another tab.' } });
    expect(elsewhere.status()).toBe(200);
    await page.getByRole('button', { name: 'Save text' }).click();
    await expect.poll(() => page.getByText('This post was changed in another tab or window. The list now shows the latest version').isVisible()).toBe(true);
    await expect(page.getByRole('textbox', { name: /^Text of the Instagram post/ }).inputValue()).resolves.toContain('edited in the list');
    await page.getByRole('button', { name: 'Save text' }).click();
    await expect.poll(() => page.getByText('Post saved').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByText('Thank you, Maria, edited in the list.').isVisible()).toBe(true);
    await expect.poll(() => rows.count()).toBe(4);

    // Bulk: schedule two posts at one time of day.
    await page.getByRole('checkbox', { name: /^Select Facebook post/ }).check();
    await page.getByRole('checkbox', { name: /^Select X\/Twitter post/ }).check();
    await page.getByLabel('Time of day').fill('10:30');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => page.getByText('2 posts scheduled at 10:30').isVisible()).toBe(true);
    await page.getByLabel('Status').selectOption('scheduled');
    await expect.poll(() => rows.count()).toBe(2);

    // Bulk delete of scheduled posts asks first, then offers Undo.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.message()))));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(asked).resolves.toContain('2 of the selected posts are scheduled. Delete them anyway?');
    await expect.poll(() => page.getByText('No posts match these filters.').isVisible()).toBe(true);
    const toast = page.locator('.mantine-Notification-root', { hasText: '2 posts deleted' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Status').selectOption('all');
    await expect.poll(() => rows.count()).toBe(4);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => rows.count()).toBe(4);
    await shot(page, 'list-phone');
    await context.close();
  });

  it('shows the calendar with first words, thumbnails and status marks at desktop and phone widths', async () => {
    const { page, context } = await newPage(browser());
    await userWithPosts(page, [
      { day: 2, platform: 'facebook', content: 'Family Saturday: bring the kids for a fun first visit.' },
      { day: 6, platform: 'instagram', content: 'Smile of the week! Thank you, Maria, for the kind words.' },
      { day: 6, platform: 'twitter', content: 'Open late on Thursdays. Book in two minutes.' },
      { day: 6, platform: 'linkedin', content: LONG_TEXT },
      { day: 10, platform: 'linkedin', content: LONG_TEXT },
      { day: 15, platform: 'facebook', content: 'Did you know? Flossing once a day keeps the dentist happy.' },
      { day: 21, platform: 'twitter', content: 'Quick tip: replace your toothbrush every three months.' },
    ]);
    await openCalendar(page, '&view=calendar');
    // A picture on the 6th's first post.
    await openButtons(page, day(next, 6)).first().click();
    const drawer = page.getByRole('dialog');
    await drawer.locator('input[type="file"]').setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: await pictureOf(page) });
    await expect.poll(() => drawer.getByRole('button', { name: /^Remove/ }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close post editor' }).click();
    await expect.poll(() => cell(page, day(next, 6)).locator('img').count()).toBe(1);
    // A scheduled post shows its mark and says so to screen readers.
    const fifteenth = await page.request.get(`/api/months/${monthId(next)}`);
    const scheduledId = ((await fifteenth.json()) as { posts: { id: string; date: string }[] }).posts.find((post) => post.date.startsWith(day(next, 15)))!.id;
    expect((await page.request.put(`/api/posts/${scheduledId}/schedule`, { data: { platform: 'facebook', time: '09:30' } })).status()).toBe(200);
    await page.reload();
    await expect.poll(() => openButtons(page, day(next, 15)).getAttribute('aria-label')).toContain(', scheduled:');
    await expect.poll(() => cell(page, day(next, 6)).textContent()).toContain('+1 others');
    await expect.poll(() => cell(page, day(next, 2)).textContent()).toContain('Family Saturday: bring the kids');
    await expectAccessible(page, 'calendar with texts');
    await shot(page, 'calendar-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'calendar-phone');
    // A phone's calendar leaves out the words and day menus its CSS hides; widened, it draws them again.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => cell(page, day(next, 2)).textContent()).toContain('Family Saturday: bring the kids');
    await expect
      .poll(() =>
        cell(page, day(next, 2))
          .getByRole('button', { name: /^Actions for posts on/ })
          .isVisible(),
      )
      .toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    // Without a choice in the URL, phones get the list.
    await openCalendar(page);
    await expect.poll(() => page.getByRole('list', { name: 'Posts of the month' }).isVisible()).toBe(true);
    await context.close();
  });

  it('previews the post for each network and follows the text while editing', async () => {
    const { page, context } = await newPage(browser());
    await userWithPosts(page, [{ day: 8, platform: 'linkedin', content: LONG_TEXT }]);
    await openCalendar(page, '&view=calendar');
    await openButtons(page, day(next, 8)).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Show previews' }).click();
    const preview = drawer.getByTestId('preview-linkedin');
    await expect.poll(() => preview.textContent()).toContain('…see more');
    await drawer.locator('input[type="file"]').setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: await pictureOf(page) });
    await expect.poll(() => preview.getByRole('img').count()).toBe(1);
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    await drawer.getByLabel('Post text').fill('Short and sweet: open late on Thursdays.');
    await expect.poll(() => preview.textContent()).toContain('Short and sweet: open late on Thursdays.');
    await expect(preview.textContent()).resolves.not.toContain('…see more');
    await drawer.getByRole('tab', { name: 'Instagram' }).click();
    await drawer.getByLabel('Post text').fill(LONG_TEXT);
    await expect.poll(() => drawer.getByTestId('preview-instagram').textContent()).toContain('… more');
    await drawer.getByRole('tab', { name: 'X/Twitter' }).click();
    await expect.poll(() => drawer.getByTestId('preview-twitter').textContent()).toMatch(/\d+ \/ 280 weighted characters/);
    await expectAccessible(page, 'network previews');
    await drawer.getByRole('tab', { name: 'LinkedIn' }).click();
    await drawer.getByTestId('preview-linkedin').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots-16/preview-desktop.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await drawer.getByTestId('preview-linkedin').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots-16/preview-phone.png' });
    await context.close();
  });

  it('plans a month 12 ahead and generates it like any other', async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    await page.goto('/workspace');
    let ahead = currentMonth(new Date(), 'UTC');
    for (let step = 0; step < 12; step += 1) ahead = nextMonth(ahead);
    await page.getByLabel('Month to plan').selectOption(monthId(ahead));
    await expect(page.getByLabel('Month to plan').locator('option').count()).resolves.toBe(11);
    await page.getByRole('button', { name: 'Plan a later month' }).click();
    await expect.poll(() => page.url()).toContain(`/month/${monthId(ahead)}`);
    await expect.poll(() => page.getByText('Upcoming', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /^Open post/ }).count()).toBeGreaterThan(0);
    await page.goto('/workspace');
    const upcoming = page.getByRole('region', { name: 'Upcoming Months' });
    await expect.poll(() => upcoming.getByRole('link', { name: `${monthName(ahead.month)} ${ahead.year}` }).isVisible()).toBe(true);
    await expectAccessible(page, 'workspace with upcoming months');
    await shot(page, 'workspace-upcoming');
    await context.close();
  });
});
