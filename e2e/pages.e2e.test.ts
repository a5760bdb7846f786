import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, dayOfMonth } from '@shared/domain/months';
import { expectAccessible, useBrowser, newPage, screenshot } from './support/browser';
import { seedPost } from './support/database';
import { PASSWORD, signUpAndSkip, openWorkspace, workspaceRead } from './support/users';

const browser = useBrowser();

const next = nextMonth(currentMonth(new Date(), 'UTC'));
const NEW_PASSWORD = 'a-brand-new-password-9';
const LOGIN_FAILED = 'Failed to log in. Please check your credentials.';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const day = dayOfMonth;
/** 'Dec 7': the Monday of the week a day falls in, as the weekly chart labels it. */
function weekLabel(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const monday = new Date(noon.getTime() - ((noon.getUTCDay() + 6) % 7) * 86_400_000);
  return `${MONTHS[monday.getUTCMonth()]} ${monday.getUTCDate()}`;
}

const SEEDED = [
  { day: 2, platform: 'facebook' },
  { day: 3, platform: 'instagram' },
  { day: 9, platform: 'linkedin' },
  { day: 10, platform: 'facebook' },
  { day: 16, platform: 'twitter' },
  { day: 17, platform: 'linkedin' },
  { day: 23, platform: 'facebook' },
];

/** Calls the API from inside the page, so the session cookie and same-origin rules apply as for the app. */
async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  );
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Before a full-page screenshot: no notifications on top, scrolled to the top (fixed parts stay in place). */
async function tidy(page: Page) {
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  // A notification may close on its own while we reach for it (its button leaves the page): dismiss until none is left.
  await expect
    .poll(async () => {
      await dismiss
        .first()
        .click({ timeout: 1000 })
        .catch(() => undefined);
      return dismiss.count();
    })
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

const rowCells = (page: Page, table: string, row: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row', { name: new RegExp(`^${row} `) })
    .locator('td')
    .allTextContents();

describe('analytics', () => {
  it('shows an empty state, then the content mix of the posts', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Analytics', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'No posts to analyse yet' }).isVisible()).toBe(true);
    await expectAccessible(page, 'analytics (empty)');
    await screenshot(page, 'analytics-empty');

    // The empty state leads to the workspace, whose visit creates this month and the next.
    await page.getByRole('link', { name: 'Go to Workspace' }).click();
    await page.waitForURL('**/workspace');
    await workspaceRead(page);
    for (const post of SEEDED)
      await seedPost(email, next, { date: `${day(next, post.day)}T12:00:00Z`, platform: post.platform, content: `Post for day ${post.day}` });
    // Two edits (as the editor makes them) and one scheduled post, so both halves of each split show.
    const month = (await callApi(page, 'GET', `/api/months/${monthId(next)}`)) as { posts: { id: string; version: number; platform: string }[] };
    const [first, second, third] = month.posts;
    await callApi(page, 'PATCH', `/api/posts/${first!.id}`, { version: first!.version, type: 'image', content: 'An edited post' });
    await callApi(page, 'PATCH', `/api/posts/${second!.id}`, { version: second!.version, type: 'carousel', content: 'Another edited post' });
    await callApi(page, 'PUT', `/api/posts/${third!.id}/schedule`, { platform: third!.platform, time: '09:00' });

    await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).click();
    await expect.poll(() => page.locator('[data-stat="Total posts"]').textContent()).toBe('7');
    await expect(page.locator('[data-stat="Months"]').textContent()).resolves.toBe('1');
    await expect(page.locator('[data-stat="Scheduled"]').textContent()).resolves.toBe('1');
    await expect(page.locator('[data-stat="Edited"]').textContent()).resolves.toBe('2');

    for (const title of ['Posts per platform', 'Posts per type', 'Posts per week', 'Scheduled vs draft', 'Edited vs as generated']) {
      await expect.poll(() => page.getByRole('figure', { name: title }).isVisible()).toBe(true);
    }
    await expect.poll(() => page.locator('.recharts-surface').count()).toBe(5);
    await expect(rowCells(page, 'Posts per platform', 'Facebook')).resolves.toEqual(['3', '43%']);
    await expect(rowCells(page, 'Posts per platform', 'LinkedIn')).resolves.toEqual(['2', '29%']);
    await expect(rowCells(page, 'Posts per platform', 'X/Twitter')).resolves.toEqual(['1', '14%']);
    await expect(rowCells(page, 'Posts per type', 'Text')).resolves.toEqual(['5', '71%']);
    await expect(rowCells(page, 'Posts per type', 'Carousel')).resolves.toEqual(['1', '14%']);
    await expect(rowCells(page, 'Scheduled vs draft', 'Draft')).resolves.toEqual(['6', '86%']);
    await expect(rowCells(page, 'Edited vs as generated', 'Edited')).resolves.toEqual(['2', '29%']);
    const weeks = [...new Set(SEEDED.map((post) => weekLabel(day(next, post.day))))];
    await expect(page.getByRole('table', { name: 'Posts per week' }).locator('tbody th').allTextContents()).resolves.toEqual(weeks);
    await expect.poll(() => page.getByRole('figure', { name: 'Posts per week' }).locator('svg text').allTextContents()).toEqual(expect.arrayContaining(weeks));
    await expectAccessible(page, 'analytics');
    await tidy(page);
    await screenshot(page, 'analytics');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('figure', { name: 'Posts per platform' }).isVisible()).toBe(true);
    await screenshot(page, 'analytics-mobile');
    await context.close();
  });
});

