import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, newPage, screenshot } from './support/browser';
import { PASSWORD, signUpThroughUi, uniqueEmail } from './support/users';

const browser = useBrowser();

async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
  expect(new URL(page.url()).pathname).toBe(path);
}

describe('signed out', () => {
  it('shows the login page with the spec texts and keeps everything else behind it', async () => {
    const { page, context } = await newPage(browser());
    await page.goto('/dashboard');
    await expectPath(page, '/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Login', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Email').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
    const button = page.getByRole('button', { name: 'Log In' });
    const [buttonBox, formBox] = await Promise.all([button.boundingBox(), page.locator('form').boundingBox()]);
    expect(buttonBox!.width).toBeGreaterThan(formBox!.width - 2);
    await expectAccessible(page, '/login');
    await screenshot(page, 'login');

    for (const path of ['/onboarding', '/workspace', '/month/2026-1', '/settings', '/nowhere']) {
      await page.goto(path);
      await expectPath(page, '/login');
    }
    await context.close();
  });

  it('says exactly why a sign-in failed', async () => {
    const { page, context } = await newPage(browser());
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Failed to log in. Please check your credentials.');
    await expectPath(page, '/login');
    await context.close();
  });
});

describe('a new user', () => {
  it('signs up, walks the four onboarding steps, submits, uses the dashboard, logs out and signs in again', async () => {
    const { page, context } = await newPage(browser());
    const email = await signUpThroughUi(page, uniqueEmail('walk'));

    // Until onboarding is done, everything leads back to it.
    await page.goto('/dashboard');
    await expectPath(page, '/onboarding');

    const steps = [
      ['Company Basics', 'Provide basic information about your company.'],
      ['Brand Details', 'Define your brand details and preferences.'],
      ['Audience Insights', 'Describe your target audience and business goals.'],
      ['Connect Accounts', 'Connect your accounts to integrate services.'],
    ];
    await expect.poll(() => page.getByRole('heading', { name: steps[0]![0] }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(steps[0]![1]!).isVisible()).toBe(true);
    await expect(page.getByRole('button', { name: 'Back' }).count()).resolves.toBe(0);
    await expect(page.locator('option').allTextContents()).resolves.toEqual(['Select Industry', 'Insurance', 'Dental']);
    await page.getByLabel('Your Name').fill('Dana Moss');
    await page.getByLabel('Company Name').fill('Bright Smile Dental');
    await page.getByPlaceholder('Describe your company in 2-3 sentences.').fill('A friendly family dental practice.');
    await page.getByLabel('Industry').selectOption('dental');
    await page.getByRole('checkbox', { name: 'professional' }).click();
    await page.getByRole('checkbox', { name: 'conversational' }).click();
    await expectAccessible(page, 'onboarding step 1');
    await screenshot(page, 'onboarding-1');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => page.getByRole('heading', { name: steps[1]![0] }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(steps[1]![1]!).isVisible()).toBe(true);
    await page.getByLabel('Website URL').fill('https://brightsmile.example');
    await expectAccessible(page, 'onboarding step 2');
    await screenshot(page, 'onboarding-2');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => page.getByRole('heading', { name: steps[2]![0] }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(steps[2]![1]!).isVisible()).toBe(true);
    await page.getByLabel('Target Audience').fill('Families nearby');
    await page.getByLabel('Brand Awareness').check();
    await expectAccessible(page, 'onboarding step 3');
    await screenshot(page, 'onboarding-3');
    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Website URL').inputValue()).resolves.toBe('https://brightsmile.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => page.getByRole('heading', { name: steps[3]![0] }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(steps[3]![1]!).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Connect Accounts Step').isVisible()).toBe(true);
    await expectAccessible(page, 'onboarding step 4');
    await screenshot(page, 'onboarding-4');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Save successful, redirecting...').isVisible()).toBe(true);
    await expect(page.getByText('Skip for now').count()).resolves.toBe(0);
    await expectPath(page, '/dashboard');

    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    const professional = page.getByRole('checkbox', { name: 'Professional' });
    const friendly = page.getByRole('checkbox', { name: 'Friendly' });
    await professional.click();
    await friendly.click();
    await expect(professional.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(friendly.getAttribute('aria-checked')).resolves.toBe('true');
    for (const link of ['Dashboard', 'Workspace', 'Media library', 'Analytics', 'Settings', 'Feedback']) {
      await expect.poll(() => page.getByRole('navigation').getByRole('link', { name: link }).isVisible()).toBe(true);
    }
    await expectAccessible(page, '/dashboard');
    await screenshot(page, 'dashboard');

    // Onboarding is done: its page now leads to the dashboard; unknown paths too.
    await page.goto('/onboarding');
    await expectPath(page, '/dashboard');
    await page.goto('/no-such-page');
    await expectPath(page, '/dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    await page.goto('/dashboard');
    await expectPath(page, '/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectPath(page, '/dashboard');
    await context.close();
  });

  it('can skip onboarding and still reach the dashboard', async () => {
    const { page, context } = await newPage(browser());
    await signUpThroughUi(page);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect.poll(() => page.getByText('Redirecting...').isVisible()).toBe(true);
    await expectPath(page, '/dashboard');
    await page.reload();
    await expectPath(page, '/dashboard');
    await context.close();
  });
});
