import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

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
 * the SMTP server's reason, Resend sends it. The reader follows the email's link to its landing
 * page and downloads their stamped copy with the button; the count follows. The owner revokes
 * the link, and the reader's page says so.
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

  it("shows a failed email with its reason, resends it, counts the button's download, and revokes the link", async () => {
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

    // The reader follows the email's link: a landing page, then the button, then their copy.
    const [email] = await smtp.parsed();
    expect(smtp.received).toHaveLength(1);
    const path = /\/download\/[A-Za-z0-9_-]{43}/.exec(email?.text ?? '')?.[0] ?? '';
    const reader = await openPage(browser, site.url);
    const landing = await reader.page.goto(path);
    expect(landing?.status()).toBe(200);
    await reader.page.getByRole('heading', { name: 'Your copy of Root Access' }).waitFor();
    await reader.page.getByText('This link allows 5 more downloads').waitFor();
    await screenshot(reader.page, 'download-landing-page');
    await page.reload();
    await state.filter({ hasText: /· downloaded 0 times$/ }).waitFor(); // opening the page counted nothing
    const [download] = await Promise.all([
      reader.page.waitForEvent('download'),
      reader.page.getByRole('button', { name: 'Download your copy' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('root-access-ada-lovelace.pdf');
    const file = join(mkdtempSync(join(tmpdir(), 'memoir-download-')), 'copy.pdf');
    await download.saveAs(file);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Prepared for Ada Lovelace');
    rmSync(dirname(file), { recursive: true, force: true });
    expect(reader.errors).toEqual([]);
    await page.reload();
    await state.filter({ hasText: /· downloaded 1 time$/ }).waitFor();
    await screenshot(page, 'admin-delivery-sent');

    // The owner revokes the link, confirming first; the reader's page then says so.
    await card.getByRole('button', { name: 'Revoke download link' }).click();
    await card.getByText('Revoke the download link?').waitFor();
    await card.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.locator('.toast', { hasText: 'Download link revoked' }).first().waitFor();
    await state.filter({ hasText: /· downloaded 1 time · link revoked$/ }).waitFor();
    await expect(card.getByRole('button', { name: 'Revoke download link' }).count()).resolves.toBe(0);
    const withdrawn = await reader.page.goto(path);
    expect(withdrawn?.status()).toBe(410);
    await reader.page.getByRole('heading', { name: 'This download link has been withdrawn' }).waitFor();
    await reader.page.getByText('reply to the email that brought you here').waitFor();
    await reader.page.context().close();

    await page.goto('/admin/logs');
    await page.getByText('RESEND', { exact: true }).first().waitFor();
    await page.getByText('REVOKE_LINK', { exact: true }).first().waitFor();
    await page.context().close();
  }, 60_000);
});
