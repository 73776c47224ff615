import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnalyticsDto } from '@memoir/shared';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

import {
  adminHeaders,
  hydrated,
  launchChromium,
  openPage as openBrowserPage,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';

/**
 * What the page counts, as a visitor clicks through it in Chromium: each action once, and
 * nothing at all for a visitor whose browser asks not to be tracked.
 */
describe('counted events in Chromium', () => {
  let browser: Browser;
  let site: SiteServer;
  const openPage = (options?: BrowserContextOptions) => openBrowserPage(browser, site.url, options);

  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** Today's totals, as the owner reads them (the read writes this process's pending counts first). */
  const today = async (): Promise<Record<string, number>> => {
    const response = await fetch(`${site.url}/api/admin/analytics?days=1`, { headers: await adminHeaders(site.url) });
    const body = (await response.json()) as AnalyticsDto;
    return body.days[0]?.counts ?? {};
  };
  /** A beacon leaves when the page says so, and arrives a moment later. */
  const settled = async (page: Page, expected: Record<string, number>) => {
    const deadline = Date.now() + 10_000;
    let counts = await today();
    while (JSON.stringify(counts) !== JSON.stringify(expected) && Date.now() < deadline) {
      await page.waitForTimeout(100);
      counts = await today();
    }
    return counts;
  };

  it('counts a view, each click and each completed form once', async () => {
    const { page, errors } = await openPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/');
    expect(await settled(page, { page_view: 1 })).toEqual({ page_view: 1 });

    const popup = page.waitForEvent('popup');
    await page.locator('.buy-link', { hasText: 'Kindle' }).click();
    await (await popup).close();
    const crackme = page.waitForEvent('download');
    await page
      .getByRole('link', { name: /crackme/i })
      .first()
      .click();
    await (await crackme).cancel();
    await page.locator('#share-heading').scrollIntoViewIfNeeded();
    // The section is in the page at once; its buttons work once its code has come.
    await hydrated(page, '.post button');
    await page.getByRole('button', { name: /Copy the LinkedIn post/ }).click();
    const graphic = page.waitForEvent('download');
    await page.locator('.share-graphics a').first().click();
    await (await graphic).cancel();

    const guestbook = page.locator('#guestbook form');
    await guestbook.getByLabel('Name').fill('Counted Once');
    await guestbook.getByLabel('Message').fill('Hello');
    await guestbook.getByLabel(/Riddle/).fill('network');
    await guestbook.getByRole('button', { name: '[ SIGN GUESTBOOK ]' }).click();
    const request = page.locator('#free-pdf form');
    await request.getByLabel('Name').fill('Counted Once');
    await request.getByLabel('Email', { exact: true }).fill('counted@example.org');
    await request.getByLabel(/Riddle/).fill('kernel');
    await request.getByRole('button', { name: 'Request the free PDF' }).click();

    const expected = {
      page_view: 1,
      buy_click: 1,
      crackme_download: 1,
      share_copy: 1,
      graphic_download: 1,
      guestbook_signed: 1,
      scholarship_requested: 1,
    };
    expect(await settled(page, expected)).toEqual(expected);
    const stores = (
      (await (
        await fetch(`${site.url}/api/admin/analytics?days=1`, { headers: await adminHeaders(site.url) })
      ).json()) as AnalyticsDto
    ).stores;
    expect(stores).toEqual([{ store: 'kindle', count: 1 }]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const [who, headers] of [
    ['Do Not Track', { DNT: '1' }],
    ['Global Privacy Control', { 'Sec-GPC': '1' }],
  ] as const) {
    it(`counts nothing for a visitor sending ${who}`, async () => {
      const before = await today();
      const { page } = await openPage({ extraHTTPHeaders: headers });
      await page.goto('/');
      const popup = page.waitForEvent('popup');
      await page.locator('.buy-link', { hasText: 'Hardcover' }).click();
      await (await popup).close();
      await page.waitForTimeout(1000); // time for a beacon that should not be counted
      expect(await today()).toEqual(before);
      await page.context().close();
    });
  }
});
