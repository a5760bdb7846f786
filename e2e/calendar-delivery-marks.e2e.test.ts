import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshot, useBrowser } from './support/browser';
import { usePublishingServer } from './support/publishing-server';
import { signUpAndSkip } from './support/users';

const browser = useBrowser();

// The server runs in this process so the test moves its clock: eight o'clock today, UTC.
const { today, clock, server, receiver } = usePublishingServer('08:00');
const monthId = `${today.slice(0, 4)}-${Number(today.slice(5, 7))}`;

/**
 * Well below the month's delivery refresh (5 s, and only while something waits to go out; a missed
 * delivery does not): a mark that shows within this came from the write itself.
 */
const AT_ONCE = { timeout: 2_000, interval: 100 };

const entries = (page: Page) => page.locator(`[data-date="${today}"]`).getByRole('button', { name: /^Open post/ });
const entry = (page: Page, network: string) => page.locator(`[data-date="${today}"]`).getByRole('button', { name: new RegExp(`^Open post: ${network} post`) });
/** The words after the status in an entry's name: '' for a plain scheduled post, ', missed' for a missed delivery. */
const markOf = async (page: Page, network: string) => /, scheduled(, [a-z ]+)?:/.exec((await entry(page, network).getAttribute('aria-label')) ?? '')?.[1] ?? '';

async function showView(page: Page, view: 'Calendar' | 'List') {
  await page.getByRole('radiogroup', { name: 'View' }).getByText(view, { exact: true }).click();
  await expect.poll(() => page.url()).toContain(`view=${view.toLowerCase()}`);
}

async function createPost(context: BrowserContext, platform: string, content: string) {
  const created = await context.request.post(`${server().url}/api/months/${monthId}/posts`, {
    headers: { origin: server().url },
    data: { mode: 'manual', date: today, platform, type: 'text', content, hashtags: [] },
  });
  expect(created.status()).toBe(201);
}

/** Waits for the layout to settle after a resize (the side bar slides away on a phone). */
const settled = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });

/** Screenshots at desktop and phone width, when SCREENSHOTS=1. */
async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  await screenshot(page, `delivery-marks-${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await screenshot(page, `delivery-marks-${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await settled(page);
}

describe('the calendar follows the deliveries of a bulk action at once', () => {
  it('shows scheduled and missed marks, replaces them when posts are scheduled again from the list, and drops them with a bulk delete', async () => {
    const { page, context } = await newPage(browser(), { baseUrl: server().url });
    await signUpAndSkip(page);
    const connection = await context.request.post(`${server().url}/api/connections`, {
      headers: { origin: server().url },
      data: { kind: 'webhook', name: 'Our n8n', url: `${receiver().url}/hook`, networks: ['facebook', 'linkedin'] },
    });
    expect(connection.status()).toBe(201);
    await createPost(context, 'facebook', 'Open late on Thursdays from now on.');
    await createPost(context, 'linkedin', 'We are hiring a dental hygienist for our city practice.');

    // Both posts scheduled from the list at nine: the calendar marks them scheduled.
    await page.goto(`/month/${monthId}?tab=calendar&view=list`);
    const rows = page.getByRole('list', { name: 'Posts of the month' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByLabel('Time of day').fill('09:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => page.getByText('2 posts scheduled at 09:00').isVisible()).toBe(true);
    await showView(page, 'Calendar');
    await expect.poll(() => entries(page).count(), AT_ONCE).toBe(2);
    await expect.poll(() => Promise.all([markOf(page, 'Facebook'), markOf(page, 'LinkedIn')]), AT_ONCE).toEqual(['', '']);

    // The server was down at nine: at noon both deliveries are missed, and the calendar says so.
    clock.set(`${today}T12:00:00Z`);
    await server().services.publisher.deliverDue();
    expect(receiver().posts()).toEqual([]);
    await page.reload();
    await expect.poll(() => Promise.all([markOf(page, 'Facebook'), markOf(page, 'LinkedIn')])).toEqual([', missed', ', missed']);
    await expectAccessible(page, 'calendar with missed deliveries');
    await shoot(page, 'missed');

    // The Facebook post scheduled again from the list: its missed mark goes at once, the LinkedIn one stays.
    await showView(page, 'List');
    await page.getByRole('checkbox', { name: /^Select Facebook post/ }).check();
    await page.getByLabel('Time of day').fill('18:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => page.getByText('1 post scheduled at 18:00').isVisible()).toBe(true);
    await showView(page, 'Calendar');
    await expect.poll(() => Promise.all([markOf(page, 'Facebook'), markOf(page, 'LinkedIn')]), AT_ONCE).toEqual(['', ', missed']);
    await expect.poll(() => page.locator('[data-delivery="missed"]').count(), AT_ONCE).toBe(1);
    await shoot(page, 'rescheduled');

    // Both deleted from the list: their entries and marks go at once. Undo brings them back with their
    // deliveries as they were: the Facebook one waiting for 18:00, the LinkedIn one missed (never re-sent).
    await showView(page, 'List');
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.message()))));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(asked).resolves.toContain('2 of the selected posts are scheduled. Delete them anyway?');
    await showView(page, 'Calendar');
    await expect.poll(() => entries(page).count(), AT_ONCE).toBe(0);
    await expect.poll(() => page.locator('[data-delivery]').count(), AT_ONCE).toBe(0);
    await shoot(page, 'deleted');
    await page.locator('.mantine-Notification-root', { hasText: '2 posts deleted' }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByText('2 posts restored').isVisible()).toBe(true);
    await expect.poll(() => entries(page).count(), AT_ONCE).toBe(2);
    await expect.poll(() => page.locator('[data-delivery="missed"]').count(), AT_ONCE).toBe(1);
    await expect.poll(() => Promise.all([markOf(page, 'Facebook'), markOf(page, 'LinkedIn')]), AT_ONCE).toEqual(['', ', missed']);
    expect(receiver().posts()).toEqual([]);
    await context.close();
  });
});
