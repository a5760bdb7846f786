import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, dayOfMonth, monthId, monthName, nextMonth } from '@shared/domain/months';
import type { CreatedReviewLink } from '@shared/schemas/review';
import { baseUrl, expectAccessible, newPage, screenshotSizes, settled, useBrowser } from './support/browser';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();

// The month after this one: active, never archived while the test runs.
const month = nextMonth(currentMonth(new Date(), 'UTC'));
const id = monthId(month);
const day = (n: number) => dayOfMonth(month, n);
const onDay = (n: number) => `${monthName(month.month)} ${n}`;

const POSTS = [
  { day: 5, platform: 'instagram', content: 'Fresh from the oven: our winter sourdough is back. Crisp crust, soft crumb, and a hint of rye.' },
  { day: 5, platform: 'linkedin', content: 'We are hiring a morning baker. Early starts, a friendly team and all the bread you can carry home.' },
  { day: 8, platform: 'facebook', content: 'This Saturday we bake with the kids from the school around the corner. Come and taste what they made!' },
  { day: 12, platform: 'twitter', content: 'Closed on Monday for a well-earned rest. Back on Tuesday at 7 with cinnamon buns.' },
] as const;

const json = (context: BrowserContext, method: 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown) =>
  context.request.fetch(`${baseUrl()}${path}`, { method, headers: { origin: baseUrl() }, ...(data === undefined ? {} : { data }) });

/** A photo-like PNG drawn in the page, which the server accepts as an image. */
async function picture(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 800;
    const context = canvas.getContext('2d')!;
    const light = context.createLinearGradient(0, 0, 0, 800);
    light.addColorStop(0, '#f7e3c3');
    light.addColorStop(1, '#c98b4f');
    context.fillStyle = light;
    context.fillRect(0, 0, 800, 800);
    context.fillStyle = '#8a5a2b';
    context.beginPath();
    context.ellipse(400, 460, 280, 190, 0, 0, Math.PI * 2);
    context.fill();
    context.strokeStyle = '#f3d9a8';
    context.lineWidth = 14;
    for (const x of [300, 400, 500]) {
      context.beginPath();
      context.moveTo(x - 40, 380);
      context.lineTo(x + 40, 520);
      context.stroke();
    }
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(data, 'base64');
}

/** The owner: signed up, a company name, the month's four posts (the Instagram one with a photo). Returns the posts' ids by network. */
async function ownerWithMonth(page: Page, context: BrowserContext): Promise<Record<string, string>> {
  await signUpAndSkip(page);
  const profile = {
    name: 'Maria',
    companyName: 'Corner Bakery',
    description: 'A neighbourhood bakery.',
    industry: '',
    toneOfVoice: [],
    brandColors: [],
    website: '',
    targetAudience: '',
    businessGoals: [],
  };
  expect((await json(context, 'PATCH', '/api/profile', profile)).status()).toBe(200);
  // The workspace makes the active months.
  await openWorkspace(page);
  const ids: Record<string, string> = {};
  for (const post of POSTS) {
    const created = await json(context, 'POST', `/api/months/${id}/posts`, {
      mode: 'manual',
      date: day(post.day),
      platform: post.platform,
      type: 'text',
      content: post.content,
      hashtags: ['#cornerbakery'],
    });
    expect(created.status()).toBe(201);
    ids[post.platform] = ((await created.json()) as { id: string }).id;
  }
  const upload = await context.request.post(`${baseUrl()}/api/posts/${ids.instagram}/media`, {
    headers: { origin: baseUrl() },
    multipart: { file: { name: 'sourdough.png', mimeType: 'image/png', buffer: await picture(page) } },
  });
  expect(upload.status()).toBe(201);
  return ids;
}

/** Shares the month through the API, for the tests about the reviewer's side only. */
async function shareMonth(context: BrowserContext): Promise<CreatedReviewLink> {
  const created = await json(context, 'POST', `/api/months/${id}/review-links`, { reviewerName: 'Anna' });
  expect(created.status()).toBe(201);
  return (await created.json()) as CreatedReviewLink;
}

/** The page's fades done and a frame drawn, so screenshots and axe see the final colours. */
const card = (page: Page, label: string) => page.getByRole('article', { name: label });

