import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth } from '../src/shared/domain/months';
import { freePort } from '../src/server/testing/server-process';
import { useBrowser, newPage } from './support/browser';
import { signUpAndSkip } from './support/users';

const browser = useBrowser();

const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;
const target = nextMonth(currentMonth(new Date(), 'UTC'));
const day = (n: number) => `${target.year}-${String(target.month).padStart(2, '0')}-${String(n).padStart(2, '0')}`;

/** Calls the API from inside the page, as the app itself would (same origin, session cookie). */
async function api(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
    { method, url, body },
  );
}

const injected = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);

describe('stored script payloads render as text', () => {
  it('in the profile, the strategy, posts, hashtags and feedback', async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    const profile = { name: PAYLOAD, companyName: PAYLOAD, description: PAYLOAD, industry: 'dental', toneOfVoice: [], brandColors: [], website: '', targetAudience: PAYLOAD, businessGoals: [] };
    expect((await api(page, 'PATCH', '/api/profile', profile)).status).toBe(200);
    await api(page, 'GET', '/api/workspace');
    const strategy = { postFrequency: 1, preferredDays: [], contentTypes: [], keyThemes: PAYLOAD, selectedCTAs: [], hashtags: 'safe', additionalInstructions: PAYLOAD, includeHolidays: false, holidayCountry: 'US', selectedHolidays: [], useEmojis: false };
    expect((await api(page, 'PUT', `/api/months/${monthId(target)}/strategy`, strategy)).status).toBe(200);
    const post = await api(page, 'POST', `/api/months/${monthId(target)}/posts`, { mode: 'manual', date: day(9), platform: 'facebook', type: 'text', content: PAYLOAD, hashtags: ['<b>bold</b>'] });
    expect(post.status).toBe(201);
    expect((await api(page, 'POST', '/api/feedback', { message: PAYLOAD })).status).toBe(201);

    await page.goto('/dashboard');
    await expect.poll(() => page.getByText(PAYLOAD, { exact: false }).first().isVisible()).toBe(true);
    await page.goto('/settings');
    await expect.poll(() => page.getByLabel('Company Name').inputValue()).toBe(PAYLOAD);
    await page.goto(`/month/${monthId(target)}?tab=generate`);
    await expect.poll(() => page.getByLabel(/Key Themes/).inputValue()).toBe(PAYLOAD);
    await page.goto(`/month/${monthId(target)}?tab=calendar&post=${post.body.id}`);
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText(PAYLOAD).isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('#<b>bold</b>').isVisible()).toBe(true);
    await page.goto(`/month/${monthId(target)}?tab=scheduled`);
    await page.goto('/dashboard');
    await page.waitForTimeout(300);
    expect(await injected(page)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await context.close();
  });
});

describe('sign-in rate limit', () => {
  it('shows a clear message on /login when the limit is reached', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'planner-ratelimit-'));
    const port = await freePort();
    const server = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '3', DATABASE_URL: '', AI_BASE_URL: '', AI_API_KEY: '', OPENAI_API_KEY: '' },
      stdio: 'ignore',
    });
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 100 && !(await fetch(`${baseUrl}/api/me`).then((r) => r.status === 401, () => false)); i += 1) await new Promise((r) => setTimeout(r, 100));
      const context = await browser().newContext({ baseURL: baseUrl });
      const page = await context.newPage();
      await page.goto('/login');
      const messages: string[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        await page.getByLabel('Email').fill('someone@example.com');
        await page.getByLabel('Password', { exact: true }).fill(`wrong-${attempt}`);
        await page.getByRole('button', { name: 'Log In' }).click();
        await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true);
        messages.push((await page.getByRole('alert').textContent()) ?? '');
        await page.waitForTimeout(100);
      }
      expect(messages.slice(0, 3)).toEqual(Array(3).fill('Failed to log in. Please check your credentials.'));
      expect(messages[3]).toBe('Too many attempts from this device. Please wait a minute and try again.');
      await context.close();
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
