import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';

import { INTENDED_KEY } from '../../public-site/crackme/intended-key';
import {
  launchChromium,
  openPage,
  post,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { signInToDashboard } from './admin-pages';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** The owner's screens for growth and privacy: Analytics, Crackme prizes, Personal data. */
describe('the Analytics, Prizes and Personal data screens in Chromium', () => {
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

  it('charts the counted events, with referrers and stores, and sums the week on the dashboard', async () => {
    for (const body of [
      { name: 'page_view', referrer: 'https://news.ycombinator.com/' },
      { name: 'page_view' },
      { name: 'buy_click', store: 'kindle' },
    ]) {
      await post(site.url, '/api/events', body, { 'User-Agent': BROWSER_UA });
    }
    // The site's own policy (no bypass): the chart must draw under it.
    const { page, errors } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await page.getByTestId('recent-page-views').waitFor();
    await expect(page.getByTestId('recent-page-views').textContent()).resolves.toBe('2');
    await page.getByRole('link', { name: 'View Analytics' }).click();
    await page.waitForURL('**/admin/analytics');
    await expect(page.getByTestId('event-page_view').locator('.count').textContent()).resolves.toBe('2');
    await page.getByTestId('event-page_view').locator('canvas').first().waitFor();
    await expect(page.getByRole('cell', { name: 'news.ycombinator.com' }).count()).resolves.toBe(1);
    await expect(page.getByRole('cell', { name: 'kindle' }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lists prize claims in order and marks a prize sent', async () => {
    const claimed = await post(site.url, '/api/crackme-claim', {
      key: INTENDED_KEY,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
    });
    expect(claimed.status).toBe(201);
    const { page } = await openPage(browser, site.url, { bypassCSP: true });
    await signInToDashboard(page);
    await page.goto('/admin/prizes');
    const claim = page.getByTestId('prize-claim').first();
    await expect(claim.textContent()).resolves.toMatch(/#1.*Ada Lovelace.*Winner/);
    await claim.getByRole('button', { name: 'Mark prize as sent' }).click();
    await claim.getByText(/Prize sent/).waitFor();
    await page.context().close();
  });

  it("downloads a person's data from the screen and finds their request in it", async () => {
    await post(site.url, '/api/scholarship-request', {
      name: 'Maria Wróblewska',
      email: 'maria@example.org',
      message: 'A student in Gdańsk',
      riddleAnswer: 'kernel',
    });
    const { page, errors } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await page.goto('/admin/privacy');
    await expect(page.getByText('pnpm admin').count()).resolves.toBe(0);
    await page.getByLabel('Email address').fill('maria@example.org');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download their data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const held = JSON.parse(readFileSync(file, 'utf8')) as { scholarshipRequests: Array<Record<string, unknown>> };
    expect(held.scholarshipRequests).toEqual([
      expect.objectContaining({ name: 'Maria Wróblewska', email: 'maria@example.org', message: 'A student in Gdańsk' }),
    ]);
    // Audited, by counts: the log names no one.
    await page.goto('/admin/logs?action=personal_data_exported');
    await page.getByTestId('audit-log').filter({ hasText: 'PERSONAL_DATA_EXPORTED' }).first().waitFor();
    await expect(page.locator('main').textContent()).resolves.not.toContain('maria@');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows what an erasure would remove, then erases on confirmation', async () => {
    await post(site.url, '/api/scholarship-request', {
      name: 'Zofia Quist',
      email: 'zofia@example.org',
      riddleAnswer: 'kernel',
    });
    const { page } = await openPage(browser, site.url, { bypassCSP: true });
    await signInToDashboard(page);
    await page.goto('/admin/privacy');
    await page.getByLabel('Email address').fill('zofia@example.org');
    await page.getByRole('button', { name: 'Show what would be erased' }).click();
    await page.getByRole('heading', { name: 'Erase zofia@example.org?' }).waitFor();
    await expect(page.locator('.erasure li').first().textContent()).resolves.toBe(
      '1 free PDF request loses the name, email address, message and notes (1 pending one is closed, without an email)',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Erase this person' }).click();
    await page.locator('.toast', { hasText: 'Erased' }).first().waitFor();
    await page.getByRole('button', { name: 'Show what would be erased' }).click();
    await page.getByText('Nothing is held about this address.').waitFor();
    await page.context().close();
  });
});