describe('settings', () => {
  it('edits the company profile, shows and tests the writer, and changes the password', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Settings', exact: true }).isVisible()).toBe(true);
    const profile = page.getByRole('region', { name: 'Company profile' });
    await expect.poll(() => profile.getByLabel('Company Name').isVisible()).toBe(true);
    await expect(profile.getByLabel('Industry').inputValue()).resolves.toBe('');
    await expect(profile.getByRole('option', { name: 'Select Industry' }).count()).resolves.toBe(1);

    await profile.getByLabel('Your Name').fill('Robin Hale');
    await profile.getByLabel('Company Name').fill('Harbour Insurance');
    await profile.getByLabel('Industry').selectOption('insurance');
    await profile.getByRole('checkbox', { name: 'professional' }).click();
    await profile.getByLabel('Website URL').fill('not a website');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => profile.getByText('Website URL must be a web address, like https://example.com.').isVisible()).toBe(true);
    await profile.getByLabel('Website URL').fill('https://harbour.example');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Your company profile is up to date.').isVisible()).toBe(true);
    // The session cache learned the new name: the dashboard greets the company without a reload.
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => page.getByText('Your content at a glance for Harbour Insurance.').isVisible()).toBe(true);
    await page.goto('/settings');
    await expect.poll(() => profile.getByLabel('Company Name').inputValue()).toBe('Harbour Insurance');
    await expect(profile.getByLabel('Industry').inputValue()).resolves.toBe('insurance');
    await expect(profile.getByRole('checkbox', { name: 'professional' }).isChecked()).resolves.toBe(true);

    const writer = page.getByRole('region', { name: 'AI writer' });
    await expect.poll(() => writer.getByText('Built-in template writer (not AI)').isVisible()).toBe(true);
    await writer.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => writer.getByRole('status').textContent())
      .toMatch(/Connection works \(\d+ ms\)\. The built-in template writer needs no connection\./);
    await expectAccessible(page, 'settings');
    await tidy(page);
    await screenshot(page, 'settings');

    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('short');
    await password.getByLabel('Confirm new password').fill('different');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => password.getByText('Use at least 8 characters.').isVisible()).toBe(true);
    await expect.poll(() => password.getByText('The new passwords do not match.').isVisible()).toBe(true);
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => password.getByText('Your current password is not correct.').isVisible()).toBe(true);
    await password.getByLabel('Current password').fill(PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Password changed', { exact: true }).isVisible()).toBe(true);
    await expect(password.getByLabel('Current password').inputValue()).resolves.toBe('');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await logIn(page, email, PASSWORD);
    await expect.poll(() => page.getByText(LOGIN_FAILED).isVisible()).toBe(true);
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('deletes the account only with the password and DELETE, then the login fails', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await page.goto('/settings');
    await page.setViewportSize({ width: 390, height: 844 });
    const danger = page.getByRole('region', { name: 'Delete account' });
    await expect.poll(() => danger.getByText('all your months, posts, media and feedback permanently', { exact: false }).isVisible()).toBe(true);
    await danger.getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const confirm = dialog.getByRole('button', { name: 'Delete account permanently' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Your password is not correct. Nothing was deleted.');
    await expectAccessible(page, 'delete account modal');
    await tidy(page);
    await screenshot(page, 'settings-delete-account-mobile');

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await confirm.click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText('Your account and all its content have been removed.').isVisible()).toBe(true);
    await page.goto('/settings');
    await page.waitForURL('**/login');
    await logIn(page, email, PASSWORD);
    await expect.poll(() => page.getByText(LOGIN_FAILED).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

describe('signed-in layout', () => {
  it("paints the sidebar's white column down the whole of a long page", async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    await page.goto('/settings');
    await expect.poll(() => page.getByRole('region', { name: 'Delete account' }).isVisible()).toBe(true);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(1200); // longer than the 800 px viewport, so the fixed navbar alone would end part-way
    const capture = await page.screenshot({ fullPage: true });
    const navbarWidth = await page.getByRole('navigation', { name: 'Main navigation' }).evaluate((element) => element.getBoundingClientRect().width);
    expect(navbarWidth).toBeGreaterThan(200);
    // Reads two pixels of the full-page capture near its bottom: in the sidebar column and in the main area.
    const [sidebar, main] = await page.evaluate(
      async ({ png, y, mainX }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context2d = canvas.getContext('2d')!;
        context2d.drawImage(image, 0, 0);
        return [Array.from(context2d.getImageData(100, y, 1, 1).data), Array.from(context2d.getImageData(mainX, y, 1, 1).data)];
      },
      { png: capture.toString('base64'), y: pageHeight - 10, mainX: Math.ceil(navbarWidth) + 20 },
    );
    expect(sidebar.slice(0, 3)).toEqual([255, 255, 255]);
    expect(main.slice(0, 3)).not.toEqual([255, 255, 255]);
    await context.close();
  });
});

describe('phone width', () => {
  it('fits every signed-in screen into 390 px: nothing scrolls sideways', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await openWorkspace(page);
    for (const post of SEEDED)
      await seedPost(email, next, {
        date: `${day(next, post.day)}T12:00:00Z`,
        platform: post.platform,
        content: `A longer post for day ${post.day}, to fill its cell`,
      });
    await page.setViewportSize({ width: 390, height: 844 });
    const month = `/month/${monthId(next)}`;
    const screens: [string, string | RegExp][] = [
      ['/dashboard', 'Dashboard'],
      ['/workspace', 'Upcoming Months'],
      [`${month}?tab=generate`, /^Content Strategy for /],
      [`${month}?tab=calendar&view=calendar`, 'Content Calendar'],
      [`${month}?tab=calendar&view=list`, 'Content Calendar'],
      [`${month}?tab=scheduled`, 'Scheduled Posts'],
      ['/library', 'Media library'],
      ['/analytics', 'Analytics'],
      ['/settings', 'Settings'],
      ['/feedback', 'Feedback'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect
        .poll(
          () =>
            page
              .getByRole('heading', typeof heading === 'string' ? { name: heading, exact: true } : { name: heading })
              .first()
              .isVisible(),
          { message: path },
        )
        .toBe(true);
      // Late content (the month's posts, images) settles before the width is read.
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
      expect(width.page, `${path} is ${width.page} px wide in a ${width.view} px window`).toBeLessThanOrEqual(width.view);
    }
    await context.close();
  });

  it('slides the navigation in, while the shell settles without changing what every element inherits', async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await openWorkspace(page);
    const shell = page.locator('.mantine-AppShell-root');
    // Mantine counts the shell as resizing for 200 ms after it mounts and after each window resize: the
    // value every element inherits is the same then and after, so settling restyles nothing. Read in the
    // frame after the resize, well inside those 200 ms.
    const whileResizing = await page.evaluate(async () => {
      window.dispatchEvent(new Event('resize'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const element = document.querySelector('.mantine-AppShell-root')!;
      return { resizing: element.hasAttribute('data-resizing'), value: getComputedStyle(element).getPropertyValue('--app-shell-transition-duration').trim() };
    });
    expect(whileResizing.resizing).toBe(true);
    await expect.poll(() => shell.getAttribute('data-resizing')).toBeNull();
    expect(await shell.evaluate((element) => getComputedStyle(element).getPropertyValue('--app-shell-transition-duration').trim())).toBe(whileResizing.value);
    const navbar = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await navbar.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0.2s');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(() => navbar.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
    expect(await page.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('feedback', () => {
  it('asks for a message, then thanks for the feedback', async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Feedback' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Feedback', exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.getByText('Write a message first.').isVisible()).toBe(true);
    await expect(page.getByLabel(/Your message/).evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    await page.getByLabel(/Your message/).fill('The calendar is lovely. Could it export to Google Calendar?');
    await expect.poll(() => page.getByText('59 / 2,000 characters').isVisible()).toBe(true);
    const rating = page.getByRole('radiogroup', { name: 'How would you rate the app so far? (optional)' });
    await rating.getByRole('radio', { name: '4 of 5 stars' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => rating.getByRole('radio', { name: '4 of 5 stars' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Clear rating' }).click();
    await expect.poll(() => rating.getByRole('radio', { name: 'No rating' }).isChecked()).toBe(true);
    await rating.getByRole('radio', { name: '5 of 5 stars' }).focus();
    await page.keyboard.press('Space');
    await expectAccessible(page, 'feedback');
    await screenshot(page, 'feedback');

    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Thank you for your feedback!' }).isVisible()).toBe(true);
    await expectAccessible(page, 'feedback (sent)');
    await tidy(page);
    await screenshot(page, 'feedback-sent');
    await page.getByRole('button', { name: 'Send more feedback' }).click();
    await expect.poll(() => page.getByLabel(/Your message/).inputValue()).toBe('');
    await context.close();
  });
});
