/**
 * The planner's side of review links: "Share for review" on the month screen makes a link (its address
 * shown once, copied), lists and withdraws links, and sets "Publish only approved posts"; once a reviewer
 * has decided (through the reviewer's API, as their page would), the calendar, the list and the editor
 * show each post's approval and the comments, and the bell leads to the month the reviewer finished.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { longDate } from '@shared/domain/day-words';
import { currentMonth, monthId, monthName, nextMonth, dayOfMonth } from '@shared/domain/months';
import { baseUrl, expectAccessible, newPage, screenshotSizes, useBrowser } from './support/browser';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();

const next = nextMonth(currentMonth(new Date(), 'UTC'));
const id = monthId(next);
const day = dayOfMonth;
const title = `Share ${monthName(next.month)} ${next.year} for review`;

interface SavedPost {
  id: string;
  version: number;
  content: string;
  approval: string;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / });
const grid = (page: Page) => page.getByRole('grid', { name: 'Content calendar' });
const entry = (page: Page, date: string) => page.locator(`[data-date="${date}"]`).getByRole('button', { name: /^Open post/ });

/** Waits for the layout to settle after a resize (the side bar slides away on a phone, modals fade in). */
async function createPost(page: Page, date: string, platform: string, content: string): Promise<void> {
  const created = await page.request.post(`/api/months/${id}/posts`, {
    headers: { origin: baseUrl() },
    data: { mode: 'manual', date, platform, type: 'text', content, hashtags: [] },
  });
  expect(created.status()).toBe(201);
}

const monthPosts = async (page: Page) => (await (await page.request.get(`/api/months/${id}`)).json()) as { posts: SavedPost[]; requireApproval: boolean };

