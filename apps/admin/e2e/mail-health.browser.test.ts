import { generateKeyPairSync } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dkimTxtRecord } from '@memoir/mail';
import { startTestDnsServer, type TestDnsServer } from '@memoir/mail/testing';
import type { Browser } from 'playwright-core';

import {
  launchChromium,
  openPage,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { signInToDashboard } from './admin-pages';

/** The Mail health screen on the built server, its DNS served by the test (DNS_SERVER). */
describe('the Mail health screen in Chromium', () => {
  let dns: TestDnsServer;
  let site: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    dns = await startTestDnsServer({
      'rootaccess.example': { txt: ['v=spf1 include:_spf.mailer.example ~all'] },
      'memoir2026._domainkey.rootaccess.example': { txt: [dkimTxtRecord(key)] },
    });
    site = await startSiteServer({
      MAIL_FROM: '"Root Access" <books@rootaccess.example>',
      DKIM_DOMAIN: 'rootaccess.example',
      DKIM_SELECTOR: 'memoir2026',
      DKIM_PRIVATE_KEY: key.trim().replace(/\n/g, '\\n'),
      DNS_SERVER: dns.address,
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await dns?.close();
  });

  it('lists each check with OK or NOT OK and what to fix, and sends a test email', async () => {
    // CSP bypassed only so that axe-core can be injected; the screen itself needs no exception.
    const { page, errors } = await openPage(browser, site.url, { bypassCSP: true });
    await signInToDashboard(page);
    await page.getByRole('link', { name: 'Mail', exact: true }).click();
    await page.waitForURL('**/admin/mail');
    await page.getByRole('heading', { name: 'Mail health', level: 1 }).waitFor();
    const verdict = (name: string) => page.getByTestId(`mail-check-${name}`).locator('.badge').textContent();
    await expect(verdict('spf')).resolves.toBe('OK');
    await expect(verdict('dkim')).resolves.toBe('OK');
    await expect(verdict('alignment')).resolves.toBe('OK');
    await expect(verdict('dmarc')).resolves.toBe('NOT OK');
    await expect(verdict('mx')).resolves.toBe('NOT OK');
    await expect(verdict('starttls')).resolves.toBe('NOT OK');
    await expect(page.getByTestId('mail-check-dmarc').textContent()).resolves.toContain(
      'Add a TXT record at _dmarc.rootaccess.example',
    );
    await page.getByText('3 of 6 need your attention.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A record published meanwhile shows on "Check again".
    dns.names.set('_dmarc.rootaccess.example', { txt: ['v=DMARC1; p=none'] });
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByText('2 of 6 need your attention.').waitFor();

    await page.getByLabel('Send to').fill('sam@example.org');
    await page.getByRole('button', { name: 'Send a test email' }).click();
    await page.getByRole('status').filter({ hasText: 'Sent to sam@example.org.' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
