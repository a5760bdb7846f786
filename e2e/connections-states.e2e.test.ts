import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OAUTH_PROVIDERS, type Connection, type ConnectOptions, type OAuthGrant } from '@shared/schemas/publishing';
import { baseUrl, expectAccessible, newPage, screenshotSizes, useBrowser } from './support/browser';
import { seedConnection } from './support/database';
import { signUpAndSkip, signUpThroughUi } from './support/users';

/**
 * Settings → Connections and the onboarding step, in every state they show: the rows' health read
 * from the database through GET /api/connections, and the sign-in screens (Connect buttons, the
 * account picker, the sentences for a failed sign-in) driven through their API contract
 * (shared/schemas/publishing.ts), answered here by the browser so the screens are checked on their own.
 * connections-oauth.e2e.test.ts walks the same screens against the real server and Meta's stand-in.
 */
const browser = useBrowser();
const DAY = 86_400_000;

/** The whole page at desktop and phone widths, and the part that matters (`part`) close up, when SCREENSHOTS=1. */
const shoot = (page: Page, name: string, part?: Locator) => screenshotSizes(page, `connections-${name}`, part);

/** Answers GET /api/connections/providers with these providers available (the others not configured). */
async function offer(page: Page, available: ConnectOptions['providers'][number]['provider'][]) {
  const options: ConnectOptions = {
    providers: OAUTH_PROVIDERS.map((provider) => ({ provider, available: available.includes(provider) })),
  };
  await page.route('**/api/connections/providers', (route) => route.fulfill({ json: options }));
}

/** Answers the sign-in routes: start sends the browser straight back with `grant`, and the pick is recorded. */
async function answerSignIn(page: Page, grant: OAuthGrant, returnTo: string, connected: (pick: unknown) => Connection[]) {
  const starts: unknown[] = [];
  const picks: unknown[] = [];
  await page.route('**/api/connections/oauth/start', async (route: Route) => {
    starts.push(route.request().postDataJSON());
    await route.fulfill({ json: { authorizeUrl: `${baseUrl()}/${returnTo}?connect=${grant.id}` } });
  });
  await page.route(`**/api/connections/oauth/grants/${grant.id}`, async (route: Route) => {
    if (route.request().method() === 'GET') return route.fulfill({ json: grant });
    const pick: unknown = route.request().postDataJSON();
    picks.push(pick);
    return route.fulfill({ json: connected(pick) });
  });
  return { starts, picks };
}

