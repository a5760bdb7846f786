import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openWorkspace } from './users';

/**
 * A Facebook text post for `today`, made through the API, then scheduled at `time` in the editor drawer
 * as a person does it. Answers the post's id, its month and the drawer, still open.
 */
export async function scheduleTodayInEditor(
  page: Page,
  context: BrowserContext,
  serverUrl: string,
  { today, time, content }: { today: string; time: string; content: string },
): Promise<{ postId: string; monthId: string; drawer: Locator }> {
  const monthId = `${today.slice(0, 4)}-${Number(today.slice(5, 7))}`;
  await openWorkspace(page);
  const created = await context.request.post(`${serverUrl}/api/months/${monthId}/posts`, {
    headers: { origin: serverUrl },
    data: { mode: 'manual', date: today, platform: 'facebook', type: 'text', content, hashtags: ['#dental'] },
  });
  expect(created.status()).toBe(201);
  const postId = (await created.json()).id as string;
  await page.goto(`/month/${monthId}?tab=calendar&post=${postId}`);
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('checkbox', { name: 'facebook' }).check();
  await drawer.getByLabel('Time').fill(time);
  await drawer.getByRole('button', { name: 'Schedule Post' }).click();
  await expect.poll(() => drawer.getByText(`Scheduled for Facebook at ${time}.`).isVisible()).toBe(true);
  return { postId, monthId, drawer };
}
