import type { Dialog, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, previousMonth, type MonthRef, dayOfMonth } from '@shared/domain/months';
import { expectAccessible, useBrowser, newPage, screenshot } from './support/browser';
import { seedMonth, seedPost } from './support/database';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();

const current = currentMonth(new Date(), 'UTC');
const next = nextMonth(current);
const past = previousMonth(current);
const UNSAVED = 'You have unsaved changes. Are you sure you want to close?';
const STALE = 'This post was changed in another tab or window.';
/** A valid 1x1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const day = dayOfMonth;
const noon = (ref: MonthRef, dayNumber: number) => `${day(ref, dayNumber)}T12:00:00Z`;
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

/** Signs up, visits /workspace (which creates the current and next month), then seeds posts into next month. */
async function userWithPosts(page: Page, posts: { day: number; platform: string; content: string }[]): Promise<string> {
  const email = await signUpAndSkip(page);
  await openWorkspace(page);
  for (const post of posts) await seedPost(email, next, { date: noon(next, post.day), platform: post.platform, content: post.content });
  return email;
}

/** Opens the calendar of a month and the post of one day; returns the drawer. */
async function openPost(page: Page, ref: MonthRef, dayNumber: number, archived = false): Promise<Locator> {
  await page.goto(`/month/${monthId(ref)}?tab=calendar${archived ? '&archived=true' : ''}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
  await page
    .locator(`[data-date="${day(ref, dayNumber)}"]`)
    .getByRole('button', { name: /^Open post/ })
    .first()
    .click();
  const drawer = page.getByRole('dialog');
  await expect.poll(() => drawer.isVisible()).toBe(true);
  return drawer;
}

const postText = (drawer: Locator) => drawer.getByTestId('post-text');

/** Answers the next browser dialog (confirm, beforeunload) and reports its message. */
function answerNextDialog(page: Page, accept: boolean): Promise<Dialog> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog);
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

describe('post editor drawer', () => {
  it('opens a post, edits and saves it, copies, regenerates, restores and moves between posts', async () => {
    const { page, context } = await newPage(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await userWithPosts(page, [
      { day: 10, platform: 'linkedin', content: 'Original LinkedIn text about our spring offer.' },
      { day: 12, platform: 'twitter', content: 'A short tweet.' },
    ]);
    const drawer = await openPost(page, next, 10);

    await expect(drawer.getByRole('heading', { level: 2 }).textContent()).resolves.toContain(weekday(day(next, 10)));
    await expect(drawer.getByRole('button', { name: 'Previous post' }).isDisabled()).resolves.toBe(true);
    await expect(drawer.getByRole('button', { name: 'Next post' }).isEnabled()).resolves.toBe(true);
    await expect(postText(drawer).textContent()).resolves.toBe('Original LinkedIn text about our spring offer.');
    await expect.poll(() => drawer.getByText('LinkedIn', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('46 / 3,000').isVisible()).toBe(true);
    await expectAccessible(page, 'post editor drawer');
    await screenshot(page, 'post-editor');

    // Edit: Save stays disabled until the text changes.
    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    const save = drawer.getByRole('button', { name: 'Save' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await drawer.getByLabel('Post text').fill('Edited text: spring offer, now with free check-ups.');
    await expect(save.isEnabled()).resolves.toBe(true);
    // Hashtags: 'springoffer' becomes a tag; 'smile' is still being typed and is saved along, never lost.
    await drawer.getByLabel('Hashtags').fill('springoffer, smile');
    await expectAccessible(page, 'post editor in edit mode');
    await save.click();
    await expect.poll(() => postText(drawer).textContent()).toBe('Edited text: spring offer, now with free check-ups.');
    await expect.poll(() => page.getByText('Post saved').isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('#springoffer #smile').isVisible()).toBe(true);

    // Copy: 'Copied!' for 2 seconds, and the text is on the clipboard.
    await drawer.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => drawer.getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toContain('Edited text: spring offer');
    await expect.poll(() => drawer.getByRole('button', { name: 'Copy', exact: true }).isVisible(), { timeout: 5000 }).toBe(true);

    // Regenerate needs a non-empty instruction; the rewritten text replaces the post.
    await drawer.getByRole('button', { name: 'Regenerate' }).click();
    const instruction = drawer.getByLabel('What would you like to change about this post? Be specific about what you want different.');
    const rewrite = drawer.getByRole('button', { name: 'Rewrite post' });
    await expect(rewrite.isDisabled()).resolves.toBe(true);
    await instruction.fill('   ');
    await expect(rewrite.isDisabled()).resolves.toBe(true);
    await instruction.fill('Make it shorter');
    await expect(rewrite.isEnabled()).resolves.toBe(true);
    await rewrite.click();
    await expect.poll(() => postText(drawer).textContent()).not.toBe('Edited text: spring offer, now with free check-ups.');
    await expect.poll(() => rewrite.count()).toBe(0);

    // Version history: the rewrite and the edit, newest first; restore brings back the edited text.
    await drawer.getByRole('button', { name: /Version history/ }).click();
    await expect.poll(() => drawer.getByText('Rewritten: "Make it shorter"').isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('Edited', { exact: true }).isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Restore' }).first().click();
    await expect.poll(() => postText(drawer).textContent()).toBe('Edited text: spring offer, now with free check-ups.');
    await expect.poll(() => drawer.getByText('Restored', { exact: true }).isVisible()).toBe(true);

    // Saved on the server: a fresh load shows the restored text.
    const reopened = await openPost(page, next, 10);
    await expect.poll(() => postText(reopened).textContent()).toBe('Edited text: spring offer, now with free check-ups.');
    await expect.poll(() => reopened.getByText('#springoffer #smile').isVisible()).toBe(true);

    // Next post: the following post of the month, in date order.
    await reopened.getByRole('button', { name: 'Next post' }).click();
    await expect.poll(() => postText(reopened).textContent()).toBe('A short tweet.');
    await expect(reopened.getByRole('heading', { level: 2 }).textContent()).resolves.toContain(weekday(day(next, 12)));
    await expect(reopened.getByRole('button', { name: 'Next post' }).isDisabled()).resolves.toBe(true);
    await reopened.getByRole('button', { name: 'Previous post' }).click();
    await expect.poll(() => postText(reopened).textContent()).toBe('Edited text: spring offer, now with free check-ups.');
    await context.close();
  });

  it('counts characters against the X/Twitter limit, asks before losing edits, moves the post to another day', async () => {
    const { page, context } = await newPage(browser());
    await userWithPosts(page, [
      { day: 10, platform: 'twitter', content: 'a'.repeat(245) },
      { day: 20, platform: 'facebook', content: 'A later post.' },
    ]);
    const drawer = await openPost(page, next, 10);
    await expect.poll(() => drawer.getByText('245 / 280').isVisible()).toBe(true);

    await drawer.getByRole('button', { name: 'Edit', exact: true }).click();
    // Counted as the server counts X: a link is 23 however long, an emoji or a CJK character 2.
    await drawer.getByLabel('Post text').fill(`Book now https://example.com/${'spring-offer/'.repeat(30)} 😀 日本`);
    await expect.poll(() => drawer.getByText('40 / 280').isVisible()).toBe(true);
    await expect(drawer.getByText(/Over the X\/Twitter limit/).count()).resolves.toBe(0);
    await drawer.getByLabel('Post text').fill('b'.repeat(300));
    await expect.poll(() => drawer.getByText('300 / 280').isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('Over the X/Twitter limit by 20 characters').isVisible()).toBe(true);

    // Escape with unsaved edits asks; dismissing keeps the drawer and the edits.
    const dismissed = answerNextDialog(page, false);
    await page.keyboard.press('Escape');
    await expect((await dismissed).message()).toBe(UNSAVED);
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expect(drawer.getByLabel('Post text').inputValue()).resolves.toBe('b'.repeat(300));

    // Next post with unsaved edits asks too.
    const notMoved = answerNextDialog(page, false);
    await drawer.getByRole('button', { name: 'Next post' }).click();
    await expect((await notMoved).message()).toBe(UNSAVED);
    await expect(drawer.getByLabel('Post text').inputValue()).resolves.toBe('b'.repeat(300));

    // The close button asks; accepting closes without saving.
    const accepted = answerNextDialog(page, true);
    await drawer.getByRole('button', { name: 'Close post editor' }).click();
    await expect((await accepted).message()).toBe(UNSAVED);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Schedule Posts: one network at a time, 09:00 by default; scheduling is saved and can be undone.
    const reopened = await openPost(page, next, 10);
    await expect(postText(reopened).textContent()).resolves.toBe('a'.repeat(245));
    const facebook = reopened.getByRole('checkbox', { name: 'facebook' });
    const instagram = reopened.getByRole('checkbox', { name: 'instagram' });
    await facebook.check();
    await instagram.check();
    await expect(facebook.isChecked()).resolves.toBe(false);
    await expect(instagram.isChecked()).resolves.toBe(true);
    await expect(reopened.getByLabel('Time').inputValue()).resolves.toBe('09:00');
    await reopened.getByRole('button', { name: 'Schedule Post' }).click();
    await expect.poll(() => reopened.getByText('Scheduled for Instagram at 09:00.').isVisible()).toBe(true);
    await reopened.getByRole('button', { name: 'Unschedule' }).click();
    await expect.poll(() => reopened.getByText('Scheduled for Instagram at 09:00.').count()).toBe(0);

    // The date field moves the post within the month (the keyboard alternative to dragging).
    await reopened.getByLabel('Day of the post').fill(day(next, 15));
    await reopened.getByRole('button', { name: 'Move post' }).click();
    await expect.poll(() => reopened.getByRole('heading', { level: 2 }).textContent()).toContain(weekday(day(next, 15)));
    await expect
      .poll(() =>
        page
          .locator(`[data-date="${day(next, 15)}"]`)
          .getByRole('button', { name: /^Open post/ })
          .count(),
      )
      .toBe(1);
    await expect(
      page
        .locator(`[data-date="${day(next, 10)}"]`)
        .getByRole('button', { name: /^Open post/ })
        .count(),
    ).resolves.toBe(0);

    // With unsaved edits the browser warns before the page goes away.
    await reopened.getByRole('button', { name: 'Edit', exact: true }).click();
    await reopened.getByLabel('Post text').fill('Unsaved words');
    // The handler is registered once React has committed the edit: a cancelable beforeunload gets prevented.
    const warns = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    await expect.poll(warns).toBe(true);
    const beforeUnload = answerNextDialog(page, true);
    await page.close({ runBeforeUnload: true });
    const shown = await Promise.race([beforeUnload.then((dialog) => dialog.type()), new Promise((resolve) => setTimeout(() => resolve('no dialog'), 10_000))]);
    expect(shown).toBe('beforeunload');
    await context.close();
  });

  it('uploads an image that stays after a reload, refuses files that are too large or of the wrong type, removes it', async () => {
    const { page, context } = await newPage(browser());
    await userWithPosts(page, [{ day: 10, platform: 'instagram', content: 'A post that needs a picture.' }]);
    const drawer = await openPost(page, next, 10);
    await expect.poll(() => drawer.getByText('Supported formats: JPG, PNG, GIF, MP4').isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('Maximum file size: 10MB').isVisible()).toBe(true);
    const input = drawer.locator('input[type="file"]');
    await expect(input.getAttribute('accept')).resolves.toBe('image/*,video/*');
    await expect(input.getAttribute('multiple')).resolves.not.toBeNull();

    await input.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    const image = drawer.getByRole('img', { name: 'Image 1' });
    await expect.poll(() => image.isVisible()).toBe(true);
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
    await expect(image.getAttribute('src')).resolves.toMatch(/^\/api\/media\/[0-9a-f-]{36}\.png$/);

    // Checked in the browser, never sent.
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect.poll(() => drawer.getByText('"huge.png" is too large (10.0 MB). Files can be up to 10MB.').isVisible()).toBe(true);
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => drawer.getByText('"notes.txt" is not a supported file type', { exact: false }).isVisible()).toBe(true);
    // The server's own check (bytes, not the name) is shown when it refuses.
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await expect.poll(() => drawer.getByText('"fake.png" is not an image or video we can use', { exact: false }).isVisible()).toBe(true);
    await expect(drawer.getByRole('img', { name: /^Image \d/ }).count()).resolves.toBe(1);

    const reopened = await openPost(page, next, 10);
    await expect.poll(() => reopened.getByRole('img', { name: 'Image 1' }).isVisible()).toBe(true);
    await expectAccessible(page, 'post editor with media');
    await reopened.getByRole('button', { name: 'Remove image 1' }).click();
    await expect.poll(() => reopened.getByText('No images or videos yet. Upload one below.').isVisible()).toBe(true);
    await context.close();
  });

  it('shows a stale write from another tab and lets the user overwrite it or reload the latest', async () => {
    const { page: first, context } = await newPage(browser());
    await userWithPosts(first, [{ day: 10, platform: 'linkedin', content: 'Shared starting text.' }]);
    const second = await context.newPage();
    second.setDefaultTimeout(15_000);
    const drawerA = await openPost(first, next, 10);
    const drawerB = await openPost(second, next, 10);

    await drawerA.getByRole('button', { name: 'Edit', exact: true }).click();
    await drawerA.getByLabel('Post text').fill('Text from tab A');
    await drawerA.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => postText(drawerA).textContent()).toBe('Text from tab A');

    await drawerB.getByRole('button', { name: 'Edit', exact: true }).click();
    await drawerB.getByLabel('Post text').fill('Text from tab B');
    await drawerB.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => drawerB.getByText(STALE).isVisible()).toBe(true);
    await expect(drawerB.getByLabel('Post text').inputValue()).resolves.toBe('Text from tab B');
    await expectAccessible(second, 'post editor with a stale write');
    await drawerB.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect.poll(() => postText(drawerB).textContent()).toBe('Text from tab B');
    await expect(drawerB.getByText(STALE).count()).resolves.toBe(0);

    // Tab A, still showing its own save, writes again: now A is stale; it takes B's text instead.
    await drawerA.getByRole('button', { name: 'Edit', exact: true }).click();
    await drawerA.getByLabel('Post text').fill('A second try from tab A');
    await drawerA.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => drawerA.getByText(STALE).isVisible()).toBe(true);
    const confirm = answerNextDialog(first, true);
    await drawerA.getByRole('button', { name: 'Reload latest' }).click();
    await expect((await confirm).type()).toBe('confirm');
    await expect.poll(() => postText(drawerA).textContent()).toBe('Text from tab B');
    await expect(drawerA.getByText(STALE).count()).resolves.toBe(0);
    await context.close();
  });

  it('keeps an archived post read-only, with copy still available', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await seedMonth(email, past, { contentGenerated: true, posts: [{ date: noon(past, 10), platform: 'linkedin', content: 'An archived post.' }] });
    const drawer = await openPost(page, past, 10, true);
    await expect.poll(() => drawer.getByText('This content is archived and cannot be modified').isVisible()).toBe(true);
    for (const name of ['Edit', 'Regenerate', 'Upload images or videos', 'Move post', 'Schedule Post']) {
      await expect(drawer.getByRole('button', { name, exact: true }).isDisabled(), name).resolves.toBe(true);
    }
    await expect(drawer.getByLabel('Day of the post').isDisabled()).resolves.toBe(true);
    await expect(drawer.getByRole('checkbox', { name: 'facebook' }).isDisabled()).resolves.toBe(true);
    await expect(drawer.getByRole('button', { name: 'Copy' }).isEnabled()).resolves.toBe(true);
    await expectAccessible(page, 'archived post editor');
    await screenshot(page, 'post-editor-archived');
    await context.close();
  });
});
