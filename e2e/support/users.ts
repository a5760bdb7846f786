import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const PASSWORD = 'a-long-test-password-7';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** Creates an account through the login page's "Create account" mode; ends on /onboarding. */
export async function signUpThroughUi(page: Page, email = uniqueEmail()): Promise<string> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/onboarding');
  return email;
}

/** Signs up and skips onboarding: the quickest way to a signed-in dashboard. */
export async function signUpAndSkip(page: Page): Promise<string> {
  const email = await signUpThroughUi(page);
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.waitForURL('**/dashboard');
  await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
  return email;
}

/**
 * Waits until the workspace on screen has read its months (a visit creates this month and the next):
 * 'Upcoming Months' shows only then; the loading state already shows 'Active Months'.
 */
export async function workspaceRead(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { name: 'Upcoming Months' }).isVisible()).toBe(true);
}

/** Opens the workspace and waits until its months are read. */
export async function openWorkspace(page: Page): Promise<void> {
  await page.goto('/workspace');
  await workspaceRead(page);
}
