import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, monthName, nextMonth, type MonthRef } from '@shared/domain/months';
import { PLATFORM_LABELS, SPEC_PLATFORMS, WEEKDAYS } from '@shared/domain/options';
import { newPage, screenshot, useBrowser } from './support/browser';
import { expectStillAccessible } from './support/generation';
import { signUpAndSkip, openWorkspace } from './support/users';

/**
 * The strategy is the law: 3 posts a week on Monday, Wednesday and Friday puts every post on one of
 * those days, partial weeks included (December 2026 starts on a Tuesday, which must stay empty).
 */
const browser = useBrowser();
const TICKED = ['Monday', 'Wednesday', 'Friday'];

const today = currentMonth(new Date(), 'UTC');
const DECEMBER_2026: MonthRef = { year: 2026, month: 12 };
const isActive = (ref: MonthRef) => [today, nextMonth(today)].some((month) => month.year === ref.year && month.month === ref.month);
/** December 2026 while it can still be generated, and the next month, whatever it is (the current one when they are the same). */
const MONTHS: MonthRef[] = isActive(DECEMBER_2026)
  ? [DECEMBER_2026, monthId(nextMonth(today)) === monthId(DECEMBER_2026) ? today : nextMonth(today)]
  : [nextMonth(today)];

async function generateMonWedFri(page: Page, month: MonthRef) {
  const label = `${monthName(month.month)} ${month.year}`;
  await page.goto(`/month/${monthId(month)}`);
  await expect.poll(() => page.getByRole('heading', { name: `Content Strategy for ${label}` }).isVisible()).toBe(true);
  await expect(page.getByRole('slider', { name: 'Posts per week' }).getAttribute('aria-valuenow')).resolves.toBe('3');
  for (const day of TICKED) await page.getByRole('checkbox', { name: day, exact: true }).check();
  await page.getByRole('button', { name: 'Generate Content' }).click();
  await page.waitForURL(/[?&]tab=calendar/);
  await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
}

/** The days of the month the calendar shows a post on, read from the screen. */
async function daysWithPosts(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('[data-in-month="true"]').count()).toBeGreaterThan(27);
  return page
    .locator('[data-in-month="true"]')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => /facebook|twitter|instagram|linkedin|bluesky|mastodon/.test(cell.textContent ?? ''))
        .map((cell) => cell.getAttribute('data-date') ?? ''),
    );
}

const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;

describe('preferred days in the browser', () => {
  it.each(MONTHS.map((month) => [`${monthName(month.month)} ${month.year}`, month] as const))(
    '3 posts a week on Monday, Wednesday and Friday for %s puts every post on one of those days',
    async (_label, month) => {
      const { page, context } = await newPage(browser());
      await signUpAndSkip(page);
      await openWorkspace(page);
      await generateMonWedFri(page, month);
      await expect.poll(async () => (await daysWithPosts(page)).length).toBeGreaterThan(0);
      const days = await daysWithPosts(page);
      expect(days.map(weekdayOf).filter((weekday) => !TICKED.includes(weekday))).toEqual([]);
      // What the server saved agrees with the screen.
      const saved = ((await (await page.request.get(`/api/months/${monthId(month)}`)).json()) as { posts: { date: string }[] }).posts;
      expect([...new Set(saved.map((post) => post.date.slice(0, 10)))].sort()).toEqual([...days].sort());
      expect(saved.map((post) => weekdayOf(post.date.slice(0, 10))).filter((weekday) => !TICKED.includes(weekday))).toEqual([]);
      if (month.year === 2026 && month.month === 12) {
        expect(days).not.toContain('2026-12-01'); // Tuesday 1 December: not a ticked day
        expect(days).toContain('2026-12-02');
      }
      await expectStillAccessible(page, `calendar of ${monthName(month.month)}`);
      await screenshot(page, `planner-days-${monthId(month)}`);
      await context.close();
    },
    90_000,
  );
});