describe('connections', () => {
  it('show each health in Settings, reconnect through the picker and say why a sign-in failed', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpAndSkip(page);
    const now = Date.now();
    const facebookId = await seedConnection(email, {
      kind: 'facebook',
      name: 'Bright Smile Dental',
      target: 'graph.facebook.com',
      networks: ['facebook'],
      accountId: '102000000000001',
      tokenExpiresAt: new Date(now + 50 * DAY).toISOString(),
    });
    await seedConnection(email, {
      kind: 'instagram',
      name: 'brightsmile',
      target: 'graph.facebook.com',
      networks: ['instagram'],
      accountId: '17841400000000001',
      tokenExpiresAt: new Date(now + 5 * DAY - 3_600_000).toISOString(),
    });
    const threadsId = await seedConnection(email, {
      kind: 'threads',
      name: 'brightsmile on Threads',
      target: 'graph.threads.net',
      networks: ['threads'],
      accountId: '25000000000000001',
      health: 'disconnected',
      healthReason: 'Threads no longer accepts the sign-in: it expired or access was removed (code 190). Reconnect to publish again.',
    });
    await seedConnection(email, { kind: 'webhook', name: 'Our n8n', target: 'hooks.example.com', networks: ['linkedin'] });
    await offer(page, ['facebook', 'threads']);

    await page.goto('/settings');
    const connections = page.getByRole('region', { name: 'Connections' });
    const facebook = connections.getByRole('listitem', { name: 'Bright Smile Dental' });
    const instagram = connections.getByRole('listitem', { name: 'brightsmile', exact: true });
    const threads = connections.getByRole('listitem', { name: 'brightsmile on Threads' });
    const webhook = connections.getByRole('listitem', { name: 'Our n8n' });
    await expect.poll(() => facebook.getByText('Healthy', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => facebook.getByText('Facebook Page', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => instagram.getByText('Expires in 5 days', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => instagram.getByText('Instagram account', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => threads.getByText('Disconnected: reconnect').isVisible()).toBe(true);
    await expect.poll(() => threads.getByText('Threads no longer accepts the sign-in', { exact: false }).isVisible()).toBe(true);
    // A webhook shows its host and no health while it is fine, and has nothing to reconnect.
    await expect.poll(() => webhook.getByText('Webhook to hooks.example.com').isVisible()).toBe(true);
    expect(await webhook.getByText('Healthy').count()).toBe(0);
    expect(await webhook.getByRole('button', { name: 'Reconnect' }).count()).toBe(0);
    // Instagram reconnects through Facebook, the one of its sign-ins enabled here.
    for (const row of [facebook, instagram, threads]) await expect.poll(() => row.getByRole('button', { name: 'Reconnect' }).isVisible()).toBe(true);
    await expect.poll(() => connections.getByRole('button', { name: 'Connect Facebook Page' }).isVisible()).toBe(true);
    await expect.poll(() => connections.getByRole('button', { name: 'Connect Threads' }).isVisible()).toBe(true);
    expect(await connections.getByRole('button', { name: 'Connect Instagram' }).count()).toBe(0);
    await expect
      .poll(() =>
        connections
          .getByText(
            "Connecting Instagram, LinkedIn, X/Twitter and Google Business Profile directly is not enabled on this server; its administrator can enable it (see docs/publishing.md, 'Connecting accounts by signing in').",
          )
          .isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, 'settings with connections in each health');
    await shoot(page, 'health', connections);

    // Reconnect: the sign-in names the connection, and the picker marks the account as connected.
    const grant: OAuthGrant = {
      id: 'grant-threads-1',
      provider: 'threads',
      accounts: [{ accountId: '25000000000000001', kind: 'threads', name: 'brightsmile on Threads', connectionId: threadsId }],
      expiresAt: new Date(now + 600_000).toISOString(),
    };
    const renewed = await answerSignIn(page, grant, 'settings', () => [
      {
        id: threadsId,
        kind: 'threads',
        name: 'brightsmile on Threads',
        host: 'graph.threads.net',
        networks: ['threads'],
        health: { state: 'healthy', reason: null, expiresAt: new Date(now + 60 * DAY).toISOString() },
        createdAt: new Date(now).toISOString(),
      },
    ]);
    await threads.getByRole('button', { name: 'Reconnect' }).click();
    await page.waitForURL(`**/settings?connect=${grant.id}`);
    expect(renewed.starts).toEqual([{ provider: 'threads', connectionId: threadsId, returnTo: 'settings' }]);
    const picker = page.getByRole('dialog', { name: 'Choose the accounts to connect' });
    await expect.poll(() => picker.getByText('Connected — connecting again renews it').isVisible()).toBe(true);
    await expect.poll(() => picker.getByRole('checkbox', { name: 'brightsmile on Threads' }).isChecked()).toBe(true);
    await expectAccessible(page, 'the account picker renewing a connection');
    await shoot(page, 'picker-renew', picker);
    await picker.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByText('brightsmile on Threads is connected.', { exact: false }).isVisible()).toBe(true);
    // It keeps the networks the connection has.
    expect(renewed.picks).toEqual([{ accounts: [{ accountId: '25000000000000001', kind: 'threads', networks: ['threads'] }] }]);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => picker.isVisible()).toBe(false);
    expect(facebookId).not.toBe(threadsId);

    // A sign-in that came back failed: a sentence with what to do, dismissed with the address cleaned.
    await page.goto('/settings?connect_error=oauth_failed');
    const failed = connections.getByRole('alert').filter({ hasText: 'Nothing was connected' });
    await expect.poll(() => failed.getByText('The sign-in did not finish, so nothing was connected', { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, 'settings after a failed sign-in');
    await shoot(page, 'failed', connections);
    await failed.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.goto('/settings?connect_error=oauth_missing_permission');
    await expect.poll(() => connections.getByText('A permission that publishing needs was turned off', { exact: false }).isVisible()).toBe(true);
    await page.goto('/settings?connect_error=constructor');
    await expect.poll(() => connections.getByText('Connecting did not finish, so nothing was connected. Press Connect again.').isVisible()).toBe(true);
    await page.goto('/settings?connect_error=provider_unavailable');
    await expect.poll(() => connections.getByText('Connecting that network is not enabled on this server', { exact: false }).isVisible()).toBe(true);
    await context.close();
  });

  it('say in one sentence that none can be connected when the server enables no sign-in, and handle an expired sign-in', async () => {
    const { page, context } = await newPage(browser());
    await signUpAndSkip(page);
    await offer(page, []);
    await page.route('**/api/connections/oauth/grants/*', (route) =>
      route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'This sign-in is not there.' } } }),
    );
    await page.goto('/settings');
    const connections = page.getByRole('region', { name: 'Connections' });
    await expect.poll(() => connections.getByText('No connections yet.', { exact: false }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        connections
          .getByText('Connecting Facebook, Instagram, Threads, LinkedIn, X/Twitter and Google Business Profile directly is not enabled on this server', {
            exact: false,
          })
          .isVisible(),
      )
      .toBe(true);
    expect(await connections.getByRole('button', { name: /^Connect / }).count()).toBe(0);
    await shoot(page, 'none-enabled', connections);

    await page.goto('/settings?connect=grant-gone');
    const picker = page.getByRole('dialog', { name: 'Choose the accounts to connect' });
    await expect.poll(() => picker.getByText('This sign-in has expired or was already used', { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, 'the picker of an expired sign-in');
    await shoot(page, 'picker-expired', picker);
    // The footer's Close (the corner's button is named Close too).
    await picker.getByText('Close', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('offer the Connect buttons in the onboarding step, and come back to it with the answers kept and the picker open', async () => {
    const { page, context } = await newPage(browser());
    await signUpThroughUi(page);
    await offer(page, [...OAUTH_PROVIDERS]);
    const grant: OAuthGrant = {
      id: 'grant-facebook-1',
      provider: 'facebook',
      accounts: [
        { accountId: '102000000000001', kind: 'facebook', name: 'Bright Smile Dental', connectionId: null },
        { accountId: '17841400000000001', kind: 'instagram', name: 'brightsmile', connectionId: null },
      ],
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
    const signIn = await answerSignIn(page, grant, 'onboarding', () => [
      {
        id: 'c1',
        kind: 'facebook',
        name: 'Bright Smile Dental',
        host: 'graph.facebook.com',
        networks: ['facebook'],
        health: { state: 'healthy', reason: null, expiresAt: null },
        createdAt: new Date().toISOString(),
      },
    ]);
    await page.getByLabel('Company Name').fill('Bright Smile Dental');
    for (const heading of ['Brand Details', 'Audience Insights', 'Connect Accounts']) {
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
    }
    await expect.poll(() => page.getByText('Connect Accounts Step').isVisible()).toBe(true);
    for (const name of ['Connect Facebook Page', 'Connect Instagram', 'Connect Threads', 'Connect LinkedIn', 'Connect X', 'Connect Google Business Profile'])
      await expect.poll(() => page.getByRole('button', { name }).isVisible()).toBe(true);
    expect(await page.getByText('is not enabled on this server', { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'onboarding with the Connect buttons');
    await shoot(page, 'onboarding');

    await page.getByRole('button', { name: 'Connect Facebook Page' }).click();
    await page.waitForURL(`**/onboarding?connect=${grant.id}`);
    expect(signIn.starts).toEqual([{ provider: 'facebook', returnTo: 'onboarding' }]);
    const picker = page.getByRole('dialog', { name: 'Choose the accounts to connect' });
    const pageBox = picker.getByRole('checkbox', { name: 'Bright Smile Dental' });
    await expect.poll(() => pageBox.isVisible()).toBe(true);
    // Two accounts: none is ticked for the person, and Connect waits for one.
    expect(await pageBox.isChecked()).toBe(false);
    await expect.poll(() => picker.getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    await pageBox.check();
    await expect.poll(() => picker.getByText('Facebook', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'the account picker in onboarding');
    await shoot(page, 'picker-onboarding', picker);
    await picker.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByText('Bright Smile Dental is connected.', { exact: false }).isVisible()).toBe(true);
    expect(signIn.picks).toEqual([{ accounts: [{ accountId: '102000000000001', kind: 'facebook', networks: ['facebook'] }] }]);
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // Still the last step, with the answers given before the sign-in.
    await expect.poll(() => page.getByRole('heading', { name: 'Connect Accounts' }).isVisible()).toBe(true);
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.getByLabel('Company Name').inputValue()).toBe('Bright Smile Dental');
    await context.close();
  });
});
