import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';

import {
  launchChromium,
  openPage,
  screenshot,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { signIn, signInToDashboard } from './admin-pages';

/** The code an authenticator app shows for `secret` at `at`. */
const codeAt = (secret: string, at: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });

describe('the Security screen in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('has no serious accessibility violation, the setup with its QR code open', async () => {
    // axe is injected as an inline script: this page alone goes without the CSP.
    const { page } = await openPage(browser, site.url, { bypassCSP: true });
    await signInToDashboard(page);
    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByTestId('qr').waitFor();
    await expect(seriousAccessibilityViolations(page)).resolves.toEqual([]);
    await page.context().close();
  });

  // Before two-factor is turned on below, while the password alone signs in.
  it('offers no Remove for the only admin, and offers it once there is another', async () => {
    const { page, errors } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await page.goto('/admin/security');
    const admins = page.getByTestId('admin');
    await admins.first().waitFor();
    await expect(admins.count()).resolves.toBe(1);
    await admins.first().getByText('The only admin').waitFor();
    await expect(page.getByRole('button', { name: 'Remove' }).count()).resolves.toBe(0);

    await page.getByLabel("New admin's username").fill('second-admin');
    await page.getByRole('button', { name: 'Add admin' }).click();
    await page.getByTestId('temporary-password').waitFor();
    await expect(admins.count()).resolves.toBe(2);
    // The list's second render (after the refetch) may land a moment after the first: wait for it.
    await page.getByRole('button', { name: 'Remove' }).nth(1).waitFor();
    await expect(page.getByRole('button', { name: 'Remove' }).count()).resolves.toBe(2);

    page.once('dialog', (dialog) => void dialog.accept());
    await admins.filter({ hasText: 'second-admin' }).getByRole('button', { name: 'Remove' }).click();
    await admins.filter({ hasText: 'second-admin' }).waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Remove' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('turns two-factor sign-in on with the QR code’s secret, then signs out and in again with a code', async () => {
    const { page, errors } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await page.getByRole('link', { name: 'Security' }).click();
    await page.waitForURL(/\/admin\/security$/);
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    await page.getByText('Off: the password alone signs in.').waitFor();
    // This session is listed, named from the browser's user agent.
    await page.getByTestId('session').filter({ hasText: 'This session' }).getByText('Chrome on Linux').waitFor();

    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code is drawn: an SVG data URL the Content-Security-Policy lets through.
    const qr = page.getByTestId('qr');
    await qr.waitFor();
    await expect(qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).resolves.toBeGreaterThan(0);

    await page.getByLabel('The 6-digit code the app shows').fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    await expect(codes.count()).resolves.toBe(10);
    await screenshot(page, 'security-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('On: sign-in asks for a code from your authenticator app.').waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/admin\/login/);
    await signIn(page);
    const code = page.getByLabel('Code from your authenticator app');
    await code.waitFor();
    // The confirming code is used up: the app's next code (one step ahead is accepted).
    await code.fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    // Back where the owner was when signing out, signed in.
    await page.waitForURL(/\/admin\/security$/);
    await page.getByText('On: sign-in asks for a code from your authenticator app.').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
