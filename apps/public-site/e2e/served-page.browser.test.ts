import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT } from '@memoir/shared';
import type { Browser, Page } from 'playwright-core';

import { nuHtmlErrors } from '../../../tools/nu-html-checker';
import {
  approveAllEntries,
  launchChromium,
  openPage as openBrowserPage,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { SECTION_HEADINGS } from './sections';

/**
 * The page the server renders (apps/server/src/landing-page.ts): whole without JavaScript,
 * hydrated by React without a mismatch, and valid HTML both as served and once every section
 * has its code.
 */
describe('the landing page as the server renders it, in Chromium', () => {
  let browser: Browser;
  let site: SiteServer;
  const openPage = (options?: Parameters<typeof openBrowserPage>[2]) => openBrowserPage(browser, site.url, options);

  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchChromium();
    // One approved entry, for Recent Visitors.
    const body = { name: 'Ngozi', location: 'Abuja', message: 'Read it in one night.', riddleAnswer: 'network' };
    const signed = await fetch(`${site.url}/api/guestbook-entry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(signed.status).toBe(201);
    await approveAllEntries(site.url);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('shows every section, the prices, both forms and the approved entry with JavaScript off', async () => {
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto('/');
    await expect(page.locator('h1').textContent()).resolves.toBe(DEFAULT_SITE_CONTENT.title);
    await expect(page.locator('main h2').allTextContents()).resolves.toEqual(SECTION_HEADINGS);
    await expect(page.locator('.buy-price').allTextContents()).resolves.toEqual(['$28.00', '$17.99', '$2.99']);
    await expect(page.locator('.card h3').allTextContents()).resolves.toEqual(
      DEFAULT_SITE_CONTENT.themes.map((theme) => theme.title),
    );
    await expect(page.locator('#free-pdf form button[type="submit"]').textContent()).resolves.toBe(
      'Request the free PDF',
    );
    await expect(page.locator('#guestbook form button[type="submit"]').textContent()).resolves.toBe(
      '[ SIGN GUESTBOOK ]',
    );
    await expect(page.locator('.recent .entry-name').allTextContents()).resolves.toEqual(['Ngozi']);
    await expect(page.locator('.recent .entry-message').textContent()).resolves.toBe('Read it in one night.');
    await page.context().close();
  });

  /** Marks every element the server sent, so that a test can tell React kept them (hydration) from drawing anew. */
  async function markServerNodes(page: Page): Promise<void> {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const elements = document.querySelectorAll('#root *');
        for (const element of elements) (element as unknown as Record<string, boolean>).__fromServer = true;
        (window as unknown as Record<string, number>).__serverElements = elements.length;
      });
    });
  }

  it('is hydrated, every section with its code, without a mismatch: React keeps the server’s elements', async () => {
    const { page, errors } = await openPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) warnings.push(message.text());
    });
    await markServerNodes(page);
    await page.goto('/');
    await page.mouse.wheel(0, 4000);
    for (const selector of ['#about-heading', '.claim-form', '.post button', '#free-pdf form', '#guestbook form']) {
      await page.waitForFunction(
        (sel) => Object.keys(document.querySelector(sel) ?? {}).some((key) => key.startsWith('__reactFiber')),
        selector,
      );
    }
    // Every element the server sent is still in the page: none was thrown away and drawn anew.
    const kept = await page.evaluate(() => ({
      sent: (window as unknown as Record<string, number>).__serverElements,
      kept: [...document.querySelectorAll('#root *')].filter(
        (element) => (element as unknown as Record<string, boolean>).__fromServer === true,
      ).length,
    }));
    expect(kept.sent).toBeGreaterThan(150);
    expect(kept.kept).toBe(kept.sent);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    await page.context().close();
  });

  it('passes the W3C Nu Html Checker with no error, as served and once every section has its code', async () => {
    const served = await (await fetch(`${site.url}/`)).text();
    expect(nuHtmlErrors(served)).toEqual([]);
    const { page } = await openPage();
    await page.goto('/');
    await page.mouse.wheel(0, 4000);
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('#guestbook form') ?? {}).some((key) => key.startsWith('__reactFiber')),
    );
    const rendered = await page.evaluate(() => `<!doctype html>\n${document.documentElement.outerHTML}`);
    expect(nuHtmlErrors(rendered)).toEqual([]);
    await page.context().close();
  });
});
