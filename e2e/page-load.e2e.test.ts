/**
 * How pages load: the login page is a small document of its own, and the month page's first reads
 * are preloaded by its HTML and then used by the app, never fetched twice.
 */
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '@shared/domain/months';
import { newPage, useBrowser } from './support/browser';
import { signUpAndSkip } from './support/users';

const browser = useBrowser();

describe('page load', () => {
  it("uses the month page's preloaded reads instead of asking again", async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    const id = monthId(nextMonth(currentMonth(new Date(), 'UTC')));
    const reads = [`/api/me`, `/api/months/${id}`, `/api/deliveries?monthId=${id}`];

    const html = await (await page.request.get(`/month/${id}?tab=calendar`)).text();
    for (const read of reads) expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${read}">`);

    const asked: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`/month/${id}?tab=calendar`);
    await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
    for (const read of reads)
      expect(
        asked.filter((url) => url === read),
        read,
      ).toHaveLength(1);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    await context.close();
  });

  it('serves the login page as its own document, and the app reaches it with a full page load', async () => {
    const { page, context } = await newPage(browser());
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Login' }).isVisible()).toBe(true);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/login-[\w-]+\.js$/);

    // Signed out, the app sends a visitor to the login document (not to a login screen inside itself).
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'))).toMatch(/\/assets\/login-/);
    await context.close();
  });

  it("tells the server the browser's time zone once the page is idle", async () => {
    const { page, context } = await newPage(browser(), { timezoneId: 'Asia/Tokyo' });
    await signUpAndSkip(page);
    const storedZone = async () => ((await (await page.request.get('/api/me')).json()) as { profile: { timeZone: string } }).profile.timeZone;
    await expect.poll(storedZone, { timeout: 10_000 }).toBe('Asia/Tokyo');
    await context.close();
  });
});
