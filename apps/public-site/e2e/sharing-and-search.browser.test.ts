import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';

import { SHARE } from '../src/content';

import {
  launchChromium,
  openPage as openBrowserPage,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';

/**
 * The site as crawlers and share previews see it, the footer's Admin link, and the store,
 * social and publisher links, with the address, admin host and one store link an owner
 * configures (the first version's other links are `.example` placeholders).
 */
const KINDLE = 'https://ebooks.rootaccess.test/kindle';

describe('sharing, search and the Admin link in Chromium', () => {
  let browser: Browser;
  let site: SiteServer;
  const openPage = () => openBrowserPage(browser, site.url);

  beforeAll(async () => {
    site = await startSiteServer({
      PUBLIC_BASE_URL: 'https://rootaccess.test',
      ADMIN_HOST: 'admin.rootaccess.test',
      STORE_LINKS: `kindle=${KINDLE}`,
    });
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

  it('offers the share graphics the build made, each at its size, to download', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const links = page.locator('.share-graphics a');
    await links.first().waitFor();
    await expect(links.count()).resolves.toBe(SHARE.graphics.length);
    for (const [i, graphic] of SHARE.graphics.entries()) {
      await expect(links.nth(i).getAttribute('download')).resolves.toBe('');
      await expect(links.nth(i).getAttribute('href')).resolves.toBe(graphic.src);
      const response = await fetch(`${site.url}${graphic.src}`);
      expect([graphic.src, response.status, response.headers.get('content-type')]).toEqual([
        graphic.src,
        200,
        'image/png',
      ]);
      const png = Buffer.from(await response.arrayBuffer());
      // The PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
      expect([graphic.src, png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
        graphic.src,
        graphic.width,
        graphic.height,
      ]);
    }
    expect(SHARE.graphics.map((graphic) => `${graphic.width}x${graphic.height}`)).toEqual([
      '1200x630',
      '1080x1080',
      '1080x1920',
    ]);
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

  it('links to no placeholder anywhere on the rendered page: only the configured store, and no empty lists', async () => {
    const { page, errors } = await openPage();
    await page.goto('/');
    await page.locator('footer').waitFor();
    await page.locator('#buy').scrollIntoViewIfNeeded();
    await page.locator('a.buy-link').first().waitFor();
    const addresses = await page.evaluate(() =>
      [...document.querySelectorAll('[href], [src]')].flatMap((element) =>
        ['href', 'src'].flatMap((name) => element.getAttribute(name) ?? []),
      ),
    );
    expect(addresses.length).toBeGreaterThan(10);
    expect(addresses.filter((address) => /\.example\b/.test(address))).toEqual([]);
    const buy = page.locator('a.buy-link');
    await expect(buy.count()).resolves.toBe(1);
    await expect(buy.textContent()).resolves.toContain('Kindle');
    await expect(buy.getAttribute('href')).resolves.toBe(KINDLE);
    // The formats whose links are placeholders show their prices, "coming soon", and link nowhere.
    await expect(page.locator('.buy-soon').allTextContents()).resolves.toEqual([
      'Hardcover$28.00coming soon',
      'Paperback$17.99coming soon',
    ]);
    // The footer keeps Privacy and Admin; the publisher's logo is there, not a link.
    await expect(page.locator('footer nav a').allTextContents()).resolves.toEqual(['Privacy', 'Admin']);
    await expect(page.locator('footer .publisher img').count()).resolves.toBe(1);
    await expect(page.locator('footer a.publisher').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
