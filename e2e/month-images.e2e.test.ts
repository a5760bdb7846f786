import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { newPage, screenshotSizes, useBrowser } from './support/browser';
import { expectStillAccessible } from './support/generation';
import { usePublishingServer } from './support/publishing-server';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();

// The server runs in this process so the test moves its clock to the day the post goes out.
const { today, clock, server, receiver } = usePublishingServer('10:00');
const next = nextMonth(currentMonth(new Date(`${today}T10:00:00Z`), 'UTC'));
const id = monthId(next);

interface ApiPost {
  id: string;
  platform: string;
  type: string;
  date: string;
  mediaPrompt: string;
  media: { type: string; url: string }[];
}

interface WebhookMedia {
  type: string;
  url: string;
  alt: string;
}

describe('a month ready to publish', () => {
  it('generates a month with images, changes an Instagram post’s template and publishes it to a webhook whose payload links the image', async () => {
    const { page } = await newPage(browser(), { baseUrl: server().url, height: 1100 });
    await signUpAndSkip(page);

    // A webhook that takes the Instagram posts.
    await page.goto('/settings');
    const connections = page.getByRole('region', { name: 'Connections' });
    await expect.poll(() => connections.getByText('No connections yet.', { exact: false }).isVisible()).toBe(true);
    await connections.getByLabel('Name').fill('Our Make scenario');
    await connections.getByLabel('Webhook URL').fill(`${receiver().url}/hook`);
    await connections.getByPlaceholder('Pick networks').click();
    await page.getByRole('option', { name: 'Instagram' }).click();
    await page.keyboard.press('Escape');
    await connections.getByRole('button', { name: 'Add connection' }).click();
    const secret = connections.getByTestId('signing-secret');
    await expect.poll(() => secret.isVisible()).toBe(true);
    receiver().useSecret((await secret.textContent())!.trim());

    // Next month, image posts only, with images made for them.
    await openWorkspace(page);
    await page.goto(`/month/${id}?tab=generate`);
    await page.getByRole('checkbox', { name: 'Images', exact: true }).check();
    await page.getByRole('switch', { name: 'Make images for visual posts' }).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    const progress = page.getByTestId('month-images-progress');
    await expect.poll(() => progress.getByRole('status').textContent(), { timeout: 120_000 }).toMatch(/^Images made: (\d+) of \1$/);

    const posts = ((await (await page.request.get(`/api/months/${id}`)).json()) as { posts: ApiPost[] }).posts;
    const instagram = posts.find((post) => post.platform === 'instagram' && post.type === 'image');
    expect(instagram, 'an Instagram image post').toBeDefined();
    expect(instagram!.media).toHaveLength(1);
    const made = instagram!.media[0]!.url;
    // Instagram takes JPEG only, at its preferred 1080x1350.
    const madeBytes = Buffer.from(await (await page.request.get(made)).body());
    expect(await sharp(madeBytes).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1350 });

    // The batch picked this post's template; the user picks another (the same one would render the same bytes).
    const batch = (await (await page.request.get(`/api/months/${id}/images`)).json()) as { jobs: { postId: string; template: string | null }[] };
    const batchTemplate = batch.jobs.find((job) => job.postId === instagram!.id)?.template;
    expect(batchTemplate, 'the batch job of the Instagram post').toBeTruthy();
    const other = batchTemplate === 'quote' ? 'Tip' : 'Quote';

    // The editor shows the image; another template replaces it.
    await page.goto(`/month/${id}?tab=calendar&post=${instagram!.id}`);
    const drawer = page.getByRole('dialog');
    const shown = drawer.getByRole('list', { name: 'Media of this post' }).getByRole('img');
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0 && new URL(image.src).pathname)).toBe(made);
    await drawer.getByRole('button', { name: 'Make image' }).click();
    const modal = page.getByRole('dialog', { name: 'Make image' });
    await expect.poll(() => modal.isVisible()).toBe(true);
    await modal.getByRole('radio', { name: new RegExp(`^${other}`) }).click();
    await modal.getByRole('button', { name: 'Make image' }).click();
    const preview = modal.getByTestId('made-image').first();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { timeout: 60_000 }).toBe(true);
    await modal.getByRole('button', { name: 'Keep' }).click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => shown.evaluate((image: HTMLImageElement, before) => image.complete && new URL(image.src).pathname !== before, made)).toBe(true);
    const remade = await shown.evaluate((image: HTMLImageElement) => new URL(image.src).pathname);
    await expectStillAccessible(page, `the editor with the ${other} image`);
    await screenshotSizes(page, 'month-images-instagram-post', drawer.getByRole('region', { name: 'Post Image or Media' }));

    // Scheduled on its day at 09:30 and sent when the clock gets there.
    const day = instagram!.date.slice(0, 10);
    await drawer.getByRole('checkbox', { name: 'instagram' }).check();
    await drawer.getByLabel('Time').fill('09:30');
    await drawer.getByRole('button', { name: 'Schedule Post' }).click();
    await expect.poll(() => drawer.getByText('Scheduled for Instagram at 09:30.').isVisible()).toBe(true);
    clock.set(`${day}T09:30:00Z`);
    await server().services.publisher.deliverDue();

    const sent = receiver().posts();
    expect(sent).toHaveLength(1);
    const data = (sent[0]!.body as unknown as { data: { postId: string; network: string; media: WebhookMedia[] } }).data;
    expect(data).toMatchObject({ postId: instagram!.id, network: 'instagram' });
    expect(data.media).toHaveLength(1);
    expect(data.media[0]).toMatchObject({ type: 'image', alt: instagram!.mediaPrompt });
    // The payload's link is signed and serves the kept image of the other template, no session needed.
    const linked = await fetch(data.media[0]!.url);
    expect(linked.status).toBe(200);
    const linkedBytes = Buffer.from(await linked.arrayBuffer());
    expect(linkedBytes.equals(Buffer.from(await (await page.request.get(remade)).body()))).toBe(true);
    expect(linkedBytes.equals(madeBytes)).toBe(false);
  });
});
