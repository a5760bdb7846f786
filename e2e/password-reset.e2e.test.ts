import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '@testing/smtp-inbox';
import { expectAccessible, newPage, screenshotSizes, useBrowser } from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { PASSWORD, signUpThroughUi, uniqueEmail } from './support/users';

const browser = useBrowser();
const NEW_PASSWORD = 'a-fresh-password-after-reset-3';
let inbox: SmtpInbox;
let server: BuiltServer;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startBuiltServer({ SMTP_URL: inbox.url, MAIL_FROM: 'Content Planner <planner@example.com>' });
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

describe('a forgotten password', () => {
  it('is reset from the e-mailed link: the new password signs in, the old one does not', async () => {
    const { page, context } = await newPage(browser(), { baseUrl: server.baseUrl });
    const email = await signUpThroughUi(page, uniqueEmail('reset'));
    await context.clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/login?step=forgot');
    await expect.poll(() => page.getByRole('heading', { name: 'Reset your password' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByText('Enter a valid email address.').isVisible()).toBe(true);
    await expectAccessible(page, 'forgot password, with an error');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain(`If an account uses ${email}, a link to set a new password is on its way.`);
    await expectAccessible(page, 'forgot password, sent');
    await screenshotSizes(page, 'forgot-password');

    const [message] = await inbox.waitForMessages(1);
    expect(message!.envelopeTo).toEqual([email]);
    const link = (message!.parsed.text ?? '').split('\n').find((line) => line.startsWith(`${server.baseUrl}/api/auth/reset-password/`));
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('step') === 'reset');
    await expect.poll(() => page.getByRole('heading', { name: 'Choose a new password' }).isVisible()).toBe(true);
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByText('Use at least 8 characters.').isVisible()).toBe(true);
    await expectAccessible(page, 'new password, with an error');
    await screenshotSizes(page, 'new-password');
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Log in with your new password.');

    // The old password no longer signs in; the new one does.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Failed to log in. Please check your credentials.');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');

    // The link was used: opening it again says so, and offers a new one.
    await context.clearCookies();
    await page.goto(link!);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('This link has expired or was already used.');
    await expect.poll(() => page.getByRole('link', { name: 'Send a new link' }).isVisible()).toBe(true);
    await expectAccessible(page, 'spent link');
    expect(inbox.messages).toHaveLength(1);
    await context.close();
  });

  it('has no "Forgot password?" link where the server sends no e-mail', async () => {
    const { page, context } = await newPage(browser());
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/login-options'));
    await page.goto('/login');
    expect(await (await asked).json()).toEqual({ passwordReset: false });
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Forgot password?' }).count()).toBe(0);
    await context.close();
  });
});
