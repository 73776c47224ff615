import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aReader } from '@memoir/domain/testing';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';

import {
  launchChromium,
  openPage,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { signInToDashboard } from './admin-pages';

/** The Readers screen on the built server, its readers written to its database by the test. */
describe('the Readers screen in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60_000);

  beforeAll(async () => {
    site = await startSiteServer();
    const persistence = await createTypeOrmPersistence({ databaseUrl: site.databaseUrl });
    try {
      const readers = [
        aReader({
          email: 'hanako@example.jp',
          name: '山田 花子',
          status: 'confirmed',
          signedUpAt: daysAgo(3),
          confirmedAt: daysAgo(2),
          confirmIp: '198.51.100.4',
        }),
        aReader({ email: 'ada@example.org', name: 'Ada', signedUpAt: daysAgo(1) }),
        aReader({
          email: 'left@example.org',
          name: null,
          status: 'unsubscribed',
          signedUpAt: daysAgo(20),
          confirmedAt: daysAgo(19),
          unsubscribedAt: daysAgo(5),
          unsubscribedBy: 'one-click',
        }),
        // Enough for a second page (50 a page).
        ...Array.from({ length: 55 }, (_, n) =>
          aReader({ email: `reader${n}@example.net`, name: `Reader ${n}`, signedUpAt: daysAgo(30 + n) }),
        ),
      ];
      for (const reader of readers) await persistence.repositories.readers.addIfNew(reader);
    } finally {
      await persistence.close();
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('shows the counts and growth, filters, searches, pages, and downloads an export', async () => {
    const { page, errors } = await openPage(browser, site.url, { bypassCSP: true });
    await signInToDashboard(page);
    await page.getByRole('link', { name: 'Readers', exact: true }).click();
    await page.waitForURL('**/admin/readers');
    await page.getByRole('heading', { name: 'READERS', level: 1 }).waitFor();
    const counters = page.getByRole('list', { name: 'Readers by status' });
    await expect(counters.textContent()).resolves.toBe(
      'Waiting for confirmation: 56Confirmed: 1Unsubscribed: 1All: 58',
    );
    const weeks = page.getByRole('table').getByRole('row');
    await expect(weeks.count()).resolves.toBe(13); // the header and 12 weeks
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const cards = page.getByTestId('reader');
    await expect(cards.count()).resolves.toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="reader"]').length === 58);

    await page.getByLabel('Status', { exact: true }).selectOption('unsubscribed');
    await page.waitForURL('**/admin/readers?status=unsubscribed');
    await cards.filter({ hasText: 'left@example.org' }).waitFor();
    await expect(cards.count()).resolves.toBe(1);
    await expect(cards.first().textContent()).resolves.toContain("with their mail program's Unsubscribe button");

    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Search readers').fill('花子');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=/);
    await cards.filter({ hasText: 'hanako@example.jp' }).waitFor();
    await expect(cards.count()).resolves.toBe(1);
    const record = (await cards.first().textContent()) ?? '';
    expect(record).toContain('“Email me when there is news about the book” (version 1)');
    expect(record).toContain('from 198.51.100.4');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Mailchimp' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^readers-mailchimp-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = join(mkdtempSync(join(tmpdir(), 'memoir-readers-')), 'readers.csv');
    await download.saveAs(file);
    const rows = parse(readFileSync(file, 'utf8'), { bom: true, columns: true }) as Array<Record<string, string>>;
    rmSync(dirname(file), { recursive: true, force: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ 'Email Address': 'hanako@example.jp', 'First Name': '山田 花子' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
