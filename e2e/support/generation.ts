import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PostSlot } from '@shared/domain/slot-planner';
import { expectAccessible } from './browser';

/** Waits until no finite animation or transition has run for a moment: axe reads colours mid-fade otherwise. */
async function afterTransitions(page: Page) {
  await page.waitForFunction(
    () => {
      const state = window as unknown as { __stillSince?: number };
      const moving = document
        .getAnimations()
        .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
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
export async function expectStillAccessible(page: Page, label: string) {
  await afterTransitions(page);
  await expectAccessible(page, label);
}

/** Records what the overlay and the button showed, however briefly: installed before clicking. */
export async function watchGeneration(page: Page) {
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

export async function seenDuringGeneration(page: Page) {
  return page.evaluate(() => (window as unknown as { __seen: { overlay: string[]; busyButton: boolean } }).__seen);
}

/** Every "k of N posts written" the overlay showed, as numbers k. */
export function writtenCounts(texts: string[], planned: number): number[] {
  return texts.flatMap((text) => [...text.matchAll(new RegExp(`(\\d+) of ${planned} posts? written`, 'g'))].map((match) => Number(match[1])));
}

/** The k of the overlay's "k of N posts written" right now; -1 while it shows none. */
export async function shownWritten(overlay: Locator, planned: number): Promise<number> {
  const text = (await overlay.textContent().catch(() => '')) ?? '';
  return writtenCounts([text], planned)[0] ?? -1;
}

/** Each planned day shows its platform pills; days without a slot show none. */
export async function expectCalendarMatches(page: Page, expected: Pick<PostSlot, 'date' | 'platform'>[]) {
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
  const withPills = await page
    .locator('[data-in-month="true"]')
    .evaluateAll((cells) =>
      cells.filter((cell) => /facebook|twitter|instagram|linkedin|bluesky|mastodon/.test(cell.textContent ?? '')).map((cell) => cell.getAttribute('data-date')),
    );
  expect(withPills.sort()).toEqual([...byDay.keys()].sort());
}
