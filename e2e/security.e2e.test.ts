import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, nextMonth, dayOfMonth } from '@shared/domain/months';
import { useBrowser, newPage } from './support/browser';
import { startBuiltServer } from './support/built-server';
import { signUpAndSkip } from './support/users';

const browser = useBrowser();

/** Each vector reports to __xss (exposed by the test, so it survives navigation) if it ever runs. */
const PAYLOAD = `<img src=x onerror="__xss('img')"><script>__xss('script')</script><svg onload="__xss('svg')"></svg>`;
const target = nextMonth(currentMonth(new Date(), 'UTC'));
const day = (n: number) => dayOfMonth(target, n);

/** Calls the API from inside the page, as the app itself would (same origin, session cookie). */
async function api(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, url, body },
  );
}

/** No element the payload would create if it were parsed as HTML rather than shown as text. */
async function expectNoInjectedElements(page: Page, view: string) {
  const injected = await page.locator('img[src="x"], svg[onload], script:not([src])').count();
  expect(injected, `elements from the payload on ${view}`).toBe(0);
}

describe('stored script payloads render as text', () => {
  it('on the dashboard, settings, generate tab, calendar and editor drawer (with its history) and scheduled tab', async () => {
    const { page, context } = await newPage(browser());
    const ran: string[] = [];
    await context.exposeBinding('__xss', (_source, vector: string) => ran.push(`${vector} on ${page.url()}`));
    // An inline script or handler stopped by the CSP still tells us markup was injected. (zod's probe for
    // eval is a violation too, of another kind: blockedURI 'eval'.)
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) => {
        if (event.blockedURI === 'inline') (window as unknown as { __xss: (vector: string) => void }).__xss(`inline code blocked by the CSP: ${event.sample}`);
      }),
    );
    await signUpAndSkip(page);
    const profile = {
      name: PAYLOAD,
      companyName: PAYLOAD,
      description: PAYLOAD,
      industry: 'dental',
      toneOfVoice: [],
      brandColors: [],
      website: '',
      targetAudience: PAYLOAD,
      businessGoals: [],
    };
    expect((await api(page, 'PATCH', '/api/profile', profile)).status).toBe(200);
    const workspace = (await api(page, 'GET', '/api/workspace')).body;
    const strategy = {
      postFrequency: 1,
      preferredDays: [],
      contentTypes: [],
      keyThemes: PAYLOAD,
      selectedCTAs: [],
      hashtags: 'safe',
      additionalInstructions: PAYLOAD,
      includeHolidays: false,
      holidayCountry: 'US',
      selectedHolidays: [],
      useEmojis: false,
    };
    expect((await api(page, 'PUT', `/api/months/${monthId(target)}/strategy`, strategy)).status).toBe(200);
    // Today's post shows on the dashboard; the month's post is rewritten by an instruction, edited and scheduled.
    expect(
      (
        await api(page, 'POST', `/api/months/${workspace.currentMonthId}/posts`, {
          mode: 'manual',
          date: workspace.today,
          platform: 'twitter',
          type: 'text',
          content: PAYLOAD,
        })
      ).status,
    ).toBe(201);
    const post = await api(page, 'POST', `/api/months/${monthId(target)}/posts`, {
      mode: 'manual',
      date: day(9),
      platform: 'facebook',
      type: 'text',
      content: `${PAYLOAD} first draft`,
      hashtags: ['<b>bold</b>'],
    });
    expect(post.status).toBe(201);
    const rewritten = await api(page, 'POST', `/api/posts/${post.body.id}/rewrite`, { version: 1, instructions: PAYLOAD });
    expect(rewritten.status).toBe(200);
    expect((await api(page, 'PATCH', `/api/posts/${post.body.id}`, { version: rewritten.body.version, content: PAYLOAD })).status).toBe(200);
    expect((await api(page, 'PUT', `/api/posts/${post.body.id}/schedule`, { platform: 'facebook', time: '09:00' })).status).toBe(200);
    expect((await api(page, 'POST', '/api/feedback', { message: PAYLOAD })).status).toBe(201);

    await page.goto('/dashboard');
    await expect.poll(() => page.getByText(`Your content at a glance for ${PAYLOAD}.`, { exact: true }).isVisible()).toBe(true);
    // Today's post, the scheduled one under 'Going out next', and again under 'Needs attention' (no
    // connection sends Facebook posts yet), each as text.
    const shown = page.getByRole('link').getByText(PAYLOAD, { exact: true });
    await expect.poll(() => shown.count()).toBe(3);
    for (const item of await shown.all()) expect(await item.isVisible()).toBe(true);
    await expectNoInjectedElements(page, 'the dashboard');

    await page.goto('/settings');
    await expect.poll(() => page.getByLabel('Company Name').inputValue()).toBe(PAYLOAD);
    await expectNoInjectedElements(page, 'settings');

    await page.goto(`/month/${monthId(target)}?tab=generate`);
    await expect.poll(() => page.getByLabel(/Key Themes/).inputValue()).toBe(PAYLOAD);
    await expectNoInjectedElements(page, 'the generate tab');

    await page.goto(`/month/${monthId(target)}?tab=calendar&post=${post.body.id}`);
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText(PAYLOAD, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('#<b>bold</b>').isVisible()).toBe(true);
    await drawer.getByRole('button', { name: /Version history/ }).click();
    await expect.poll(() => drawer.getByText(`Rewritten: "${PAYLOAD}"`).isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText(`${PAYLOAD} first draft`, { exact: true }).isVisible()).toBe(true);
    await expectNoInjectedElements(page, 'the editor drawer');

    await page.goto(`/month/${monthId(target)}?tab=scheduled`);
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /Open scheduled post/ })
          .getByText(PAYLOAD, { exact: true })
          .isVisible(),
      )
      .toBe(true);
    await expectNoInjectedElements(page, 'the scheduled tab');

    expect(ran, 'payload code that ran (or was stopped only by the CSP)').toEqual([]);
    await context.close();
  });
});

describe('sign-in rate limit', () => {
  it('shows a clear message on /login when the limit is reached', async () => {
    const server = await startBuiltServer({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const baseUrl = server.baseUrl;
      const context = await browser().newContext({ baseURL: baseUrl });
      const page = await context.newPage();
      await page.goto('/login');
      const expected = [
        ...Array(3).fill('Failed to log in. Please check your credentials.'),
        'Too many attempts from this device. Please wait a minute and try again.',
      ];
      for (const [attempt, message] of expected.entries()) {
        await page.getByLabel('Email').fill('someone@example.com');
        await page.getByLabel('Password', { exact: true }).fill(`wrong-${attempt}`);
        const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in/email'));
        await page.getByRole('button', { name: 'Log In' }).click();
        expect((await answered).status()).toBe(attempt < 3 ? 401 : 429);
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(message);
      }
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
