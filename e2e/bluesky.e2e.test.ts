import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlueskyPds, type BlueskyAccount, type BlueskyPds } from '@testing/bluesky-pds';
import { startTestServer, type TestServer } from '@testing/test-server';
import { expectAccessible, newPage, screenshotSizes, useBrowser } from './support/browser';
import { signUpAndSkip, signUpThroughUi } from './support/users';

const browser = useBrowser();
let server: TestServer;
let pds: BlueskyPds;
let account: BlueskyAccount;

beforeAll(async () => {
  [server, pds] = await Promise.all([startTestServer({ PUBLISH_ALLOW_PRIVATE_URLS: 'true' }, {}, { webRoot: path.resolve('dist/web') }), startBlueskyPds()]);
  account = await pds.createAccount('brightsmile');
});
afterAll(async () => Promise.all([server?.close(), pds?.close()]));

const shoot = (page: Page, name: string) => screenshotSizes(page, `bluesky-${name}`);

describe('a Bluesky connection', () => {
  it('is added in Settings with a handle, an app password and the service, and Send test signs in to a real PDS', async () => {
    const { page, context } = await newPage(browser(), { baseUrl: server.url });
    await signUpAndSkip(page);
    await page.goto('/settings');
    const connections = page.getByRole('region', { name: 'Connections' });
    await expect.poll(() => connections.getByText('No connections yet.', { exact: false }).isVisible()).toBe(true);
    await connections.getByText('Bluesky', { exact: true }).click();
    const service = connections.getByLabel('Service address');
    await expect.poll(() => service.inputValue()).toBe('https://bsky.social');
    await expect.poll(() => connections.getByText('Settings → Privacy and security → App passwords', { exact: false }).isVisible()).toBe(true);

    await connections.getByLabel('Name').fill('Our Bluesky');
    await connections.getByLabel('Handle').fill('not a handle');
    await connections.getByLabel('App password').fill(account.appPassword);
    await service.fill(pds.url);
    await connections.getByRole('button', { name: 'Add connection' }).click();
    await expect.poll(() => connections.getByText('Enter your handle, such as name.bsky.social.').isVisible()).toBe(true);
    await shoot(page, 'form');

    await connections.getByLabel('Handle').fill(`@${account.handle}`);
    await connections.getByRole('button', { name: 'Add connection' }).click();
    const row = connections.getByRole('listitem', { name: 'Our Bluesky' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await expect.poll(() => row.getByText(`Bluesky at ${new URL(pds.url).host}`).isVisible()).toBe(true);
    // The form is empty again, the service back to its default, and the password nowhere on the page.
    await expect.poll(() => connections.getByLabel('App password').inputValue()).toBe('');
    await expect.poll(() => service.inputValue()).toBe('https://bsky.social');
    expect(await page.content()).not.toContain(account.appPassword);

    await row.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => page.getByText('Connected as @brightsmile.test.').isVisible()).toBe(true);
    await expectAccessible(page, 'settings with a Bluesky connection');
    await shoot(page, 'added');
    await context.close();
  });

  it('is offered by the same form in the onboarding step Connect Accounts', async () => {
    const { page, context } = await newPage(browser(), { baseUrl: server.url });
    await signUpThroughUi(page);
    await page.getByLabel('Your Name').fill('Dana Moss');
    await page.getByLabel('Company Name').fill('Bright Smile Dental');
    await page.getByPlaceholder('Describe your company in 2-3 sentences.').fill('A friendly family dental practice.');
    await page.getByLabel('Industry').selectOption('dental');
    await page.getByRole('checkbox', { name: 'professional' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Brand Details' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Audience Insights' }).isVisible()).toBe(true);
    await page.getByLabel('Target Audience').fill('Families nearby');
    await page.getByLabel('Brand Awareness').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Connect Accounts' }).isVisible()).toBe(true);

    // A secret typed for another kind does not follow into the Bluesky form.
    const kinds = page.getByRole('radiogroup', { name: 'Kind of connection' });
    await kinds.getByText('Mastodon', { exact: true }).click();
    await page.getByLabel('Access token').fill('mastodon-token-123');
    await kinds.getByText('Bluesky', { exact: true }).click();
    await expect.poll(() => page.getByLabel('Service address').inputValue()).toBe('https://bsky.social');
    await expect(page.getByLabel('App password').inputValue()).resolves.toBe('');
    await expect.poll(() => page.getByText('Settings → Privacy and security → App passwords', { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, 'onboarding with the Bluesky form');
    await shoot(page, 'onboarding');
    await context.close();
  });
});
