import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, previousMonth } from '@shared/domain/months';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { expectAccessible, newPage, screenshot, useBrowser } from './support/browser';
import { seedMonth } from './support/database';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();
const now = currentMonth(new Date(), 'UTC');
const earlier = previousMonth(now);
const next = nextMonth(now);
const noon = (day: number) => `${earlier.year}-${String(earlier.month).padStart(2, '0')}-${String(day).padStart(2, '0')}T12:00:00Z`;

interface MonthBody {
  posts: { id: string; evergreen: boolean; evergreenOf: string | null; content: string }[];
}

describe('evergreen posts', () => {
  it('marks an old post Evergreen in the editor and fills a later month’s empty planned days with it, at desktop and phone widths', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await openWorkspace(page);
    await seedMonth(email, earlier, {
      contentGenerated: true,
      posts: [
        { date: noon(2), platform: 'facebook', content: 'Book your yearly check-up: it takes twenty minutes.' },
        { date: noon(4), platform: 'linkedin', content: 'Brush twice a day, for two minutes each time.' },
      ],
    });

    // The archived month's post: the switch works there too (a flag, not its content).
    await page.goto(`/month/${monthId(earlier)}`);
    await page
      .getByRole('button', { name: /Open post: Facebook post/ })
      .first()
      .click();
    const flag = page.getByRole('switch', { name: 'Evergreen' });
    await expect.poll(() => flag.isVisible()).toBe(true);
    await flag.click({ force: true });
    const marked = async () =>
      ((await (await page.request.get(`/api/months/${monthId(earlier)}`)).json()) as MonthBody).posts.filter((post) => post.evergreen).length;
    await expect.poll(marked).toBe(1);
    await expect.poll(() => flag.isChecked()).toBe(true);
    await screenshot(page, 'evergreen-switch');
    await page.keyboard.press('Escape');

    expect((await page.request.put(`/api/months/${monthId(next)}/strategy`, { data: DEFAULT_STRATEGY })).status()).toBe(200);
    await page.goto(`/month/${monthId(next)}?tab=generate`);
    await expect.poll(() => page.getByRole('heading', { name: 'Fill with evergreen posts' }).isVisible()).toBe(true);
    await page.getByLabel('Show each post again at most every').selectOption('60');
    await page.getByRole('button', { name: 'Fill with evergreen posts' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Evergreen posts placed' });
    await expect.poll(() => status.isVisible()).toBe(true);
    await expect(status.textContent()).resolves.toMatch(/Placed 1 evergreen post, reworded/);
    await expect(status.textContent()).resolves.toMatch(/each evergreen post was already shown within 60 days/);
    const filled = (await (await page.request.get(`/api/months/${monthId(next)}`)).json()) as MonthBody;
    expect(filled.posts).toHaveLength(1);
    expect(filled.posts[0]!.evergreenOf).not.toBeNull();
    expect(filled.posts[0]!.content).not.toBe('Book your yearly check-up: it takes twenty minutes.');
    await expectAccessible(page, 'evergreen fill outcome');
    await screenshot(page, 'evergreen-fill-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await status.scrollIntoViewIfNeeded();
    await screenshot(page, 'evergreen-fill-phone');

    // The earlier month's calendar marks the evergreen post.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/month/${monthId(earlier)}`);
    await expect.poll(() => page.getByRole('button', { name: /Open post: Facebook post .*, evergreen:/ }).isVisible()).toBe(true);
    await screenshot(page, 'evergreen-calendar-mark');
    await context.close();
  });
});
