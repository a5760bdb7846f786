import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createFactories } from '@testing/factories';
import { expectAccessible, newPage, screenshot, screenshotSizes, useBrowser } from './support/browser';
import { usePublishingServer } from './support/publishing-server';
import { scheduleTodayInEditor } from './support/scheduling';
import { signUpAndSkip } from './support/users';

const browser = useBrowser();

// The server runs in this process so the test moves its clock: ten o'clock today, UTC.
const { today, clock, server, receiver } = usePublishingServer('10:00');

/** Screenshots at desktop width, and at both widths, when SCREENSHOTS=1. */
const shoot = (page: Page, name: string) => screenshot(page, `publishing-${name}`);
const shootSizes = (page: Page, name: string) => screenshotSizes(page, `publishing-${name}`);

describe('publishing', () => {
  it('connects a webhook, schedules a post two minutes ahead and shows it published with its delivery log', async () => {
    const { page, context } = await newPage(browser(), { baseUrl: server().url });
    await signUpAndSkip(page);

    await page.goto('/settings');
    const connections = page.getByRole('region', { name: 'Connections' });
    await expect.poll(() => connections.getByText('No connections yet.', { exact: false }).isVisible()).toBe(true);
    await connections.getByLabel('Name').fill('Our n8n');
    // A bad address is refused by the server, in words, next to the field.
    await connections.getByLabel('Webhook URL').fill('ftp://example.com/hook');
    await connections.getByRole('button', { name: 'Add connection' }).click();
    await expect.poll(() => connections.getByText('The address must start with https://', { exact: false }).isVisible()).toBe(true);

    await connections.getByLabel('Webhook URL').fill(`${receiver().url}/hook`);
    await connections.getByPlaceholder('Pick networks').click();
    await page.getByRole('option', { name: 'Facebook' }).click();
    await page.keyboard.press('Escape');
    await connections.getByRole('button', { name: 'Add connection' }).click();
    const secret = connections.getByTestId('signing-secret');
    await expect.poll(() => secret.isVisible()).toBe(true);
    receiver().useSecret((await secret.textContent())!.trim());
    await expect.poll(() => connections.getByRole('listitem', { name: 'Our n8n' }).isVisible()).toBe(true);
    await connections.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => page.getByText('Test sent. The webhook accepted it (200).').isVisible()).toBe(true);
    expect(receiver().received.at(-1)).toMatchObject({ signed: true, body: { type: 'connection.test' } });
    await expectAccessible(page, 'settings with a connection');
    await shootSizes(page, 'settings');

    // A post today, scheduled in the editor for two minutes from the server's now.
    const { postId, monthId, drawer } = await scheduleTodayInEditor(page, context, server().url, {
      today,
      time: '10:02',
      content: 'Open late on Thursdays from now on.',
    });
    await expect.poll(() => drawer.getByRole('group', { name: 'Delivery' }).getByText('Scheduled', { exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    clock.set(`${today}T10:02:00Z`);
    await server().services.publisher.deliverDue();
    expect(receiver().posts()).toEqual([
      expect.objectContaining({ signed: true, body: expect.objectContaining({ data: expect.objectContaining({ postId }) }) }),
    ]);

    await page.goto(`/month/${monthId}?tab=scheduled`);
    const row = page.getByRole('button', { name: /Open scheduled post: Facebook at 10:02/ });
    await expect.poll(() => row.getByText('Published').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('list', { name: 'Delivery log' });
    await expect.poll(() => log.getByText('The webhook accepted it (200).', { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'View the live post' }).isVisible()).toBe(true);
    await expectAccessible(page, 'scheduled tab with a published post');
    await shootSizes(page, 'scheduled');

    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Going out next' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No posts are waiting to be published.').isVisible()).toBe(true);
    await expectAccessible(page, 'dashboard');
    await shoot(page, 'dashboard-desktop');
    await page.goto(`/month/${monthId}?tab=calendar`);
    await expect.poll(() => page.getByRole('button', { name: /Open post: Facebook post on .*, published/ }).isVisible()).toBe(true);
    await shoot(page, 'calendar-desktop');
    await context.close();
  });

  it('flags on the dashboard, ahead of their time, posts whose connection will not send them, and refuses scheduling through a disconnected one in words', async () => {
    const { page, context } = await newPage(browser(), { baseUrl: server().url });
    await signUpAndSkip(page);
    const call = async (method: 'post' | 'put', path: string, data: object) => {
      const answer = await context.request[method](`${server().url}${path}`, { headers: { origin: server().url }, data });
      expect(answer.ok()).toBe(true);
      return (await answer.json()) as Record<string, unknown>;
    };
    const created = await call('post', '/api/connections', { kind: 'webhook', name: 'Our n8n', url: `${receiver().url}/hook`, networks: ['facebook'] });
    const connectionId = (created.connection as { id: string }).id;
    const monthId = `${today.slice(0, 4)}-${Number(today.slice(5, 7))}`;
    const post = async (platform: string, content: string) =>
      (await call('post', `/api/months/${monthId}/posts`, { mode: 'manual', date: today, platform, type: 'text', content, hashtags: [] })).id as string;
    const facebook = await post('facebook', 'Closed on Monday for the holiday.');
    const instagram = await post('instagram', 'Meet our new hygienist, Sam.');
    const another = await post('facebook', 'Free check-ups for children this week.');
    await call('put', `/api/posts/${facebook}/schedule`, { platform: 'facebook', time: '18:00' });
    await call('put', `/api/posts/${instagram}/schedule`, { platform: 'instagram', time: '19:00' });
    await createFactories(server().database.db).connectionHealth(connectionId, {
      health: 'disconnected',
      healthReason: 'The account owner removed the app’s access.',
    });

    await page.goto('/dashboard');
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await expect.poll(() => attention.getByText('Disconnected', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => attention.getByText('the connection “Our n8n” is disconnected', { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => attention.getByText('No connection sends Instagram posts', { exact: false }).isVisible()).toBe(true);
    expect(await attention.getByRole('link', { name: 'Open Settings → Connections' }).count()).toBe(2);
    await expectAccessible(page, 'dashboard with posts at risk');
    await shootSizes(page, 'at-risk-dashboard');

    await page.goto(`/month/${monthId}?tab=calendar&post=${another}`);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('checkbox', { name: 'facebook' }).check();
    await drawer.getByRole('button', { name: 'Schedule Post' }).click();
    const refusal = drawer.getByRole('alert').filter({ hasText: 'Not scheduled' });
    await expect.poll(() => refusal.getByText('Reconnect it in Settings → Connections', { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => refusal.getByRole('link', { name: 'Open Settings → Connections' }).isVisible()).toBe(true);
    await expectAccessible(page, 'editor with a scheduling refused');
    await shoot(page, 'at-risk-editor-refused');
    await context.close();
  });
});
