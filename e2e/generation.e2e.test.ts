import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, daysInMonth, monthId, monthName, nextMonth, noonUtc } from '@shared/domain/months';
import { CALLS_TO_ACTION, CONTENT_TYPES, WEEKDAYS } from '@shared/domain/options';
import { planSlots } from '@shared/domain/slot-planner';
import { DEFAULT_STRATEGY, type SelectedHoliday, type Strategy } from '@shared/schemas/strategy';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { useBrowser, newPage, screenshot } from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { expectCalendarMatches, expectStillAccessible, seenDuringGeneration, shownWritten, watchGeneration, writtenCounts } from './support/generation';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();

// The next month: active for the whole run, never archived mid-test.
const month = nextMonth(currentMonth(new Date(), 'UTC'));
const id = monthId(month);
const label = `${monthName(month.month)} ${month.year}`;
const MESSAGES = [
  'Analyzing your brand voice and strategy...',
  'Crafting engaging narratives...',
  'Optimizing content for maximum impact...',
  'Finalizing your content strategy...',
];
const posts = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`;

// These tests watch a month being written, so the app talks to a slow model (the fake OpenAI-compatible
// server, a few posts a second) instead of the built-in writer, which finishes before anyone can look.
const TOKENS_PER_SECOND = 80;
let ai: FakeOpenAI;
let server: BuiltServer;
beforeAll(async () => {
  ai = await startFakeOpenAI({ tokensPerSecond: TOKENS_PER_SECOND });
  server = await startBuiltServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' });
});
afterAll(async () => {
  ai?.script({ hold: false });
  await server?.stop();
  await ai?.close();
});
// A slow model writes each month for real, twice per test: more room than the default time-out.
const SLOW_TEST_MS = 150_000;
/** The provider's name and model; never its address (docs/security.md, 'Secrets leaking'). */
const writerLabel = () => 'OpenAI-compatible server fake-model';
const open = (options: { height?: number } = {}) => newPage(browser(), { ...options, baseUrl: server.baseUrl });

async function openGenerateTab(page: Page) {
  await signUpAndSkip(page);
  await openWorkspace(page);
  await page.goto(`/month/${id}`);
  await expect.poll(() => page.getByRole('heading', { name: `Content Strategy for ${label}` }).isVisible()).toBe(true);
}

/** The month's latest job as the server reports it. */
async function latestJob(page: Page) {
  return (
    (await (await page.request.get(`/api/months/${id}/generation`)).json()) as { job: { id: string; status: string; written: number; error: string | null } }
  ).job;
}

describe('Generate tab', () => {
  it(
    'fills the strategy, generates the month with live progress, keeps the strategy, and replaces untouched posts while keeping one changed meanwhile',
    async () => {
      // Tall enough for the whole form: full-page screenshots then show the fixed sidebar and overlay whole.
      const { page, context } = await open({ height: 1300 });
      await openGenerateTab(page);

      // Every control, exactly labelled, with the spec's defaults.
      await expect.poll(() => page.getByRole('region', { name: 'Content Preferences' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('region', { name: 'Strategic Focus' }).isVisible()).toBe(true);
      const slider = page.getByRole('slider', { name: 'Posts per week' });
      await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('3');
      await expect(slider.getAttribute('aria-valuemin')).resolves.toBe('1');
      await expect(slider.getAttribute('aria-valuemax')).resolves.toBe('7');
      await expect.poll(() => page.getByText('3 posts per week').isVisible()).toBe(true);
      for (const name of [...WEEKDAYS, ...CONTENT_TYPES, ...CALLS_TO_ACTION]) {
        await expect(page.getByRole('checkbox', { name, exact: true }).isChecked(), name).resolves.toBe(false);
      }
      for (const name of ['Key Themes or Topics', 'Hashtags', 'Additional Instructions']) {
        await expect(page.getByLabel(name, { exact: true }).inputValue(), name).resolves.toBe('');
      }
      await expect.poll(() => page.getByText('separated by commas', { exact: true }).isVisible()).toBe(true);
      await expect(page.getByRole('switch', { name: 'Include holidays' }).isChecked()).resolves.toBe(false);
      await expect(page.getByRole('switch', { name: 'Use emojis' }).isChecked()).resolves.toBe(true);
      const generate = page.getByRole('button', { name: 'Generate Content' });
      await expect(generate.isEnabled()).resolves.toBe(true);
      await expectStillAccessible(page, 'Generate tab (defaults)');

      // Fill the form the way a user does: keyboard on the slider, clicks on the boxes.
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('4');
      await expect.poll(() => page.getByText('4 posts per week').isVisible()).toBe(true);
      for (const day of ['Monday', 'Wednesday', 'Friday']) await page.getByRole('checkbox', { name: day, exact: true }).check();
      for (const type of ['Images', 'Carousels']) await page.getByRole('checkbox', { name: type, exact: true }).check();
      await page.getByLabel('Key Themes or Topics').fill('Winter smile care, Meet the team');
      await page.getByRole('checkbox', { name: 'Schedule Appointment' }).check();
      await page.getByLabel('Hashtags').fill('#smile, dentalcare');
      await page.getByLabel('Additional Instructions').fill('Mention the free parking.');
      await page.getByRole('switch', { name: 'Use emojis' }).click();
      await expect(page.getByRole('switch', { name: 'Use emojis' }).isChecked()).resolves.toBe(false);
      await page.getByRole('switch', { name: 'Include holidays' }).click();
      await expect(page.getByRole('switch', { name: 'Include holidays' }).isChecked()).resolves.toBe(true);
      const country = page.getByRole('combobox', { name: 'Country' });
      await expect.poll(() => country.isEnabled()).toBe(true);
      await country.click();
      await country.fill('United Kingdom');
      await page.getByRole('option', { name: 'United Kingdom', exact: true }).click();
      await expect(country.inputValue()).resolves.toBe('United Kingdom');
      const listed = await page.request.get(`/api/holidays?country=GB&year=${month.year}&month=${month.month}`);
      const { holidays } = (await listed.json()) as { holidays: SelectedHoliday[] };
      const picked = holidays[0];
      if (picked) {
        await page.getByRole('checkbox', { name: picked.name, exact: true }).check();
      } else {
        await expect.poll(() => page.getByText(/has no public holidays in/).isVisible()).toBe(true);
      }

      const strategy: Strategy = {
        ...DEFAULT_STRATEGY,
        postFrequency: 4,
        preferredDays: ['Monday', 'Wednesday', 'Friday'],
        contentTypes: ['Images', 'Carousels'],
        keyThemes: 'Winter smile care, Meet the team',
        selectedCTAs: ['Schedule Appointment'],
        hashtags: '#smile, dentalcare',
        additionalInstructions: 'Mention the free parking.',
        includeHolidays: true,
        holidayCountry: 'GB',
        selectedHolidays: picked ? [picked] : [],
        useEmojis: false,
      };
      const expected = planSlots({ ...month, strategy });
      expect(expected.length).toBeGreaterThan(0);
      await expect.poll(() => page.getByText(`${posts(expected.length)} planned for ${monthName(month.month)}`).isVisible()).toBe(true);
      await expectStillAccessible(page, 'Generate tab (filled)');
      await screenshot(page, 'generate-tab');

      // Generate: busy button, overlay with a message and progress that rises post by post, then the calendar.
      await watchGeneration(page);
      await generate.click();
      await expect.poll(() => page.getByRole('dialog', { name: `Generating content for ${label}` }).isVisible()).toBe(true);
      await page.waitForURL(/[?&]tab=calendar/);
      const seen = await seenDuringGeneration(page);
      expect(seen.busyButton).toBe(true);
      expect(seen.overlay.some((text) => MESSAGES.some((message) => text.includes(message)))).toBe(true);
      const counts = writtenCounts(seen.overlay, expected.length);
      expect(
        counts.some((count) => count > 0 && count < expected.length),
        `progress seen: ${counts.join(', ')}`,
      ).toBe(true);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(seen.overlay.some((text) => text.includes(`Writer: ${writerLabel()}`))).toBe(true);
      expect(seen.overlay.filter((text) => text.includes(new URL(ai.url).host))).toEqual([]);
      await expect.poll(() => page.getByText(`${posts(expected.length)} written.`).isVisible()).toBe(true);
      await expect(page.getByRole('dialog', { name: `Generating content for ${label}` }).count()).resolves.toBe(0);
      await expectCalendarMatches(page, expected);

      // Reload the Generate tab: the saved strategy fills the form.
      await page.goto(`/month/${id}?tab=generate`);
      await expect.poll(() => page.getByRole('heading', { name: `Content Strategy for ${label}` }).isVisible()).toBe(true);
      await expect(page.getByRole('slider', { name: 'Posts per week' }).getAttribute('aria-valuenow')).resolves.toBe('4');
      for (const name of WEEKDAYS) {
        await expect(page.getByRole('checkbox', { name, exact: true }).isChecked(), name).resolves.toBe(strategy.preferredDays.includes(name));
      }
      for (const name of CONTENT_TYPES) {
        await expect(page.getByRole('checkbox', { name, exact: true }).isChecked(), name).resolves.toBe(strategy.contentTypes.includes(name));
      }
      for (const name of CALLS_TO_ACTION) {
        await expect(page.getByRole('checkbox', { name, exact: true }).isChecked(), name).resolves.toBe(strategy.selectedCTAs.includes(name));
      }
      await expect(page.getByLabel('Key Themes or Topics').inputValue()).resolves.toBe(strategy.keyThemes);
      await expect(page.getByLabel('Hashtags').inputValue()).resolves.toBe(strategy.hashtags);
      await expect(page.getByLabel('Additional Instructions').inputValue()).resolves.toBe(strategy.additionalInstructions);
      await expect(page.getByRole('switch', { name: 'Use emojis' }).isChecked()).resolves.toBe(false);
      await expect(page.getByRole('switch', { name: 'Include holidays' }).isChecked()).resolves.toBe(true);
      await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('United Kingdom');
      if (picked) await expect.poll(() => page.getByRole('checkbox', { name: picked.name, exact: true }).isChecked()).toBe(true);
      await expect.poll(() => page.getByText(`Writer: ${writerLabel()}`).isVisible()).toBe(true);

      // Generate again: the month has posts, so the server asks first and the modal says how many.
      await page.getByRole('button', { name: 'Generate Content' }).click();
      const confirm = page.getByRole('dialog', { name: `Replace ${posts(expected.length)}?` });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await expect(confirm.textContent()).resolves.toContain(`${label} already has ${posts(expected.length)}`);
      await expectStillAccessible(page, 'replace posts modal');
      await screenshot(page, 'generate-replace-modal');

      // Replace, and hold the model once some posts are written: the overlay stands still mid-way.
      await confirm.getByRole('button', { name: `Replace ${posts(expected.length)}` }).click();
      const overlay = page.getByRole('dialog', { name: `Generating content for ${label}` });
      await expect.poll(() => overlay.isVisible()).toBe(true);
      await expect.poll(() => shownWritten(overlay, expected.length)).toBeGreaterThan(0);
      ai.script({ hold: ['month'] });
      await expect.poll(async () => (await shownWritten(overlay, expected.length)) === (await latestJob(page)).written).toBe(true);
      const midway = await shownWritten(overlay, expected.length);
      expect(midway).toBeLessThan(expected.length);
      await expect(overlay.getByRole('progressbar', { name: 'Posts written' }).getAttribute('aria-valuenow')).resolves.toBe(
        String(Math.round((midway / expected.length) * 100)),
      );
      await expect(overlay.textContent()).resolves.toMatch(/Just written/);
      await expect(overlay.textContent()).resolves.toMatch(new RegExp(MESSAGES.map((message) => message.replace(/\./g, '\\.')).join('|')));
      await expect(page.getByRole('button', { name: 'Generating Content...' }).isDisabled()).resolves.toBe(true);
      await expectStillAccessible(page, 'generation overlay');
      await screenshot(page, 'generation-overlay');

      // Meanwhile, in another tab, the user moves one of the old posts to a free day and rewrites its text.
      const old = ((await (await page.request.get(`/api/months/${id}`)).json()) as { posts: { id: string; version: number; platform: string }[] }).posts[0]!;
      const freeDay = Array.from({ length: daysInMonth(month) }, (_, i) =>
        noonUtc(`${month.year}-${String(month.month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`),
      ).find((day) => !expected.some((slot) => slot.date === day))!;
      const edit = await page.request.patch(`/api/posts/${old.id}`, {
        data: { version: old.version, date: freeDay, content: 'Changed in another tab while the month was written.' },
      });
      expect(edit.status()).toBe(200);

      ai.script({ hold: false });
      await page.waitForURL(/[?&]tab=calendar/);
      await expect
        .poll(() => page.getByText('Kept 1 post scheduled or published, or added or changed while this month was being written.').isVisible())
        .toBe(true);
      await expectCalendarMatches(page, [...expected, { date: freeDay, platform: old.platform as (typeof expected)[number]['platform'] }]);
      await context.close();
    },
    SLOW_TEST_MS,
  );

  it(
    'shows a rejected strategy and a failed job with Try again, and re-attaches to a running job after a reload',
    async () => {
      const { page, context } = await open({ height: 1300 });
      await openGenerateTab(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.getByRole('button', { name: 'Generate Content' }).isVisible()).toBe(true);
      await expectStillAccessible(page, 'Generate tab at 390 px');
      await screenshot(page, 'generate-tab-mobile');
      await page.setViewportSize({ width: 1280, height: 1300 });

      // A rejected strategy (the form's own checks let it through, the server's do not): the server's
      // message near the button and on the field.
      await page.route(/\/api\/months\/[^/]+\/generation$/, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                error: { code: 'bad_request', message: 'Invalid json. strategy.keyThemes: Too long.', fields: { 'strategy.keyThemes': 'Too long.' } },
              }),
            })
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Generate Content' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Check the strategy' });
      await expect.poll(() => alert.isVisible()).toBe(true);
      await expect(alert.textContent()).resolves.toContain('Invalid json. strategy.keyThemes: Too long.');
      await expect.poll(() => page.getByText('Too long.', { exact: true }).isVisible()).toBe(true);
      await page.unrouteAll();

      // The model answers with broken JSON: the job really fails, the overlay closes, the error shows with Try again.
      ai.script({ always: 'malformed-json' });
      await page.getByRole('button', { name: 'Generate Content' }).click();
      const failure = page
        .getByRole('alert')
        .filter({ hasText: 'Generation failed' })
        .filter({ has: page.getByRole('button', { name: 'Try again' }) });
      await expect.poll(() => failure.isVisible()).toBe(true);
      const failed = await latestJob(page);
      expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/not valid JSON/i) });
      await expect(failure.textContent()).resolves.toContain(failed.error);
      await expect(page.getByRole('dialog', { name: `Generating content for ${label}` }).count()).resolves.toBe(0);
      await expectStillAccessible(page, 'generation failed');
      await screenshot(page, 'generation-failed');

      // Try again once the model is back: the failed job wrote nothing, so it starts straight away.
      ai.script({ always: 'ok' });
      await failure.getByRole('button', { name: 'Try again' }).click();
      await page.waitForURL(/[?&]tab=calendar/);
      const generated = planSlots({ ...month, strategy: DEFAULT_STRATEGY });
      await expectCalendarMatches(page, generated);

      // A reload while a job runs re-attaches to that same job: the model is held, so it surely still runs.
      await page.goto(`/month/${id}?tab=generate`);
      ai.script({ hold: ['month'] });
      await page.getByRole('button', { name: 'Generate Content' }).click();
      await page
        .getByRole('dialog', { name: `Replace ${posts(generated.length)}?` })
        .getByRole('button', { name: `Replace ${posts(generated.length)}` })
        .click();
      const overlay = page.getByRole('dialog', { name: `Generating content for ${label}` });
      await expect.poll(() => overlay.isVisible()).toBe(true);
      const running = await latestJob(page);
      expect(running.status).toBe('running');
      await page.reload();
      await expect.poll(() => overlay.isVisible()).toBe(true);
      await expect.poll(() => overlay.getByText(`0 of ${generated.length} posts written`).isVisible()).toBe(true);
      // The model goes on: the re-attached overlay follows the posts as they come, then opens the calendar.
      await watchGeneration(page);
      ai.script({ hold: false });
      await page.waitForURL(/[?&]tab=calendar/);
      const counts = writtenCounts((await seenDuringGeneration(page)).overlay, generated.length);
      expect(
        counts.some((count) => count > 0),
        `progress seen: ${counts.join(', ')}`,
      ).toBe(true);
      await expect(overlay.count()).resolves.toBe(0);
      expect(await latestJob(page)).toMatchObject({ id: running.id, status: 'succeeded' });
      await expectCalendarMatches(page, generated);
      await context.close();
    },
    SLOW_TEST_MS,
  );
});
