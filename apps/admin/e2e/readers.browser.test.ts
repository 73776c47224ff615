import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Reader } from '@memoir/domain';
import { aReader } from '@memoir/domain/testing';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';
import { READER_EXPORT_FORMATS, type ReaderExportFormat } from '@memoir/shared';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';

import {
  launchChromium,
  openPage,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { READER_EXPORT_HEADERS } from '../../server/test/support/reader-export-headers';
import { signInToDashboard } from './admin-pages';

/** Each export's button on the screen. */
const EXPORT_BUTTONS: Readonly<Record<ReaderExportFormat, string>> = {
  mailchimp: 'Mailchimp',
  mailerlite: 'MailerLite',
  kit: 'Kit',
  buttondown: 'Buttondown',
  plain: 'Plain CSV (everyone)',
};

/** The column that holds the name in each format; Buttondown keeps it in its metadata. */
const NAME_COLUMN = { mailchimp: 'First Name', mailerlite: 'name', kit: 'first_name', plain: 'name' } as const;

/** What a spreadsheet would run as a formula is written as text, after an apostrophe (csv.ts). */
const asWritten = (name: string): string => (/^[=+\-@]/.test(name) ? `'${name}` : name);

/** Presses an export's button as the owner does and reads the file the browser saves. */
async function exported(page: Page, format: ReaderExportFormat): Promise<{ filename: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: EXPORT_BUTTONS[format], exact: true }).click(),
  ]);
  return { filename: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

/** The Readers screen on the built server, its readers written to its database by the test. */
describe('the Readers screen in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60_000);

  /** Confirmed readers whose names a CSV or a spreadsheet could spoil. */
  const confirmed = [
    ['hanako@example.jp', '山田 花子'],
    ['anna@example.ru', 'Анна Каренина'],
    ['amin@example.eg', 'محمد الأمين'],
    ['priya@example.in', 'प्रिया शर्मा'],
    ['smith@example.org', 'Smith, "Jo"\nJunior'],
    ['mary@example.org', 'Mary\nAnne'], // a line break alone must be quoted too
    ['formula@example.org', '=HYPERLINK("http://evil.example/","Click")'],
    ['plus@example.org', '+44 20 7946 0000'],
    ['minus@example.org', "-2+3+cmd|' /C calc'!A0"],
    ['at@example.org', '@SUM(1+1)'],
  ].map(([email, name], n) =>
    aReader({
      email,
      name,
      status: 'confirmed',
      signedUpAt: daysAgo(3 + n / 10),
      confirmedAt: daysAgo(2),
      confirmIp: '198.51.100.4',
    }),
  );
  const readers: Reader[] = [
    ...confirmed,
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

  beforeAll(async () => {
    site = await startSiteServer();
    const persistence = await createTypeOrmPersistence({ databaseUrl: site.databaseUrl });
    try {
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

  it('shows the counts and growth, filters, searches and pages', async () => {
    const { page, errors } = await openPage(browser, site.url, { bypassCSP: true });
    await signInToDashboard(page);
    await page.getByRole('link', { name: 'Readers', exact: true }).click();
    await page.waitForURL('**/admin/readers');
    await page.getByRole('heading', { name: 'READERS', level: 1 }).waitFor();
    const counters = page.getByRole('list', { name: 'Readers by status' });
    await expect(counters.textContent()).resolves.toBe(
      'Waiting for confirmation: 56Confirmed: 10Unsubscribed: 1All: 67',
    );
    const weeks = page.getByRole('table').getByRole('row');
    await expect(weeks.count()).resolves.toBe(13); // the header and 12 weeks
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const cards = page.getByTestId('reader');
    await expect(cards.count()).resolves.toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="reader"]').length === 67);

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

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each(READER_EXPORT_FORMATS)('exports %s with its button, a file its importer reads back', async (format) => {
    const { page, errors } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await page.getByRole('link', { name: 'Readers', exact: true }).click();
    await page.getByRole('heading', { name: 'READERS', level: 1 }).waitFor();

    const { filename, text } = await exported(page, format);
    expect(filename).toMatch(new RegExp(`^readers-${format}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(text.startsWith('\uFEFF')).toBe(true); // spreadsheet programs read it as UTF-8
    // Read as a spreadsheet reads it: any line break outside quotes ends a row.
    const [header, ...lines] = parse(text, { bom: true, record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];
    expect(header).toEqual(READER_EXPORT_HEADERS[format]);
    const rows = lines.map((cells) => Object.fromEntries(cells.map((cell, at) => [header?.[at], cell])));
    const byEmail = new Map(rows.map((row) => [row.email ?? row['Email Address'], row]));
    expect(byEmail.size).toBe(rows.length);

    // The newsletter tools get the confirmed readers only; the plain file everyone, with their status.
    const listed = format === 'plain' ? readers : confirmed;
    expect([...byEmail.keys()].sort()).toEqual(listed.map(({ email }) => email).sort());
    if (format === 'plain') {
      for (const reader of readers) expect(byEmail.get(reader.email)?.status).toBe(reader.status);
    }
    // Each name as it was typed, in any script, with its comma, quote and line break; a
    // name a spreadsheet would run as a formula is neutralised (JSON is no formula).
    for (const { email, name } of confirmed) {
      const row = byEmail.get(email) ?? {};
      if (format === 'buttondown') expect(JSON.parse(row.metadata ?? '')).toMatchObject({ name });
      else expect(row[NAME_COLUMN[format]]).toBe(asWritten(name ?? ''));
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
