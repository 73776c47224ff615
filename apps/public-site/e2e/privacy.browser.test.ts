import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';

import {
  launchChromium,
  openPage as openBrowserPage,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';

/**
 * The privacy notice as a visitor reaches it: from the footer and from under each form, with
 * the periods and the contact the server runs with (set here to values no default has).
 */
describe('the privacy notice in Chromium', () => {
  let browser: Browser;
  let site: SiteServer;
  const openPage = (options?: Parameters<typeof openBrowserPage>[2]) => openBrowserPage(browser, site.url, options);

  beforeAll(async () => {
    site = await startSiteServer({
      RETENTION_DAYS: '45',
      RETENTION_REJECTED_DAYS: '12',
      RETENTION_SENT_EMAIL_DAYS: '7',
      DOWNLOAD_LINK_TTL: '3d',
      DOWNLOAD_LINK_MAX_DOWNLOADS: '4',
      OWNER_EMAIL: 'privacy-desk@example.org',
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  for (const [from, link] of [
    ['the footer', '.footer a'],
    ['under the free PDF form', '#free-pdf .form-privacy a'],
    ['under the guestbook form', '#guestbook .form-privacy a'],
  ] as const) {
    it(`opens from ${from}, with the running settings`, async () => {
      const { page, errors } = await openPage();
      await page.goto('/');
      await page.locator(link).filter({ hasText: 'Privacy' }).click();
      await page.waitForURL('**/privacy');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Privacy');
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toContain('deleted 12 days after the decision');
      expect(text).toContain('works for 3 days and 4 downloads');
      expect(text).toContain('45 days after it expires');
      expect(text).toContain('erased after 45 days');
      expect(text).toContain('deleted 7 days after they are sent'); // no SMTP_URL: copies in the outbox
      await expect(page.locator('a[href="mailto:privacy-desk@example.org"]').count()).resolves.toBe(1);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('has no serious or critical accessibility violation (axe-core), and a way back', async () => {
    const { page } = await openPage({ bypassCSP: true });
    const response = await page.goto('/Privacy');
    expect(response?.status()).toBe(200);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /Back to/ }).click();
    await page.waitForURL(`${site.url}/`);
    await page.context().close();
  });
});
