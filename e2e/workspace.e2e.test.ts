import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, monthName, nextMonth, previousMonth } from '@shared/domain/months';
import { expectAccessible, useBrowser, newPage, screenshot } from './support/browser';
import { seedMonth, seedPost } from './support/database';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();

const current = currentMonth(new Date(), 'UTC');
const next = nextMonth(current);
const past = previousMonth(current);
const label = (ref: { year: number; month: number }) => `${monthName(ref.month)} ${ref.year}`;

describe('workspace and month screen', () => {
  it('walks workspace -> month -> tabs -> back, with the tab in the URL', async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Workspace' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Workspace', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Active Months' }).isVisible()).toBe(true);
    const cards = page.getByRole('region', { name: 'Active Months' }).getByRole('link');
    await expect.poll(() => cards.count()).toBe(2);
    // Counted once the months are read (the loading state has no archive either).
    await expect(page.getByRole('heading', { name: 'Archived Months' }).count()).resolves.toBe(0);
    await expect(cards.nth(0).textContent()).resolves.toContain(monthName(current.month));
    await expect(cards.nth(1).textContent()).resolves.toContain(monthName(next.month));
    await expect(cards.nth(0).textContent()).resolves.toContain('today');
    await expectAccessible(page, '/workspace');
    await screenshot(page, 'workspace');

    await cards.nth(0).click();
    await page.waitForURL(`**/month/${monthId(current)}`);
    await expect.poll(() => page.getByRole('heading', { name: label(current), exact: true }).isVisible()).toBe(true);
    // Not generated yet: opens on Generate.
    await expect(page.getByRole('tab', { name: 'Generate' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect.poll(() => page.getByRole('heading', { name: `Content Strategy for ${label(current)}` }).isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Calendar' }).click();
    await page.waitForURL('**/month/*?tab=calendar');
    await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
    await expect(page.getByRole('gridcell').count()).resolves.toBe(42);
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
    await expect(page.locator('[data-today]').count()).resolves.toBe(1);
    await expectAccessible(page, 'month calendar');
    await screenshot(page, 'month-calendar-empty');

    await page.getByRole('tab', { name: 'Scheduled' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Scheduled Posts' }).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Scheduled Posts' }).isVisible()).toBe(true);

    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => page.getByRole('tab', { name: 'Generate' }).getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { name: 'Workspace', exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows a past month under Archived Months, locked, opening read-only on Calendar', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await seedMonth(email, past, {
      contentGenerated: true,
      posts: [
        { date: `${past.year}-${String(past.month).padStart(2, '0')}-10T12:00:00Z`, platform: 'facebook', content: 'Old news' },
        { date: `${past.year}-${String(past.month).padStart(2, '0')}-10T12:00:00Z`, platform: 'linkedin', content: 'Old news 2' },
        { date: `${past.year}-${String(past.month).padStart(2, '0')}-10T12:00:00Z`, platform: 'instagram', content: 'Old news 3' },
      ],
    });
    await page.goto('/workspace');
    await expect.poll(() => page.getByRole('heading', { name: 'Archived Months' }).isVisible()).toBe(true);
    const archivedCard = page.getByRole('region', { name: 'Archived Months' }).getByRole('link');
    await expect(archivedCard.getByRole('img', { name: 'Locked' }).count()).resolves.toBe(1);
    await screenshot(page, 'workspace-archived');
    await archivedCard.click();
    await page.waitForURL(`**/month/${monthId(past)}?archived=true`);
    await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
    await expect(page.getByRole('tab', { name: 'Generate' }).count()).resolves.toBe(0);
    await expect.poll(() => page.getByText('This month is archived. Content cannot be modified.').isVisible()).toBe(true);
    const day = page.locator(`[data-date="${past.year}-${String(past.month).padStart(2, '0')}-10"]`);
    await expect(day.textContent()).resolves.toContain('+1 others');
    // Asking for Generate in the URL still shows Calendar; removing archived=true changes nothing.
    await page.goto(`/month/${monthId(past)}?tab=generate`);
    await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
    await expect(page.getByRole('tab', { name: 'Generate' }).count()).resolves.toBe(0);
    await expectAccessible(page, 'archived month');
    await context.close();
  });

  it('says Month not found for a month that does not exist', async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    await page.goto('/month/2001-3');
    await expect.poll(() => page.getByRole('heading', { name: 'Month not found' }).isVisible()).toBe(true);
    await context.close();
  });

  it('lists the next posts and active months on the dashboard', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await openWorkspace(page);
    const today = new Date().toISOString().slice(0, 10);
    // Today's post goes into whichever month today is in (created by the workspace visit above).
    const ref = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
    await seedPost(email, ref, { date: `${today}T12:00:00Z`, platform: 'linkedin', content: 'Launch day announcement' });
    await page.goto('/dashboard');
    await expect.poll(() => page.getByText('Launch day announcement').isVisible()).toBe(true);
    await expect(page.getByRole('region', { name: 'Active months' }).getByRole('link').count()).resolves.toBe(2);
    await expectAccessible(page, 'dashboard with posts');
    await screenshot(page, 'dashboard-overview');
    await page.getByText('Launch day announcement').click();
    await page.waitForURL(`**/month/${monthId(ref)}?tab=calendar`);
    await context.close();
  });
});
