import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSmtpServer, type TestSmtpServer } from '@memoir/mail/testing';
import type { Browser, Page } from 'playwright-core';

import {
  ADMIN_PASSWORD,
  launchChromium,
  openPage,
  post,
  screenshot,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';

/**
 * The owner follows the PDF's email in the admin app: a refused send retries and fails with
 * the SMTP server's reason, Resend sends it, and the download count follows the link.
 */
describe('delivery state and Resend in Chromium', () => {
  let smtp: TestSmtpServer;
  let site: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    site = await startSiteServer({
      SMTP_URL: smtp.url,
      DELIVERY_POLL_INTERVAL: '100ms',
      DELIVERY_MAX_ATTEMPTS: '2',
      DELIVERY_RETRY_DELAY: '200ms',
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await smtp?.close();
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/?$/);
  }

  it('shows a failed email with its reason, resends it, and counts the download', async () => {
    smtp.refuseWith = { code: 550, message: 'No such mailbox here' };
    await post(site.url, '/api/scholarship-request', {
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      riddleAnswer: 'kernel',
    });
    const { page } = await openPage(browser, site.url);
    await signIn(page);
    await page.getByTestId('scholarships-overdue').filter({ hasText: /^0$/ }).waitFor();
    await page.getByRole('link', { name: 'Manage Requests' }).click();

    const card = page.getByTestId('scholarship-request').filter({ hasText: 'Ada Lovelace' });
    await card.getByRole('button', { name: 'Review' }).click();
    await card.getByRole('button', { name: 'Submit Decision' }).click();
    const state = card.getByTestId('delivery-state');
    // The list refreshes itself while the email is queued: the failure appears on its own.
    await state.filter({ hasText: /failed after 2 times: .*550.*No such mailbox here/ }).waitFor({ timeout: 15_000 });
    await expect(card.locator('.delivery-failed').count()).resolves.toBe(1);
    await screenshot(page, 'admin-delivery-failed');

    smtp.refuseWith = null;
    await card.getByRole('button', { name: 'Resend' }).click();
    await page.locator('.toast', { hasText: 'Email queued' }).first().waitFor();
    await state.filter({ hasText: /^PDF email sent .* · downloaded 0 times$/ }).waitFor({ timeout: 15_000 });
    await expect(card.getByRole('button', { name: 'Resend' }).isEnabled()).resolves.toBe(true);

    const [email] = await smtp.parsed();
    expect(smtp.received).toHaveLength(1);
    const path = /\/download\/[A-Za-z0-9_-]{43}/.exec(email?.text ?? '')?.[0] ?? '';
    const download = await fetch(`${site.url}${path}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    await page.reload();
    await state.filter({ hasText: /· downloaded 1 time$/ }).waitFor();
    await screenshot(page, 'admin-delivery-sent');

    await page.goto('/admin/logs');
    await page.getByText('RESEND', { exact: true }).first().waitFor();
    await page.context().close();
  }, 60_000);
});
