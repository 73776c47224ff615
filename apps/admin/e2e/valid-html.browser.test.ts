import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_APP_PAGES } from '@memoir/shared';
import type { Browser } from 'playwright-core';

import { launchChromium, openPage, startSiteServer, type SiteServer } from '../../../tools/browser-testing/browser';
import { nuHtmlErrors } from '../../../tools/nu-html-checker';
import { signInToDashboard } from './admin-pages';

/**
 * Every admin screen, as the browser has drawn it once its data arrived, passes the W3C Nu
 * Html Checker with no error (docs/admin.md). The sign-in page is checked signed out.
 */
describe('the admin screens in the Nu Html Checker', () => {
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

  it('finds no error on any screen', async () => {
    const { page } = await openPage(browser, site.url);
    await page.goto('/admin/login');
    await page.getByLabel('Username').waitFor();
    const found: Record<string, unknown> = { '/admin/login': nuHtmlErrors(await page.content()) };
    await signInToDashboard(page);
    for (const path of ADMIN_APP_PAGES.filter((screen) => screen !== '/admin/login')) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      // What the screen shows once its calls have answered, not its loading state.
      await page.waitForLoadState('networkidle');
      found[path] = nuHtmlErrors(await page.content());
    }
    expect(found).toEqual(Object.fromEntries(ADMIN_APP_PAGES.map((path) => [path, []])));
    await page.context().close();
  }, 120_000);
});
