import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, monthName, nextMonth } from '@shared/domain/months';
import { expectAccessible, newPage, screenshot, useBrowser } from './support/browser';
import { seedPost } from './support/database';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();
const next = nextMonth(currentMonth(new Date(), 'UTC'));
const label = `${monthName(next.month)} ${next.year}`;
const noon = (day: number) => `${next.year}-${String(next.month).padStart(2, '0')}-${String(day).padStart(2, '0')}T12:00:00Z`;

describe('generating a month again', () => {
  it('asks to replace only the posts it deletes, and says the scheduled one stays, at desktop and phone widths', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await openWorkspace(page);
    for (const day of [3, 10, 17]) await seedPost(email, next, { date: noon(day), platform: 'facebook', content: `Post of the ${day}th.` });
    const month = (await (await page.request.get(`/api/months/${monthId(next)}`)).json()) as { posts: { id: string }[] };
    expect((await page.request.put(`/api/posts/${month.posts[0]!.id}/schedule`, { data: { platform: 'facebook', time: '09:30' } })).status()).toBe(200);

    await page.goto(`/month/${monthId(next)}?tab=generate`);
    await expect.poll(() => page.getByRole('heading', { name: `Content Strategy for ${label}` }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Replaces 2 of the 3 current posts; keeps 1 scheduled or published.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Generate Content' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace 2 posts?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expect(confirm.textContent()).resolves.toContain(`${label} already has 3 posts. Generating again deletes 2 posts`);
    await expect(confirm.textContent()).resolves.toContain('The post that is scheduled or published stays.');
    await expectAccessible(page, 'replace posts modal with a scheduled post');
    await screenshot(page, 'replace-kept-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'replace-kept-phone');

    // Keeping the posts changes nothing.
    await confirm.getByRole('button', { name: 'Keep current posts' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    const after = (await (await page.request.get(`/api/months/${monthId(next)}`)).json()) as { posts: unknown[] };
    expect(after.posts).toHaveLength(3);
    await context.close();
  });
});