describe('a review link', () => {
  it('lets someone without an account approve two posts and ask for changes on one, and the owner sees both', async () => {
    const owner = await newPage(browser());
    await ownerWithMonth(owner.page, owner.context);
    // The owner shares the month from its screen, for Anna.
    const calendar = owner.page;
    await calendar.goto(`/month/${id}?tab=calendar`);
    await expect.poll(() => calendar.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
    await calendar.getByRole('button', { name: 'Share for review' }).click();
    const share = calendar.getByRole('dialog', { name: `Share ${monthName(month.month)} ${month.year} for review` });
    await share.getByLabel("Reviewer's name").fill('Anna');
    await share.getByRole('button', { name: 'Create link' }).click();
    const address = share.getByRole('textbox', { name: 'Review link' });
    await expect.poll(async () => (await address.isVisible()) && (await address.inputValue())).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
    const url = await address.inputValue();
    await share.getByRole('button', { name: 'Close' }).click();

    // The reviewer: a fresh browser at phone size, with no session.
    const reviewer = await newPage(browser(), { width: 390, height: 844 });
    const { page } = reviewer;
    const answer = await page.goto(new URL(url).pathname);
    expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
    expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect.poll(() => page.getByRole('heading', { name: `Posts for ${monthName(month.month)} ${month.year}` }).isVisible()).toBe(true);
    expect(await reviewer.context.cookies()).toEqual([]);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect.poll(() => page.getByText('Corner Bakery', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('For Anna').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('article').count()).toBe(4);
    // The photo comes through the link's own signed address, and nothing on the page leads into the app.
    const photo = card(page, `Post of ${onDay(5)} on Instagram`).getByRole('img', { name: /First image/ });
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await photo.getAttribute('src')).toMatch(/^\/review-media\/[^/?]+\/[^/?]+\?expires=\d+&signature=/);
    expect(await page.locator('a[href]').count()).toBe(0);
    await expect.poll(() => page.getByText('0 of 4 approved').isVisible()).toBe(true);
    await settled(page);
    await expectAccessible(page, 'the review page');
    await screenshotSizes(page, 'review-default', undefined, { viewportOnly: true, endAtPhone: true });

    // Two approvals, the first from the keyboard: the focus stays on the button, which now says so.
    await page.getByRole('button', { name: `Approve the post of ${onDay(5)} on Instagram` }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        card(page, `Post of ${onDay(5)} on Instagram`)
          .getByText('Approved', { exact: true })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Approved: the post of ${onDay(5)} on Instagram`);
    await page.getByRole('button', { name: `Approve the post of ${onDay(8)} on Facebook` }).click();
    await expect.poll(() => page.getByText('2 of 4 approved').isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: `Approved the post of ${onDay(8)} on Facebook.` })
          .count(),
      )
      .toBe(1);

    // Changes asked for on one, with a comment (required: an empty one is refused in words).
    const linkedin = card(page, `Post of ${onDay(5)} on LinkedIn`);
    await page.getByRole('button', { name: `Request changes to the post of ${onDay(5)} on LinkedIn` }).click();
    const comment = linkedin.getByRole('textbox', { name: /What should change/ });
    await expect.poll(() => comment.evaluate((field) => field === document.activeElement)).toBe(true);
    await linkedin.getByRole('button', { name: /^Send request/ }).click();
    await expect.poll(() => linkedin.getByText('Say what should change.').isVisible()).toBe(true);
    await comment.fill('Please say the shift starts at 5 am, and add how to apply.');
    await expect.poll(() => linkedin.getByText('58 / 2000 characters').isVisible()).toBe(true);
    await settled(page);
    await expectAccessible(page, 'the review page with a comment box open');
    await linkedin.scrollIntoViewIfNeeded();
    await screenshotSizes(page, 'review-comment', undefined, { viewportOnly: true, endAtPhone: true });
    await linkedin.getByRole('button', { name: /^Send request/ }).click();
    await expect.poll(() => linkedin.getByText('Changes requested', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => linkedin.getByText('Please say the shift starts at 5 am, and add how to apply.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('2 of 4 approved').isVisible()).toBe(true);

    // The owner sees each post's state on the calendar, and the comment in the post's editor.
    await calendar.reload();
    await expect.poll(() => calendar.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
    const entry = (network: string, n: number) =>
      calendar.locator(`[data-date="${day(n)}"]`).getByRole('button', { name: new RegExp(`^Open post: ${network} post`) });
    await expect.poll(() => entry('Instagram', 5).getAttribute('aria-label')).toMatch(/, approved: /);
    await expect.poll(() => entry('Facebook', 8).getAttribute('aria-label')).toMatch(/, approved: /);
    await expect.poll(() => entry('LinkedIn', 5).getAttribute('aria-label')).toMatch(/, changes requested: /);
    await expect.poll(() => entry('X/Twitter', 12).getAttribute('aria-label')).toMatch(/, waiting for approval: /);
    await entry('LinkedIn', 5).click();
    const editor = calendar.getByRole('dialog');
    await expect.poll(() => editor.getByRole('region', { name: 'Approval' }).getByText('Anna asked for changes').isVisible()).toBe(true);
    const reviews = editor.getByRole('list', { name: 'Reviews, newest first' }).getByRole('listitem');
    await expect.poll(() => reviews.count()).toBe(1);
    await expect
      .poll(() => reviews.first().innerText())
      .toMatch(/Anna[\s\S]*Changes requested[\s\S]*Please say the shift starts at 5 am, and add how to apply\./);
    await calendar.keyboard.press('Escape');
    await expect.poll(() => editor.isVisible()).toBe(false);

    // "Approve the rest" approves the last one, after a confirmation: the review is finished.
    await page.getByRole('button', { name: 'Approve the rest' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve the rest?' });
    await expect.poll(() => confirm.getByText(/This approves the 1 post still waiting for your answer/).isVisible()).toBe(true);
    await settled(page);
    await expectAccessible(page, 'the confirmation of "Approve the rest"');
    await confirm.getByRole('button', { name: 'Approve 1 post' }).click();
    await expect.poll(() => page.getByText('3 of 4 approved').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Review finished', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Thank you, every post has your answer').isVisible()).toBe(true);
    await calendar.reload();
    await expect.poll(() => entry('X/Twitter', 12).getAttribute('aria-label')).toMatch(/, approved: /);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await expectAccessible(page, 'the finished review page');
    await screenshotSizes(page, 'review-finished', undefined, { viewportOnly: true, endAtPhone: true });

    // Withdrawn: the same address now opens a page that says so, and nothing else.
    await calendar.getByRole('button', { name: 'Share for review' }).click();
    const annas = share.getByRole('list', { name: 'Review links, newest first' }).getByRole('listitem').filter({ hasText: 'Anna' });
    await annas.getByRole('button', { name: 'Withdraw' }).click();
    await annas.getByRole('button', { name: 'Withdraw link' }).click();
    await expect.poll(() => annas.innerText()).toContain('Withdrawn');
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'This link no longer works' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('This review link has expired or was withdrawn. Ask the person who sent it for a new one.').isVisible()).toBe(true);
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await page.locator('a[href]').count()).toBe(0);
    await expectAccessible(page, 'the invalid review link page');
    await screenshotSizes(page, 'review-invalid', undefined, { viewportOnly: true, endAtPhone: true });

    await reviewer.context.close();
    await owner.context.close();
  });

  it('says when a post changed: after an answer ("Changed since you reviewed it") and while the page was open (reloaded, decide again)', async () => {
    const owner = await newPage(browser());
    const ids = await ownerWithMonth(owner.page, owner.context);
    const { url } = await shareMonth(owner.context);
    const reviewer = await newPage(browser(), { width: 390, height: 844 });
    const { page } = reviewer;
    await page.goto(new URL(url).pathname);
    await expect.poll(() => page.getByRole('article').count()).toBe(4);

    const edit = async (postId: string, content: string) => {
      const post = (await (await owner.context.request.get(`${baseUrl()}/api/posts/${postId}`)).json()) as { version: number };
      expect((await json(owner.context, 'PATCH', `/api/posts/${postId}`, { version: post.version, content })).status()).toBe(200);
    };

    // Approved, then edited by the planner: waiting again, and the page says why.
    const facebook = card(page, `Post of ${onDay(8)} on Facebook`);
    await page.getByRole('button', { name: `Approve the post of ${onDay(8)} on Facebook` }).click();
    await expect.poll(() => facebook.getByText('Approved', { exact: true }).first().isVisible()).toBe(true);
    await edit(ids.facebook!, 'This Saturday from 10 to 12 we bake with the kids from the school around the corner.');
    await page.reload();
    await expect.poll(() => facebook.getByText('Changed since you reviewed it', { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => facebook.getByText('Waiting for approval').isVisible()).toBe(true);
    await expect.poll(() => facebook.getByText(/approved an earlier version/).isVisible()).toBe(true);
    await settled(page);
    await expectAccessible(page, 'the review page with a changed post');

    // Edited while the reviewer looks at it: the answer is refused, the page shows the new text.
    await edit(ids.twitter!, 'Closed on Monday and Tuesday for a well-earned rest. Back on Wednesday at 7 with cinnamon buns.');
    const twitter = card(page, `Post of ${onDay(12)} on X/Twitter`);
    await page.getByRole('button', { name: `Approve the post of ${onDay(12)} on X/Twitter` }).click();
    await expect.poll(() => twitter.getByRole('alert').filter({ hasText: 'This post was changed while you were looking at it' }).isVisible()).toBe(true);
    await expect.poll(() => twitter.getByText(/Back on Wednesday at 7/).isVisible()).toBe(true);
    await settled(page);
    await expectAccessible(page, 'the review page after a refused answer');
    await twitter.scrollIntoViewIfNeeded();
    await screenshotSizes(page, 'review-stale', undefined, { viewportOnly: true, endAtPhone: true });
    await page.getByRole('button', { name: `Approve the post of ${onDay(12)} on X/Twitter` }).click();
    await expect.poll(() => twitter.getByText('Approved', { exact: true }).first().isVisible()).toBe(true);

    await reviewer.context.close();
    await owner.context.close();
  });

  it('shares a few days without posts: the page says so, with nothing to decide', async () => {
    const owner = await newPage(browser());
    await ownerWithMonth(owner.page, owner.context);
    const created = await json(owner.context, 'POST', `/api/months/${id}/review-links`, { fromDate: day(20), toDate: day(22) });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()) as CreatedReviewLink;
    const reviewer = await newPage(browser(), { width: 390, height: 844 });
    const { page } = reviewer;
    await page.goto(new URL(url).pathname);
    await expect.poll(() => page.getByRole('heading', { name: `Posts for ${onDay(20)}–22, ${month.year}` }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'No posts in these days yet' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Approve the rest' }).count()).toBe(0);
    await expectAccessible(page, 'the review page without posts');
    await screenshotSizes(page, 'review-empty', undefined, { viewportOnly: true, endAtPhone: true });
    await reviewer.context.close();
    await owner.context.close();
  });
});
