import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentMonth, monthId, monthName, nextMonth } from '../src/shared/domain/months';
import { CALLS_TO_ACTION, CONTENT_TYPES, WEEKDAYS } from '../src/shared/domain/options';
import { planSlots, type PostSlot } from '../src/shared/domain/slot-planner';
import { DEFAULT_STRATEGY, type SelectedHoliday, type Strategy } from '../src/shared/schemas/strategy';
import { expectAccessible, useBrowser, newPage, screenshot } from './support/browser';
import { signUpAndSkip } from './support/users';

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
const OFFLINE_WRITER = 'Built-in template writer (not AI)';
const posts = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`;

async function openGenerateTab(page: Page) {
  await signUpAndSkip(page);
  await page.goto('/workspace');
  await expect.poll(() => page.getByRole('heading', { name: 'Active Months' }).isVisible()).toBe(true);
  await page.goto(`/month/${id}`);
  await expect.poll(() => page.getByRole('heading', { name: `Content Strategy for ${label}` }).isVisible()).toBe(true);
}

/** A job as the server reports it, for stubbing a moment the real (fast) offline writer never stays in. */
function fakeJob(jobId: string | undefined, fields: { status: 'running' | 'failed'; planned: number; written: number; error?: string; posts?: object[] }) {
  return {
    id: jobId,
    monthId: id,
    error: null,
    problems: [],
    writer: OFFLINE_WRITER,
    createdAt: new Date().toISOString(),
    finishedAt: fields.status === 'running' ? null : new Date().toISOString(),
    posts: [],
    ...fields,
  };
}

/** Server-Sent Events: one 'progress' event with the job, then the stream ends. */
const oneEvent = (job: object) => ({
  status: 200,
  headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
  body: `event: progress\ndata: ${JSON.stringify(job)}\n\n`,
});
const jobIdOf = (url: string) => new URL(url).pathname.split('/').at(-2);

/** Waits until no finite animation or transition has run for a moment: axe reads colours mid-fade otherwise. */
async function afterTransitions(page: Page) {
  await page.waitForFunction(
    () => {
      const state = window as unknown as { __stillSince?: number };
      const moving = document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      if (moving) {
        state.__stillSince = undefined;
        return false;
      }
      state.__stillSince ??= performance.now();
      return performance.now() - state.__stillSince > 150;
    },
    undefined,
    { polling: 50 },
  );
}

/** Axe once the page has stopped moving. */
async function expectStillAccessible(page: Page, label: string) {
  await afterTransitions(page);
  await expectAccessible(page, label);
}

/** Records what the overlay and the button showed, however briefly: installed before clicking. */
async function watchGeneration(page: Page) {
  await page.evaluate(() => {
    const seen = { overlay: [] as string[], busyButton: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const record = () => {
      const overlay = document.querySelector('[role="dialog"][aria-modal="true"][data-testid="generation-overlay"]');
      if (overlay?.textContent) seen.overlay.push(overlay.textContent);
      const buttons = [...document.querySelectorAll('button')];
      if (buttons.some((button) => button.disabled && button.textContent?.includes('Generating Content...'))) seen.busyButton = true;
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

async function seenDuringGeneration(page: Page) {
  return page.evaluate(() => (window as unknown as { __seen: { overlay: string[]; busyButton: boolean } }).__seen);
}

/** Each planned day shows its platform pills; days without a slot show none. */
async function expectCalendarMatches(page: Page, expected: PostSlot[]) {
  await expect.poll(() => page.getByRole('heading', { name: 'Content Calendar' }).isVisible()).toBe(true);
  expect(new URL(page.url()).searchParams.get('tab')).toBe('calendar');
  const byDay = new Map<string, string[]>();
  for (const slot of expected) byDay.set(slot.date.slice(0, 10), [...(byDay.get(slot.date.slice(0, 10)) ?? []), slot.platform]);
  for (const [day, platforms] of byDay) {
    const cell = page.locator(`[data-date="${day}"]`);
    await expect.poll(() => cell.textContent(), { message: day }).toContain(platforms[0]!);
    if (platforms.length <= 2) for (const platform of platforms) await expect(cell.textContent()).resolves.toContain(platform);
    else await expect(cell.textContent()).resolves.toContain(`+${platforms.length - 2} others`);
  }
  const withPills = await page.locator('[data-in-month="true"]').evaluateAll((cells) =>
    cells.filter((cell) => /facebook|twitter|instagram|linkedin/.test(cell.textContent ?? '')).map((cell) => cell.getAttribute('data-date')),
  );
  expect(withPills.sort()).toEqual([...byDay.keys()].sort());
}

describe('Generate tab', () => {
  it('fills the strategy, generates the month, opens the calendar, keeps the strategy and asks before replacing', async () => {
    // Tall enough for the whole form: full-page screenshots then show the fixed sidebar and overlay whole.
    const { page, context } = await newPage(browser(), { height: 1300 });
    await openGenerateTab(page);

    // Every control, exactly labelled, with the spec's defaults.
    await expect(page.getByRole('region', { name: 'Content Preferences' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('region', { name: 'Strategic Focus' }).isVisible()).resolves.toBe(true);
    const slider = page.getByRole('slider', { name: 'Posts per week' });
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('3');
    await expect(slider.getAttribute('aria-valuemin')).resolves.toBe('1');
    await expect(slider.getAttribute('aria-valuemax')).resolves.toBe('7');
    await expect(page.getByText('3 posts per week').isVisible()).resolves.toBe(true);
    for (const name of [...WEEKDAYS, ...CONTENT_TYPES, ...CALLS_TO_ACTION]) {
      await expect(page.getByRole('checkbox', { name, exact: true }).isChecked(), name).resolves.toBe(false);
    }
    for (const name of ['Key Themes or Topics', 'Hashtags', 'Additional Instructions']) {
      await expect(page.getByLabel(name, { exact: true }).inputValue(), name).resolves.toBe('');
    }
    await expect(page.getByText('separated by commas', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('switch', { name: 'Include holidays' }).isChecked()).resolves.toBe(false);
    await expect(page.getByRole('switch', { name: 'Use emojis' }).isChecked()).resolves.toBe(true);
    const generate = page.getByRole('button', { name: 'Generate Content' });
    await expect(generate.isEnabled()).resolves.toBe(true);
    await expectStillAccessible(page, 'Generate tab (defaults)');

    // Fill the form the way a user does: keyboard on the slider, clicks on the boxes.
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('4');
    await expect(page.getByText('4 posts per week').isVisible()).resolves.toBe(true);
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
    await expect(page.getByText(`${posts(expected.length)} planned for ${monthName(month.month)}`).isVisible()).resolves.toBe(true);
    await expectStillAccessible(page, 'Generate tab (filled)');
    await screenshot(page, 'generate-tab');

    // Generate: busy button, overlay with a message and real progress, then the calendar.
    await watchGeneration(page);
    await generate.click();
    await expect.poll(() => page.getByRole('dialog', { name: `Generating content for ${label}` }).isVisible()).toBe(true);
    await page.waitForURL(/[?&]tab=calendar/);
    const seen = await seenDuringGeneration(page);
    expect(seen.busyButton).toBe(true);
    expect(seen.overlay.some((text) => MESSAGES.some((message) => text.includes(message)))).toBe(true);
    expect(seen.overlay.some((text) => new RegExp(`\\d+ of ${expected.length} posts written`).test(text))).toBe(true);
    expect(seen.overlay.some((text) => text.includes(`Writer: ${OFFLINE_WRITER}`))).toBe(true);
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
    await expect(page.getByText(`Writer: ${OFFLINE_WRITER}`).isVisible()).resolves.toBe(true);

    // Generate again: the month has posts, so the server asks first and the modal says how many.
    await page.getByRole('button', { name: 'Generate Content' }).click();
    const confirm = page.getByRole('dialog', { name: `Replace ${posts(expected.length)}?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expect(confirm.textContent()).resolves.toContain(`${label} already has ${posts(expected.length)}`);
    await expectStillAccessible(page, 'replace posts modal');
    await screenshot(page, 'generate-replace-modal');

    // Hold the progress mid-way to look at the overlay: the stream sends one "5 of N" event and ends,
    // the page falls back to polling, and the first poll waits until the screenshot is taken.
    const midway = Math.min(5, expected.length - 1);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/generation-jobs\/[^/]+\/events$/, (route) => {
      const slot = expected[Math.max(0, midway - 1)]!;
      const content = 'Cold mornings can make teeth feel extra sensitive. Three small habits keep your smile comfortable all winter long.';
      const writtenSoFar = [{ date: slot.date, platform: slot.platform, type: slot.type, content, mediaPrompt: '', hashtags: ['#smile'] }];
      return route.fulfill(oneEvent(fakeJob(jobIdOf(route.request().url()), { status: 'running', planned: expected.length, written: midway, posts: writtenSoFar })));
    });
    await page.route(/\/api\/generation-jobs\/[^/]+$/, async (route) => {
      await held;
      await route.continue();
    });
    await confirm.getByRole('button', { name: `Replace ${posts(expected.length)}` }).click();
    const overlay = page.getByRole('dialog', { name: `Generating content for ${label}` });
    await expect.poll(() => overlay.isVisible()).toBe(true);
    await expect.poll(() => overlay.getByText(`${midway} of ${expected.length} posts written`).isVisible()).toBe(true);
    await expect(overlay.getByRole('progressbar', { name: 'Posts written' }).getAttribute('aria-valuenow')).resolves.toBe(String(Math.round((midway / expected.length) * 100)));
    await expect(overlay.textContent()).resolves.toMatch(new RegExp(MESSAGES.map((message) => message.replace(/\./g, '\\.')).join('|')));
    await expect(page.getByRole('button', { name: 'Generating Content...' }).isDisabled()).resolves.toBe(true);
    await expectStillAccessible(page, 'generation overlay');
    await screenshot(page, 'generation-overlay');
    release();
    await page.waitForURL(/[?&]tab=calendar/);
    await page.unrouteAll();
    await expectCalendarMatches(page, expected);
    await context.close();
  });

  it('shows a rejected strategy and a failed job with Try again, and re-attaches to a running job after a reload', async () => {
    const { page, context } = await newPage(browser(), { height: 1300 });
    await openGenerateTab(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('button', { name: 'Generate Content' }).isVisible()).toBe(true);
    await expectStillAccessible(page, 'Generate tab at 390 px');
    await screenshot(page, 'generate-tab-mobile');
    await page.setViewportSize({ width: 1280, height: 1300 });

    // A rejected strategy: the server's message near the button and on the field.
    await page.route(/\/api\/months\/[^/]+\/generation$/, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'bad_request', message: 'Invalid json. strategy.keyThemes: Too long.', fields: { 'strategy.keyThemes': 'Too long.' } } }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Generate Content' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Check the strategy' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    await expect(alert.textContent()).resolves.toContain('Invalid json. strategy.keyThemes: Too long.');
    await expect(page.getByText('Too long.', { exact: true }).isVisible()).resolves.toBe(true);
    await page.unrouteAll();

    // The job fails: the overlay closes, the error shows with Try again.
    const error = 'The AI provider did not answer in time. Nothing was changed; please try again.';
    await page.route(
      /\/api\/generation-jobs\/[^/]+\/events$/,
      (route) => route.fulfill(oneEvent(fakeJob(jobIdOf(route.request().url()), { status: 'failed', planned: 13, written: 0, error }))),
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Generate Content' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Generation failed' }).filter({ has: page.getByRole('button', { name: 'Try again' }) });
    await expect.poll(() => failure.isVisible()).toBe(true);
    await expect(failure.textContent()).resolves.toContain(error);
    await expect(page.getByRole('dialog', { name: `Generating content for ${label}` }).count()).resolves.toBe(0);
    await expectStillAccessible(page, 'generation failed');
    await screenshot(page, 'generation-failed');

    // Try again restarts with the same strategy; the real job behind the stub did write the month, so it asks first.
    await failure.getByRole('button', { name: 'Try again' }).click();
    const confirm = page.getByRole('dialog', { name: /^Replace \d+ posts?\?$/ });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: /^Replace \d+ posts?$/ }).click();
    await page.waitForURL(/[?&]tab=calendar/);
    const generated = planSlots({ ...month, strategy: DEFAULT_STRATEGY });
    await expectCalendarMatches(page, generated);

    // A reload while a job runs re-attaches: the page asks for the month's latest job on mount.
    const { job } = (await (await page.request.get(`/api/months/${id}/generation`)).json()) as { job: { id: string; status: string } };
    expect(job.status).toBe('succeeded');
    await page.route(/\/api\/months\/[^/]+\/generation$/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ job: { ...job, status: 'running', written: 3, finishedAt: null, error: null, posts: [] } }) }),
    );
    await page.goto(`/month/${id}?tab=generate`);
    await expect.poll(() => page.getByRole('dialog', { name: `Generating content for ${label}` }).isVisible()).toBe(true);
    // The stream then reports the job as finished: the overlay closes on the calendar.
    await page.waitForURL(/[?&]tab=calendar/);
    await expect(page.getByRole('dialog', { name: `Generating content for ${label}` }).count()).resolves.toBe(0);
    await expectCalendarMatches(page, generated);
    await page.unrouteAll();
    await context.close();
  });
});
