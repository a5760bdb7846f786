import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshot, useBrowser } from './support/browser';
import { usePublishingServer } from './support/publishing-server';
import { signUpAndSkip } from './support/users';

const browser = useBrowser();

// The server runs in this process so the test moves its clock: eight o'clock today, UTC.
const { today, clock, server, receiver } = usePublishingServer('08:00');
const monthId = `${today.slice(0, 4)}-${Number(today.slice(5, 7))}`;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / });

/** The page at phone width, then back at desktop width, when SCREENSHOTS=1. */
async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  await screenshot(page, `notifications-${name}-desktop`);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await bell(page).click();
  await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  await screenshot(page, `notifications-${name}-phone`);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the bell', () => {
  it('shows a failed delivery, unread, and leads to its post', async () => {
    const { page, context } = await newPage(browser(), { baseUrl: server().url });
    await signUpAndSkip(page);
    const origin = { origin: server().url };
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, none unread');
    await bell(page).click();
    await expect.poll(() => page.getByText('Nothing yet.', { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, 'the empty notifications menu');
    await page.keyboard.press('Escape');

    const connection = await context.request.post(`${server().url}/api/connections`, {
      headers: origin,
      data: { kind: 'webhook', name: 'Our n8n', url: `${receiver().url}/hook`, networks: ['facebook'] },
    });
    expect(connection.status()).toBe(201);
    const created = await context.request.post(`${server().url}/api/months/${monthId}/posts`, {
      headers: origin,
      data: { mode: 'manual', date: today, platform: 'facebook', type: 'text', content: 'Open late on Thursdays from now on.', hashtags: [] },
    });
    expect(created.status()).toBe(201);
    const postId = ((await created.json()) as { id: string }).id;
    const scheduled = await context.request.put(`${server().url}/api/posts/${postId}/schedule`, {
      headers: origin,
      data: { platform: 'facebook', time: '09:00' },
    });
    expect(scheduled.status()).toBe(200);

    // The receiver refuses it at nine.
    receiver().reply({ status: 422, body: 'Unprocessable' });
    clock.set(`${today}T09:00:01Z`);
    await server().services.publisher.deliverDue();
    await page.reload();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await bell(page).click();
    const item = page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: /Not published on Facebook/ });
    await expect.poll(() => item.isVisible()).toBe(true);
    await expectAccessible(page, 'the notifications menu with a failed delivery');
    await shoot(page, 'failed');

    // The menu is still open: a second click on the bell would close it under the click below.
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: /Not published on Facebook/ })
      .click();
    await page.waitForURL(`**/month/${monthId}?post=${postId}`);
    await expect.poll(() => page.getByRole('dialog').getByText('Open late on Thursdays from now on.').first().isVisible()).toBe(true);
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, none unread');
    // The month page's own loading spinner (month-page.tsx) is gone before axe looks.
    await expect.poll(() => page.locator('[aria-label="Loading"]').count()).toBe(0);
    await expectAccessible(page, 'the post opened from its notification');
    await context.close();
  });
});