/** The reviewer's decision, sent as their page sends it: no session, the token in the path. */
async function decide(url: string, post: SavedPost, decision: 'approved' | 'changes_requested', comment?: string) {
  const token = new URL(url).pathname.split('/').pop()!;
  const answer = await fetch(`${baseUrl()}/api/review/${token}/posts/${post.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decision, version: post.version, ...(comment ? { comment } : {}) }),
  });
  expect(answer.status).toBe(200);
}

describe('sharing a month for review, as its planner', () => {
  it('makes, copies, lists and withdraws links, sets the approval rule, and shows the decisions on the calendar, the list and in the editor', async () => {
    const { page, context } = await newPage(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signUpAndSkip(page);
    await openWorkspace(page);
    await createPost(page, day(next, 9), 'facebook', 'Open late on Thursdays from now on.');
    await createPost(page, day(next, 12), 'linkedin', 'We are hiring a dental hygienist for our city practice.');
    await createPost(page, day(next, 20), 'instagram', 'Meet Bella, our new receptionist, and say hello at the front desk.');

    // Never shared: the calendar shows no approval.
    await page.goto(`/month/${id}?tab=calendar&view=calendar`);
    await expect.poll(() => entry(page, day(next, 9)).count()).toBe(1);
    expect(await grid(page).locator('[data-approval]').count()).toBe(0);

    // The modal: no links yet.
    await page.getByRole('button', { name: 'Share for review' }).click();
    const modal = page.getByRole('dialog', { name: title });
    await expect.poll(() => modal.getByText('No links yet.', { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, 'the share modal without links');
    await screenshotSizes(page, 'review-links-empty');

    // A link for Anna, for the 9th to the 12th, for 14 days.
    await modal.getByLabel("Reviewer's name").fill('Anna');
    await modal.getByRole('button', { name: 'Days' }).click();
    const picker = page.getByRole('dialog', { name: 'Days' });
    await picker.getByRole('button', { name: longDate(day(next, 9)), exact: true }).click();
    await picker.getByRole('button', { name: longDate(day(next, 12)), exact: true }).click();
    await expect.poll(() => picker.isVisible()).toBe(false);
    await modal.getByLabel('Link expires after').selectOption('14');
    await modal.getByRole('button', { name: 'Create link' }).click();
    const address = modal.getByRole('textbox', { name: 'Review link' });
    await expect.poll(() => address.isVisible()).toBe(true);
    const annasUrl = await address.inputValue();
    expect(annasUrl).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
    await modal.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => modal.getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(annasUrl);
    await expect.poll(() => modal.getByText('This address is shown only now', { exact: false }).isVisible()).toBe(true);
    const links = modal.getByRole('list', { name: 'Review links, newest first' }).getByRole('listitem');
    await expect.poll(() => links.count()).toBe(1);
    await expect.poll(() => links.first().innerText()).toMatch(/Anna[\s\S]*Expires [A-Z][a-z]{2} \d{1,2}[\s\S]*[A-Z][a-z]{2} 9–12 · Not opened yet/);
    await expectAccessible(page, 'the share modal with a new link');
    await screenshotSizes(page, 'review-links-created', modal);

    // A second link, for anyone, for the whole month: the list shows it first.
    await modal.getByRole('button', { name: 'Create another link' }).click();
    await modal.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(async () => (await address.isVisible()) && (await address.inputValue()) !== annasUrl).toBe(true);
    const anyonesUrl = await address.inputValue();
    await expect.poll(() => links.count()).toBe(2);
    await expect.poll(() => links.first().innerText()).toMatch(/Anyone with the link[\s\S]*Whole month/);

    // Anna's link withdrawn, after a confirmation: it says so, and no longer opens the review page.
    const annas = links.filter({ hasText: 'Anna' });
    await annas.getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => annas.getByText('Withdraw? It stops working at once.').isVisible()).toBe(true);
    await expectAccessible(page, 'the share modal asking to withdraw a link');
    await annas.getByRole('button', { name: 'Withdraw link' }).click();
    await expect.poll(() => annas.innerText()).toContain('Withdrawn');
    expect(await annas.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    const annasPage = await fetch(`${baseUrl()}/api/review/${new URL(annasUrl).pathname.split('/').pop()}`);
    expect(annasPage.status).toBe(404);

    // Publish only approved posts: on, kept by the server.
    const rule = modal.getByRole('switch', { name: 'Publish only approved posts' });
    expect(await rule.isChecked()).toBe(false);
    await rule.click();
    await expect.poll(() => page.getByText('Only approved posts of this month will be published.').isVisible()).toBe(true);
    await expect.poll(async () => (await monthPosts(page)).requireApproval).toBe(true);
    expect(await rule.isChecked()).toBe(true);
    await screenshotSizes(page, 'review-links-managed', modal);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.isVisible()).toBe(false);

    // Shared: every post waits for approval, and its entry says so.
    await expect.poll(() => grid(page).locator('[data-approval="waiting"]').count()).toBe(3);
    expect(await entry(page, day(next, 9)).getAttribute('aria-label')).toContain(', waiting for approval:');

    // The reviewer opens the page, approves two posts and asks for changes on one: that leaves none waiting.
    const opened = await fetch(`${baseUrl()}/api/review/${new URL(anyonesUrl).pathname.split('/').pop()}`);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { posts: unknown[] }).posts).toHaveLength(3);
    const [first, second, third] = (await monthPosts(page)).posts as [SavedPost, SavedPost, SavedPost];
    await decide(anyonesUrl, first, 'approved');
    await decide(anyonesUrl, second, 'changes_requested', 'Please add the salary range <b>and</b> the start date.');
    await decide(anyonesUrl, third, 'approved');
    await page.reload();
    await expect.poll(() => grid(page).locator('[data-approval="approved"]').count()).toBe(2);
    await expect.poll(() => grid(page).locator('[data-approval="changes_requested"]').count()).toBe(1);
    expect(await entry(page, day(next, 12)).getAttribute('aria-label')).toContain(', changes requested:');
    await expectAccessible(page, 'the calendar with approval marks');
    await screenshotSizes(page, 'review-links-calendar', grid(page));

    // The list filters on approval.
    await page.getByRole('radiogroup', { name: 'View' }).getByText('List', { exact: true }).click();
    const rows = page.getByRole('list', { name: 'Posts of the month' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByLabel('Approval').selectOption({ label: 'Approved' });
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Approval').selectOption({ label: 'Changes requested' });
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().innerText()).toContain('dental hygienist');
    await expectAccessible(page, 'the list filtered on approval');
    await screenshotSizes(page, 'review-links-list');

    // The editor: the badge, the comment as typed (text, not markup), and the review in the post's history.
    await rows
      .first()
      .getByRole('button', { name: /^Open / })
      .click();
    const drawer = page.getByRole('dialog');
    const approval = drawer.getByRole('region', { name: 'Approval' });
    await expect.poll(() => approval.innerText()).toContain('Changes requested');
    await expect.poll(() => approval.innerText()).toContain('Please add the salary range <b>and</b> the start date.');
    const reviews = drawer.getByRole('list', { name: 'Reviews, newest first' }).getByRole('listitem');
    await expect.poll(() => reviews.count()).toBe(1);
    await expect.poll(() => reviews.first().innerText()).toMatch(/Reviewer[\s\S]*Changes requested[\s\S]*salary range <b>and<\/b>/);
    expect(await reviews.first().innerText()).not.toContain('on an earlier version');
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'the editor with a review');
    await screenshotSizes(page, 'review-links-editor');
    await reviews.first().scrollIntoViewIfNeeded();
    await screenshotSizes(page, 'review-links-editor-reviews');

    // An edit sends it back to waiting at once (the server's answer goes into the month), and the review is now about an earlier version.
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    await drawer.getByRole('textbox', { name: 'Post text' }).fill('We are hiring a dental hygienist: from 3,000 a month, starting in March.');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => approval.innerText()).toContain('Waiting for approval');
    await expect.poll(() => reviews.first().innerText()).toContain('on an earlier version');
    await page.keyboard.press('Escape');

    // The reviewer finished: the link says so, and the bell leads to the month.
    await page.goto('/dashboard');
    await expect.poll(() => bell(page).getAttribute('aria-label')).not.toBe('Notifications, none unread');
    await bell(page).click();
    await page.getByRole('list', { name: 'Notifications, newest first' }).getByRole('button').first().click();
    await page.waitForURL(`**/month/${id}`);
    await page.getByRole('button', { name: 'Share for review' }).click();
    await expect
      .poll(() => links.first().innerText())
      .toMatch(/Anyone with the link[\s\S]*Finished[\s\S]*Whole month · Last opened [A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}/);
    await expectAccessible(page, 'the share modal with a finished link');
    await screenshotSizes(page, 'review-links-finished', modal);
    await context.close();
  });
});
