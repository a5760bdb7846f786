import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaServer } from '@testing/meta/meta-server';
import { createTestClock } from '@testing/test-clock';
import { startTestServer, type TestServer } from '@testing/test-server';
import { expectAccessible, newPage, screenshotSizes, useBrowser } from './support/browser';
import { scheduleTodayInEditor } from './support/scheduling';
import { signUpAndSkip } from './support/users';

/**
 * A Facebook Page connected the way a person does it: Connect Facebook Page, Meta's consent page (the
 * stand-in's, with Allow and Cancel), the account picker, then a post scheduled two minutes ahead on
 * the server's clock and published to the Page with its live link. The server runs in this process to
 * move its clock, with the Facebook app pointed at the stand-in.
 */
const browser = useBrowser();
const today = new Date().toISOString().slice(0, 10);
const clock = createTestClock(`${today}T10:00:00Z`);
let meta: Awaited<ReturnType<typeof startMetaServer>>;
let server: TestServer;

beforeAll(async () => {
  meta = await startMetaServer({ now: clock.now });
  server = await startTestServer(
    {
      PUBLISH_ALLOW_PRIVATE_URLS: 'true',
      FACEBOOK_CLIENT_ID: meta.apps.facebook.id,
      FACEBOOK_CLIENT_SECRET: meta.apps.facebook.secret,
      FACEBOOK_API_URL: meta.urls.graph,
      FACEBOOK_AUTH_URL: meta.urls.facebook,
    },
    {},
    { now: clock.now, webRoot: path.resolve('dist/web') },
  );
});
afterAll(async () => Promise.all([server?.close(), meta?.close()]));

const shoot = (page: Page, name: string) => screenshotSizes(page, `connections-oauth-${name}`);

/**
 * The app's redirect address is the server's to choose: whatever the browser brings to Meta's dialog is
 * added to the app's Valid OAuth Redirect URIs, as the operator does once in Meta's dashboard.
 */
async function registerRedirects(page: Page) {
  await page.route(`${meta.urls.facebook}/**`, async (route) => {
    const redirectUri = new URL(route.request().url()).searchParams.get('redirect_uri');
    if (redirectUri && !meta.apps.facebook.redirectUris.includes(redirectUri)) meta.allowRedirectUri(redirectUri);
    await route.continue();
  });
}

/** A person just signed up, on Settings, with the browser's redirects to Meta's dialog registered. */
async function newPersonOnSettings() {
  const { page, context } = await newPage(browser(), { baseUrl: server.url });
  await registerRedirects(page);
  await signUpAndSkip(page);
  await page.goto('/settings');
  return { page, context, connections: page.getByRole('region', { name: 'Connections' }) };
}

const backOn = (screen: string, param: string) => (url: URL) => url.pathname === `/${screen}` && url.searchParams.has(param);

describe('a Facebook Page connected by signing in', () => {
  it('is picked after Meta’s consent page, publishes a post scheduled two minutes ahead with its live link, and shows Healthy in Settings', async () => {
    const { page, context, connections } = await newPersonOnSettings();
    await expect.poll(() => connections.getByRole('button', { name: 'Connect Facebook Page' }).isVisible()).toBe(true);
    // Only Facebook's app is configured: the others are named in one sentence.
    await expect
      .poll(() =>
        connections
          .getByText('Connecting Instagram, Threads, LinkedIn, X/Twitter and Google Business Profile directly is not enabled on this server', { exact: false })
          .isVisible(),
      )
      .toBe(true);

    await connections.getByRole('button', { name: 'Connect Facebook Page' }).click();
    await page.waitForURL((url) => url.href.startsWith(meta.urls.facebook));
    await expect.poll(() => page.getByRole('heading', { name: 'Bench planner is requesting access' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(backOn('settings', 'connect'));

    const picker = page.getByRole('dialog', { name: 'Choose the accounts to connect' });
    const pageBox = picker.getByRole('checkbox', { name: meta.accounts.page.name });
    await expect.poll(() => pageBox.isVisible()).toBe(true);
    await pageBox.check();
    await expectAccessible(page, 'the account picker after Facebook');
    await shoot(page, 'picker');
    await picker.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByText(`${meta.accounts.page.name} is connected.`, { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.has('connect')).toBe(false);
    const row = connections.getByRole('listitem', { name: meta.accounts.page.name });
    await expect.poll(() => row.getByText('Facebook Page', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Healthy', { exact: true }).isVisible()).toBe(true);

    // A post today, scheduled in the editor for two minutes from the server's now.
    const { monthId } = await scheduleTodayInEditor(page, context, server.url, { today, time: '10:02', content: 'Open late on Thursdays from now on.' });
    await page.keyboard.press('Escape');

    clock.set(`${today}T10:02:00Z`);
    await server.services.publisher.deliverDue();
    const onPage = meta.postsOf(meta.accounts.page.id);
    expect(onPage).toHaveLength(1);
    expect(onPage[0]!.text).toContain('Open late on Thursdays from now on.');

    await page.goto(`/month/${monthId}?tab=scheduled`);
    const scheduled = page.getByRole('button', { name: /Open scheduled post: Facebook at 10:02/ });
    await expect.poll(() => scheduled.getByText('Published').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delivery log' }).click();
    const live = page.getByRole('link', { name: 'View the live post' });
    await expect.poll(() => live.isVisible()).toBe(true);
    expect(await live.getAttribute('href')).toBe(onPage[0]!.permalink);
    await expectAccessible(page, 'the scheduled tab with a post published to the Page');
    await shoot(page, 'published');

    await page.goto('/settings');
    await expect.poll(() => row.getByText('Healthy', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'settings with a connected Facebook Page');
    await shoot(page, 'settings');
    await context.close();
  });

  it('says in a sentence that nothing was connected when the person presses Cancel on Meta’s page', async () => {
    const { page, context, connections } = await newPersonOnSettings();
    await connections.getByRole('button', { name: 'Connect Facebook Page' }).click();
    await page.waitForURL((url) => url.href.startsWith(meta.urls.facebook));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(backOn('settings', 'connect_error'));
    expect(new URL(page.url()).searchParams.get('connect_error')).toBe('oauth_denied');
    await expect
      .poll(() => connections.getByText("The sign-in was cancelled on the network's page, so nothing was connected.", { exact: false }).isVisible())
      .toBe(true);
    expect(await connections.getByRole('listitem').count()).toBe(0);
    await expectAccessible(page, 'settings after a cancelled sign-in');
    await context.close();
  });
});
