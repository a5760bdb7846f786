import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}; install it with: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** One Chromium per test file: launched before its tests, closed after. Call at the top of the file. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

/** A fresh context and page; `baseUrl` points it at another server than the shared one (e.g. one with a model). */
export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; timezoneId?: string; baseUrl?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseUrl ?? baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    timezoneId: options.timezoneId ?? 'UTC',
    locale: 'en-US',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Fails the test on any serious or critical axe violation, listing them. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Colours are only final once fades (toasts, modals) have finished.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const summary = serious.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        // The element's own markup too: a node gone by the time axe names it is named ':root'.
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`)
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary, `axe violations on ${label}: ${summary.join(' | ')}`).toEqual([]);
}

/** Screenshots for looking at, written to screenshots/ (git-ignored) when SCREENSHOTS=1. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  const folder = path.resolve('screenshots');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

/** Waits two frames and for every running animation (a drawer sliding in, a notification fading) to end. */
export const settled = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });

/**
 * Screenshots of the whole page (or, with `viewportOnly`, of the screen as shown: sticky parts where they
 * are) at desktop and phone width once the page has settled, and of `part` close up, named
 * `<name>-desktop` and `<name>-phone`, when SCREENSHOTS=1; the page is left at desktop width, or at
 * phone width with `endAtPhone`.
 */
export async function screenshotSizes(
  page: Page,
  name: string,
  part?: Locator,
  { viewportOnly = false, endAtPhone = false }: { viewportOnly?: boolean; endAtPhone?: boolean } = {},
): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(path.resolve('screenshots'), { recursive: true });
  for (const [width, height, device] of [
    [1280, 800, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await page.screenshot({ path: path.resolve('screenshots', `${name}-${device}.png`), fullPage: !viewportOnly });
    if (part) await part.screenshot({ path: path.resolve('screenshots', `${name}-${device}-part.png`) });
  }
  if (endAtPhone) return;
  await page.setViewportSize({ width: 1280, height: 800 });
  await settled(page);
}
