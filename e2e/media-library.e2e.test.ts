import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, type MonthRef, dayOfMonth } from '@shared/domain/months';
import { baseUrl, expectAccessible, newPage, screenshotSizes, useBrowser } from './support/browser';
import { markLibraryFileMade, seedPost } from './support/database';
import { signUpAndSkip, openWorkspace } from './support/users';
import { LIBRARY_PAGE } from '@shared/schemas/media-library';
import { POST_LIMITS } from '@shared/schemas/post';
import { MEDIA_SAMPLES } from '@testing/media-samples';

const browser = useBrowser();
const next = nextMonth(currentMonth(new Date(), 'UTC'));
const day = dayOfMonth;
const noon = (ref: MonthRef, dayNumber: number) => `${day(ref, dayNumber)}T12:00:00Z`;

const LATTE = 'A barista pours latte art into a white cup';
const AUTUMN = 'Pumpkin soup and cinnamon rolls on our autumn menu';
const CLIP = 'Steamed milk swirling in a jug';
const LATTE_EDITED = 'A barista pours a leaf of latte art on an oak counter';

/** A PNG drawn in the page: a cup on a counter, or autumn leaves, so the screenshots show real pictures. */
async function picture(page: Page, scene: 'cup' | 'leaves'): Promise<Buffer> {
  const data = await page.evaluate((kind) => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 800;
    const context = canvas.getContext('2d')!;
    if (kind === 'cup') {
      context.fillStyle = '#e9dcc9';
      context.fillRect(0, 0, 800, 800);
      context.fillStyle = '#8b5a2b';
      context.fillRect(0, 560, 800, 240);
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.ellipse(400, 420, 220, 150, 0, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#a0662f';
      context.beginPath();
      context.ellipse(400, 400, 180, 110, 0, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#f6ead8';
      context.beginPath();
      context.ellipse(400, 400, 60, 90, Math.PI / 2, 0, Math.PI * 2);
      context.fill();
    } else {
      context.fillStyle = '#fbe3c2';
      context.fillRect(0, 0, 800, 800);
      ['#d9480f', '#f08c00', '#e8590c', '#c92a2a', '#f59f00'].forEach((colour, index) => {
        context.fillStyle = colour;
        context.beginPath();
        context.ellipse(140 + index * 130, 260 + (index % 2) * 260, 70, 130, index * 0.7, 0, Math.PI * 2);
        context.fill();
      });
    }
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, scene);
  return Buffer.from(data, 'base64');
}

/** Opens the calendar of next month and the post of one day; returns the drawer. */
async function openPost(page: Page, dayNumber: number): Promise<Locator> {
  await page.goto(`/month/${monthId(next)}?tab=calendar`);
  await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
  await page
    .locator(`[data-date="${day(next, dayNumber)}"]`)
    .getByRole('button', { name: /^Open post/ })
    .first()
    .click();
  const drawer = page.getByRole('dialog');
  await expect.poll(() => drawer.isVisible()).toBe(true);
  return drawer;
}

async function uploadTo(page: Page, dayNumber: number, scene: 'cup' | 'leaves' | 'clip') {
  const drawer = await openPost(page, dayNumber);
  const mp4 = MEDIA_SAMPLES.find((sample) => sample.label === 'MP4')!;
  await drawer
    .locator('input[type="file"]')
    .setInputFiles(
      scene === 'clip'
        ? { name: mp4.name, mimeType: mp4.type, buffer: mp4.bytes }
        : { name: `${scene}.png`, mimeType: 'image/png', buffer: await picture(page, scene) },
    );
  await expect.poll(() => drawer.getByRole('button', { name: scene === 'clip' ? 'Remove video 1' : 'Remove image 1' }).isVisible()).toBe(true);
}

const card = (page: Page, name: string) => page.getByRole('listitem', { name });

describe('media library', () => {
  it('keeps uploads with their description, edits, searches, reuses them on another post and asks before deleting one in use', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await openWorkspace(page);
    await seedPost(email, next, { date: noon(next, 8), platform: 'instagram', content: 'Monday latte art.', mediaPrompt: LATTE });
    await seedPost(email, next, { date: noon(next, 12), platform: 'facebook', content: 'Autumn menu is here.', mediaPrompt: AUTUMN });
    await seedPost(email, next, { date: noon(next, 14), platform: 'linkedin', content: 'Behind the counter.' });
    await seedPost(email, next, { date: noon(next, 16), platform: 'facebook', content: 'Milk, steamed.', mediaPrompt: CLIP });

    // Nothing yet: the empty state says where files come from. The sidebar links the screen.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Media library' }).click();
    await page.waitForURL('**/library');
    await expect.poll(() => page.getByRole('heading', { name: 'Your media library is empty' }).isVisible()).toBe(true);
    await expectAccessible(page, 'empty media library');
    await screenshotSizes(page, 'library-empty');

    // Uploads land in the library with the post's media description as their alt text.
    await uploadTo(page, 8, 'cup');
    await uploadTo(page, 12, 'leaves');
    await uploadTo(page, 16, 'clip');
    await markLibraryFileMade(email, AUTUMN, 'template', 'offer');
    await page.goto('/library');
    await expect.poll(() => page.getByRole('img', { name: LATTE }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('img', { name: AUTUMN }).isVisible()).toBe(true);
    // A made image says where it came from, in words; an upload has no label.
    await expect.poll(() => card(page, AUTUMN).getByText('Template', { exact: true }).isVisible()).toBe(true);
    await expect(card(page, LATTE).getByText('Template', { exact: true }).count()).resolves.toBe(0);
    await expect.poll(() => card(page, LATTE).getByText('Used on 1 post').isVisible()).toBe(true);
    await expectAccessible(page, 'media library');
    await screenshotSizes(page, 'library');

    // Edit the description in a dialog with a counter; the image's alt text follows.
    await card(page, LATTE)
      .getByRole('button', { name: /^Edit description/ })
      .click();
    const editor = page.getByRole('dialog', { name: 'Edit description' });
    const field = editor.getByLabel('Description (alt text)');
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => editor.getByText(`${LATTE.length} / 1,000`).isVisible()).toBe(true);
    await expect.poll(() => editor.getByText(/sent with the post to Bluesky, Mastodon, Instagram and webhooks/).isVisible()).toBe(true);
    await field.fill('x'.repeat(1001));
    await expect.poll(() => editor.getByText('1,001 / 1,000 — 1 character too long').isVisible()).toBe(true);
    await expect(editor.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await field.fill(LATTE_EDITED);
    await expectAccessible(page, 'description dialog');
    await screenshotSizes(page, 'library-edit', undefined, { viewportOnly: true });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('img', { name: LATTE_EDITED }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Search the descriptions (debounced); a search that matches nothing says so and clears.
    const search = page.getByRole('searchbox', { name: 'Search descriptions' });
    await search.fill('pumpkin');
    await expect.poll(() => page.getByRole('img', { name: LATTE_EDITED }).count()).toBe(0);
    await expect.poll(() => page.getByRole('img', { name: AUTUMN }).isVisible()).toBe(true);
    await search.fill('zebra');
    await expect.poll(() => page.getByRole('heading', { name: 'No files found' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Show all files' }).click();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(3);
    // The type filter: the one video, labelled as a video in words.
    await page.getByText('Videos', { exact: true }).click();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => card(page, CLIP).getByText('Video', { exact: true }).isVisible()).toBe(true);
    await search.fill('pumpkin');
    await expect.poll(() => page.getByRole('heading', { name: 'No videos found' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Show all files' }).click();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(3);

    // Reuse on another post: the picker adds the chosen file with the post's version.
    const latteSrc = await page.getByRole('img', { name: LATTE_EDITED }).getAttribute('src');
    let drawer = await openPost(page, 14);
    await drawer.getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from library' });
    await expect.poll(() => picker.getByRole('button', { name: LATTE_EDITED }).isVisible()).toBe(true);
    const add = picker.getByRole('button', { name: 'Add to post' });
    await expect(add.isDisabled()).resolves.toBe(true);
    await picker.getByRole('searchbox', { name: 'Search descriptions' }).fill('latte');
    await expect.poll(() => picker.getByRole('button', { name: AUTUMN }).count()).toBe(0);
    await picker.getByRole('button', { name: LATTE_EDITED }).click();
    await expect(picker.getByRole('button', { name: LATTE_EDITED }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expectAccessible(page, 'library picker');
    await screenshotSizes(page, 'library-picker', undefined, { viewportOnly: true });

    // The post changed elsewhere meanwhile: refused as stale, said in words, and the next try goes through.
    const month = (await (await page.request.get(`/api/months/${monthId(next)}`)).json()) as { posts: { id: string; date: string; version: number }[] };
    const target = month.posts.find((post) => post.date.startsWith(day(next, 14)))!;
    expect((await page.request.patch(`/api/posts/${target.id}`, { data: { version: target.version, content: 'Changed in another tab.' } })).status()).toBe(200);
    await add.click();
    await expect.poll(() => picker.getByText(/This post was changed in another tab or window/).isVisible()).toBe(true);
    await add.click();
    await expect.poll(() => picker.isVisible()).toBe(false);
    await expect.poll(() => drawer.getByRole('img', { name: 'Image 1' }).isVisible()).toBe(true);
    await expect(drawer.getByRole('img', { name: 'Image 1' }).getAttribute('src')).resolves.toBe(latteSrc);
    // Chosen again, the picker opens on its search and shows the file as already on the post.
    await drawer.getByRole('button', { name: 'Choose from library' }).click();
    await expect
      .poll(() => picker.getByRole('searchbox', { name: 'Search descriptions' }).evaluate((element) => element === document.activeElement))
      .toBe(true);
    await expect.poll(() => picker.getByRole('button', { name: `Already on this post: ${LATTE_EDITED}` }).isDisabled()).toBe(true);
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => picker.isVisible()).toBe(false);

    // Delete a file two posts show: the server's 409 becomes the question; confirming takes it off both.
    await page.goto('/library');
    await expect.poll(() => card(page, LATTE_EDITED).getByText('Used on 2 posts').isVisible()).toBe(true);
    await card(page, LATTE_EDITED)
      .getByRole('button', { name: /^Delete/ })
      .click();
    const question = page.getByRole('dialog', { name: 'Delete a file in use?' });
    await expect.poll(() => question.getByText('This file is on 2 posts. Delete it and remove it from those posts?').isVisible()).toBe(true);
    await expectAccessible(page, 'delete question');
    await screenshotSizes(page, 'library-delete', undefined, { viewportOnly: true });
    await question.getByRole('button', { name: 'Delete and remove from posts' }).click();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(2);
    // Focus is not lost with the deleted card: it is on the list.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Files in your library');
    drawer = await openPost(page, 8);
    await expect.poll(() => drawer.getByText('No images or videos yet. Upload one below.').isVisible()).toBe(true);

    // A file no post shows is asked about too, and goes.
    await openPost(page, 12).then((leaves) => leaves.getByRole('button', { name: 'Remove image 1' }).click());
    await page.goto('/library');
    await expect.poll(() => card(page, AUTUMN).getByText('Not on any post').isVisible()).toBe(true);
    await card(page, AUTUMN)
      .getByRole('button', { name: /^Delete/ })
      .click();
    const plain = page.getByRole('dialog', { name: 'Delete this file?' });
    await expect.poll(() => plain.getByText('It leaves your library for good. No post shows it.').isVisible()).toBe(true);
    await plain.getByRole('button', { name: 'Delete file' }).click();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => card(page, CLIP).isVisible()).toBe(true);
    await context.close();
  });

  it('shows a page at a time with Load more, and a failed load with a way to try again', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    await openWorkspace(page);
    // One page and two more files, ten to a post, through the upload endpoint.
    const total = LIBRARY_PAGE + 2;
    const posts = Math.ceil(total / POST_LIMITS.media);
    for (let index = 0; index < posts; index += 1) {
      await seedPost(email, next, { date: noon(next, index + 1), platform: 'facebook', content: `Post ${index}`, mediaPrompt: `Picture of post ${index}` });
    }
    const month = (await (await page.request.get(`/api/months/${monthId(next)}`)).json()) as { posts: { id: string }[] };
    const png = MEDIA_SAMPLES.find((sample) => sample.label === 'PNG')!;
    for (let index = 0; index < total; index += 1) {
      const upload = await page.request.post(`/api/posts/${month.posts[Math.floor(index / POST_LIMITS.media)]!.id}/media`, {
        headers: { origin: baseUrl() },
        multipart: { file: { name: png.name, mimeType: png.type, buffer: png.bytes } },
      });
      expect(upload.status()).toBe(201);
    }

    // The server cannot be reached: what happened and a way to try again, which then shows the files.
    let failing = true;
    await page.route('**/api/library?*', (route) => (failing ? route.fulfill({ status: 503, body: '' }) : route.fallback()));
    await page.route('**/api/library', (route) => (failing ? route.fulfill({ status: 503, body: '' }) : route.fallback()));
    await page.goto('/library');
    await expect.poll(() => page.getByRole('heading', { name: 'Could not load your media library' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expectAccessible(page, 'media library error');
    await screenshotSizes(page, 'library-error');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(LIBRARY_PAGE);

    // Load more adds the rest after the last file shown, then goes.
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(total);
    await expect(page.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('is in the phone menu and fits a phone screen', async () => {
    const { page, context } = await newPage(browser(), { width: 390, height: 844 });
    await signUpAndSkip(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Media library' }).click();
    await page.waitForURL('**/library');
    await expect.poll(() => page.getByRole('heading', { name: 'Media library', exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
