import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';

import {
  launchChromium,
  openPage as openBrowserPage,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';

/**
 * The site as crawlers and share previews see it, and the footer's Admin link, with the
 * address and admin host an owner configures.
 */
describe('sharing, search and the Admin link in Chromium', () => {
  let browser: Browser;
  let site: SiteServer;
  const openPage = () => openBrowserPage(browser, site.url);

  beforeAll(async () => {
    site = await startSiteServer({ PUBLIC_BASE_URL: 'https://rootaccess.test', ADMIN_HOST: 'admin.rootaccess.test' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('serves a sitemap that is well-formed XML listing the public pages', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const parsed = await page.evaluate(async () => {
      const text = await (await fetch('/sitemap.xml')).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: doc.getElementsByTagName('parsererror').length,
        root: doc.documentElement.namespaceURI,
        locs: [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent),
      };
    });
    expect(parsed).toEqual({
      error: 0,
      root: 'http://www.sitemaps.org/schemas/sitemap/0.9',
      locs: ['https://rootaccess.test/', 'https://rootaccess.test/privacy'],
    });
    await page.context().close();
  });

  it("has no placeholder address in the page's document, and the Admin link goes to the admin host", async () => {
    const { page, errors } = await openPage();
    await page.goto('/');
    await page.locator('footer').waitFor();
    const head = await page.evaluate(() => document.head.outerHTML);
    expect(head).not.toMatch(/\.example\b/);
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe('https://rootaccess.test/');
    await expect(page.getByRole('link', { name: 'Admin' }).getAttribute('href')).resolves.toBe(
      'https://admin.rootaccess.test/admin/login',
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
