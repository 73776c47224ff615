import type { Locator, Page } from 'playwright-core';

import { ADMIN_PASSWORD } from '../../../tools/browser-testing/browser';

/** Signs the owner in through the login page (opening it first when the page is elsewhere). */
export async function signIn(page: Page, password = ADMIN_PASSWORD): Promise<void> {
  if (!/\/admin\/login/i.test(page.url())) await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in and waits for the dashboard. */
export async function signInToDashboard(page: Page): Promise<void> {
  await signIn(page);
  await page.waitForURL(/\/admin\/?$/);
}

/** Waits until the element shows exactly `text` (data arrives after the page renders). */
export function shows(locator: Locator, text: string): Promise<void> {
  return locator
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .first()
    .waitFor();
}
