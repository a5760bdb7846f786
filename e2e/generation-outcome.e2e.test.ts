import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, monthName, nextMonth } from '@shared/domain/months';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { newPage, screenshot, useBrowser } from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { expectStillAccessible } from './support/generation';
import { signUpAndSkip, signUpThroughUi, openWorkspace } from './support/users';

const browser = useBrowser();
const month = nextMonth(currentMonth(new Date(), 'UTC'));
const label = `${monthName(month.month)} ${month.year}`;

describe('post language', () => {
  it('is chosen from a searchable list in the Brand Details step and kept in Settings, where the built-in writer says it stays English', async () => {
    const { page, context } = await newPage(browser());
    await signUpThroughUi(page);
    await page.getByLabel('Company Name').fill('Panadería Sol');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Brand Details' }).isVisible()).toBe(true);
    const language = page
      .getByRole('textbox', { name: 'Post language' })
      .or(page.getByRole('combobox', { name: 'Post language' }))
      .first();
    await expect(language.inputValue()).resolves.toBe('English');
    await expect.poll(() => page.getByText('The built-in template writer writes in English').isVisible()).toBe(true);
    await language.click();
    await language.fill('span');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Spanish']);
    await page.getByRole('option', { name: 'Spanish' }).click();
    await expect(language.inputValue()).resolves.toBe('Spanish');
    await expectStillAccessible(page, 'onboarding Brand Details with the post language');
    await screenshot(page, 'onboarding-post-language');
    for (const step of ['Continue', 'Continue', 'Submit']) await page.getByRole('button', { name: step }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    const profile = page.getByRole('region', { name: 'Company profile' });
    await expect
      .poll(() =>
        profile
          .getByRole('textbox', { name: 'Post language' })
          .or(profile.getByRole('combobox', { name: 'Post language' }))
          .first()
          .inputValue(),
      )
      .toBe('Spanish');
    await expectStillAccessible(page, 'Settings with the post language');
    await screenshot(page, 'settings-post-language');
    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(() => profile.getByText('The built-in template writer writes in English', { exact: false }).isVisible()).toBe(true);
    await expectStillAccessible(page, 'Settings with the post language on a phone');
    await screenshot(page, 'settings-post-language-390');
    await context.close();
  }, 60_000);
});

describe('after a generation', () => {
  let ai: FakeOpenAI;
  let server: BuiltServer;
  beforeAll(async () => {
    ai = await startFakeOpenAI();
    server = await startBuiltServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await server?.stop();
    await ai?.close();
  });

  async function generate(page: Page) {
    await page.goto(`/month/${monthId(month)}`);
    await expect.poll(() => page.getByRole('heading', { name: `Content Strategy for ${label}` }).isVisible()).toBe(true);
    for (const day of ['Monday', 'Wednesday', 'Friday']) await page.getByRole('checkbox', { name: day, exact: true }).check();
    await page.getByRole('button', { name: 'Generate Content' }).click();
    await page.waitForURL(/[?&]tab=calendar/);
  }

  it('shows what was planned, written and not written, and writes just the missing posts in one click', async () => {
    for (const width of [1280, 390]) {
      const { page, context } = await newPage(browser(), { width, baseUrl: server.baseUrl, height: 1100 });
      await signUpAndSkip(page);
      await openWorkspace(page);
      // The model leaves the first post of every batch blank, asked twice: those posts cannot be written.
      ai.script({ always: 'invalid-post' });
      await generate(page);
      await expect
        .poll(() =>
          page
            .getByText(/could not be written: write them from the Generate tab/)
            .first()
            .isVisible(),
        )
        .toBe(true);
      ai.script({ always: 'ok' });
      await page.getByRole('tab', { name: 'Generate' }).click();
      const summary = page.getByTestId('generation-summary');
      await expect.poll(() => summary.isVisible()).toBe(true);
      const text = (await summary.textContent()) ?? '';
      const [, planned, written, missing] = /(\d+) posts planned · (\d+) written · (\d+) not written/.exec(text) ?? [];
      expect(Number(missing)).toBeGreaterThan(0);
      expect(Number(written) + Number(missing)).toBe(Number(planned));
      await expect(summary.getByRole('list', { name: 'Posts not written' }).getByRole('listitem').count()).resolves.toBe(Number(missing));
      await screenshot(page, `generation-summary-${width}`);
      await expectStillAccessible(page, `generation summary at ${width}`);

      const posts = async () => ((await (await page.request.get(`/api/months/${monthId(month)}`)).json()) as { posts: unknown[] }).posts.length;
      expect(await posts()).toBe(Number(written));
      await summary.getByRole('button', { name: /Write the \d+ missing posts?/ }).click();
      await page.waitForURL(/[?&]tab=calendar/);
      await expect.poll(posts).toBe(Number(planned));
      await page.getByRole('tab', { name: 'Generate' }).click();
      await expect.poll(() => page.getByTestId('generation-summary').count()).toBe(0); // nothing left to report
      await context.close();
    }
  }, 120_000);
});
