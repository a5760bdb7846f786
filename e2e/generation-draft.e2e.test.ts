import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, monthId, monthName, nextMonth } from '@shared/domain/months';
import { planSlots } from '@shared/domain/slot-planner';
import { DEFAULT_STRATEGY } from '@shared/schemas/strategy';
import { startFakeOpenAI, type FakeOpenAI } from '@testing/fake-openai-server';
import { newPage, screenshot, useBrowser } from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { expectCalendarMatches, expectStillAccessible } from './support/generation';
import { signUpAndSkip, openWorkspace } from './support/users';

const browser = useBrowser();
const month = nextMonth(currentMonth(new Date(), 'UTC'));
const id = monthId(month);
const label = `${monthName(month.month)} ${month.year}`;
/** The model stands still after this many characters of its first post, until the test lets it go on. */
const WRITTEN_SO_FAR = 52;

let ai: FakeOpenAI;
let server: BuiltServer;
beforeAll(async () => {
  ai = await startFakeOpenAI({ tokensPerSecond: 80, hold: ['month'], holdAfterTextChars: WRITTEN_SO_FAR });
  server = await startBuiltServer({ AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' });
});
afterAll(async () => {
  ai?.script({ hold: false });
  await server?.stop();
  await ai?.close();
});

describe('the generation overlay', () => {
  it('shows the first words of the first post while the model writes it, before the month is done', async () => {
    const { page, context } = await newPage(browser(), { baseUrl: server.baseUrl, height: 900 });
    await signUpAndSkip(page);
    await openWorkspace(page);
    await page.goto(`/month/${id}`);
    await expect.poll(() => page.getByRole('button', { name: 'Generate Content' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Generate Content' }).click();

    const overlay = page.getByRole('dialog', { name: `Generating content for ${label}` });
    const draft = overlay.getByTestId('generation-draft');
    // The model is held inside its first post: what the overlay shows can only be the text so far.
    await expect.poll(async () => ((await draft.isVisible()) ? await draft.textContent() : '')).toMatch(/^Writing now · .+Post 1 for \w+ on \w+ \d{4}-\d\d-\d/);
    const planned = planSlots({ ...month, strategy: DEFAULT_STRATEGY }).length;
    await expect(overlay.getByRole('status').textContent()).resolves.toBe(`0 of ${planned} posts written`);
    // Not a live region: a screen reader hears the count, not every word as it arrives.
    await expect(draft.getAttribute('aria-live')).resolves.toBeNull();
    expect(await draft.locator('[aria-live]').count()).toBe(0);
    await expectStillAccessible(page, 'generation overlay with the first words');
    // The overlay's own animations never end, so these are plain screenshots (screenshotSizes waits for them).
    await screenshot(page, 'generation-draft-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectStillAccessible(page, 'generation overlay with the first words at 390 px');
    await screenshot(page, 'generation-draft-phone');

    // The model goes on: the overlay moves to the posts written, then the calendar opens with the month.
    await page.setViewportSize({ width: 1280, height: 900 });
    ai.script({ hold: false });
    await page.waitForURL(/[?&]tab=calendar/);
    await expectCalendarMatches(page, planSlots({ ...month, strategy: DEFAULT_STRATEGY }));
    await context.close();
  }, 120_000);
});