describe('Target Platforms in the browser', () => {
  it('plans a Bluesky-only month with the built-in writer; the editor shows a Bluesky post, its count and its preview', async () => {
    const month = nextMonth(today);
    const label = `${monthName(month.month)} ${month.year}`;
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    await openWorkspace(page);
    await page.goto(`/month/${monthId(month)}`);
    await expect.poll(() => page.getByRole('heading', { name: `Content Strategy for ${label}` }).isVisible()).toBe(true);

    // The spec's four are ticked by default, the networks added after them are not.
    for (const platform of SPEC_PLATFORMS)
      await expect(page.getByRole('checkbox', { name: PLATFORM_LABELS[platform], exact: true }).isChecked()).resolves.toBe(true);
    for (const name of ['Bluesky', 'Mastodon', 'Threads']) await expect(page.getByRole('checkbox', { name, exact: true }).isChecked()).resolves.toBe(false);
    for (const platform of SPEC_PLATFORMS) await page.getByRole('checkbox', { name: PLATFORM_LABELS[platform], exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Bluesky', exact: true }).check();
    await expectStillAccessible(page, 'Generate tab with Bluesky picked');
    await screenshot(page, 'target-platforms');
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await page.waitForURL(/[?&]tab=calendar/);
    await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);

    const saved = ((await (await page.request.get(`/api/months/${monthId(month)}`)).json()) as { posts: { date: string; platform: string }[] }).posts;
    expect(saved.length).toBeGreaterThan(0);
    expect(new Set(saved.map((post) => post.platform))).toEqual(new Set(['bluesky']));
    await expect.poll(async () => (await daysWithPosts(page)).length).toBe(new Set(saved.map((post) => post.date.slice(0, 10))).size);

    const first = page.locator(`[data-date="${saved[0]!.date.slice(0, 10)}"]`);
    await expect(first.textContent()).resolves.toContain('bluesky');
    await first
      .getByRole('button', { name: /^Open post/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('Bluesky', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText(/^\d+ \/ 300$/).isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Show previews' }).click();
    const preview = drawer.getByTestId('preview-bluesky');
    await expect.poll(() => preview.isVisible()).toBe(true);
    await expect(drawer.getByRole('tab', { name: 'Bluesky' }).getAttribute('aria-selected')).resolves.toBe('true');
    const text = (await drawer.getByTestId('post-text').textContent())!;
    await expect(preview.textContent()).resolves.toContain(text.slice(0, 40));
    await expect(preview.textContent()).resolves.toMatch(/\.bsky\.social/);
    await expect(preview.textContent()).resolves.toMatch(/\d+ \/ 300 characters/);
    await page.mouse.move(0, 0); // off the toggle: its hover colour is not what axe should judge
    await expectStillAccessible(page, 'post editor with the Bluesky preview');
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'bluesky-preview');
    await drawer.getByRole('tab', { name: 'Mastodon' }).click();
    await expect.poll(() => drawer.getByTestId('preview-mastodon').textContent()).toMatch(/@mastodon\.social[\s\S]*\d+ \/ 500 characters/);
    await page.mouse.move(0, 0);
    await expectStillAccessible(page, 'post editor with the Mastodon preview');
    await screenshot(page, 'mastodon-preview');
    await page.setViewportSize({ width: 390, height: 844 });
    await drawer.getByTestId('preview-mastodon').scrollIntoViewIfNeeded();
    await screenshot(page, 'mastodon-preview-phone');
    await drawer.getByRole('tab', { name: 'Bluesky' }).click();

    // The preview follows the text as it is typed, and the feed stops at the limit.
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    await drawer.getByLabel('Post text').fill(`${'Fresh news 👋 '.repeat(30)}end`);
    await expect.poll(() => preview.textContent()).toContain('…');
    await expect.poll(() => drawer.getByText(/Over the Bluesky limit by \d+ characters/).isVisible()).toBe(true);
    await context.close();
  }, 90_000);
});
