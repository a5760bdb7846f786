import { describe, expect, it } from 'vitest';
import type { ConnectOptions } from '@shared/schemas/publishing';
import { expectAccessible, newPage, screenshotSizes, useBrowser } from './support/browser';
import { seedConnection } from './support/database';
import { signUpAndSkip } from './support/users';

/**
 * A LinkedIn sign-in cannot be renewed without LinkedIn's approval, so it warns ahead of its 60 days:
 * in its row in Settings → Connections and in the dashboard's 'Needs attention', each with Reconnect.
 * The rows' health comes from the database through GET /api/connections.
 */
const browser = useBrowser();
const DAY = 86_400_000;

describe('a LinkedIn sign-in that ends soon', () => {
  it('warns in Settings and on the dashboard, urgently on its last day, with Reconnect', async () => {
    const { page } = await newPage(browser());
    const email = await signUpAndSkip(page);
    const now = Date.now();
    await seedConnection(email, {
      kind: 'linkedin',
      name: 'Dana Bright',
      target: 'www.linkedin.com',
      networks: ['linkedin'],
      accountId: 'urn:li:person:yrZCpj2Z12',
      tokenExpiresAt: new Date(now + 6 * DAY - 3_600_000).toISOString(),
    });
    await seedConnection(email, {
      kind: 'linkedin',
      name: 'Bright Smile Dental',
      target: 'www.linkedin.com',
      networks: [],
      accountId: 'urn:li:organization:5515715',
      tokenExpiresAt: new Date(now + 20 * 3_600_000).toISOString(),
    });
    const options: ConnectOptions = { providers: [{ provider: 'linkedin', available: true }] };
    await page.route('**/api/connections/providers', (route) => route.fulfill({ json: options }));

    await page.goto('/settings');
    const member = page.getByRole('region', { name: 'Connections' }).getByRole('listitem', { name: 'Dana Bright' });
    await expect.poll(() => member.getByText('Expires in 6 days', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => member.getByText('Reconnect to keep posting.').isVisible()).toBe(true);
    await expect.poll(() => member.getByRole('button', { name: 'Reconnect' }).isVisible()).toBe(true);
    await expectAccessible(page, 'settings with an expiring LinkedIn sign-in');
    await screenshotSizes(page, 'linkedin-expiry-settings', member);

    await page.goto('/dashboard');
    const warnings = page.getByRole('list', { name: 'Connections that need you' });
    await expect.poll(() => warnings.getByRole('listitem', { name: 'Dana Bright' }).getByText('Expires in 6 days', { exact: true }).isVisible()).toBe(true);
    const page2 = warnings.getByRole('listitem', { name: 'Bright Smile Dental' });
    await expect.poll(() => page2.getByText('Expires in 1 day', { exact: true }).isVisible()).toBe(true);
    expect(await warnings.getByRole('button', { name: 'Reconnect' }).count()).toBe(2);
    expect(await page.getByText('Nothing needs you').count()).toBe(0);
    await expectAccessible(page, 'dashboard with expiring LinkedIn sign-ins');
    await screenshotSizes(page, 'linkedin-expiry-dashboard', warnings);
  });
});
