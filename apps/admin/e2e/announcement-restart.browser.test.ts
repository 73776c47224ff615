import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';

import {
  killBetweenBursts,
  mailsIn,
  recipientsIn,
  seedConfirmedReaders,
  until,
} from '../../server/test/support/announcement-restart';
import { launchChromium, openPage, startSiteServer, type SiteServer } from '../../../tools/browser-testing/browser';
import { signInToDashboard } from './admin-pages';

const READERS = 40;
/** 40 mails at 5 a second: the send takes 8 s, and the kill lands between two bursts. */
const ENV = { ANNOUNCE_RATE: '5/1s', DELIVERY_POLL_INTERVAL: '100ms', PUBLIC_BASE_URL: 'http://memoir.test' };
/** The screen reads the list again every 10 s while a send is going out (api/announcements.ts). */
const REFRESH_MS = 10_000;
const SUBJECT = 'The paperback is out';

/** The card of the one announcement sent, as the owner reads it. */
const card = (page: Page) => page.getByTestId('announcement');

interface Listed {
  readonly status: string;
  readonly sent: number;
  readonly recipients: number;
}

/**
 * Moves the page's clock on to its next refresh of the announcements and waits for the
 * request it makes: the newest announcement as answered, or null when the request failed.
 * Fails when the screen asks nothing within 5 s, i.e. when it stopped refreshing.
 */
async function nextRefresh(page: Page): Promise<Listed | null> {
  const isList = (url: string) => new URL(url).pathname === '/api/admin/announcements';
  const answered = page
    .waitForResponse((response) => isList(response.url()), { timeout: 5000 })
    .then(async (response) => ((await response.json()) as { announcements: Listed[] }).announcements[0] ?? null);
  const failed = page
    .waitForEvent('requestfailed', { predicate: (request) => isList(request.url()), timeout: 5000 })
    .then(() => null);
  const outcome = Promise.any([answered, failed]).catch(() => {
    throw new Error('the screen did not read the announcements again: it stopped refreshing');
  });
  await page.clock.runFor(REFRESH_MS);
  return outcome;
}

/**
 * The owner sends an announcement from the Readers screen and the server process is killed
 * (SIGKILL) midway; started again on the same port and database, it sends the rest, the
 * screen (left as it is, never reloaded) shows the send finish, and each reader got it once.
 */
describe('an announcement sent from the Readers screen across a killed server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-announce-browser-'));
  let site: SiteServer;
  let browser: Browser;
  let addresses: string[];

  beforeAll(async () => {
    addresses = await seedConfirmedReaders(`sqlite:${join(dataDir, 'memoir.sqlite')}`, READERS);
    site = await startSiteServer(ENV, dataDir);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop(1000);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the send finish after the restart, and every reader has the mail once', async () => {
    const { page, errors } = await openPage(browser, site.url);
    // The page's timers, held: the test moves them on to each refresh rather than waiting 10 s.
    await page.clock.install();
    await signInToDashboard(page);
    await page.getByRole('link', { name: 'Readers', exact: true }).click();
    await page.getByRole('heading', { name: 'READERS', level: 1 }).waitFor();

    const form = page.getByRole('form', { name: 'Announcement' });
    const send = form.getByRole('button', { name: `Send to ${READERS} readers` });
    await send.waitFor();
    await page.getByLabel('Subject', { exact: true }).fill(SUBJECT);
    await page
      .getByLabel('Text', { exact: true })
      .fill('Dear reader,\n\nit is in the shops today.\nThank you for waiting.');
    const preview = page.getByTestId('announcement-preview');
    await expect(preview.locator('p').allTextContents()).resolves.toEqual([
      SUBJECT,
      'Dear reader,',
      'it is in the shops today.Thank you for waiting.',
      "Each reader's copy ends with their own unsubscribe link.",
    ]);
    await expect(page.getByText(`Write to the ${READERS} confirmed readers`).count()).resolves.toBe(1);

    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await send.click();
    await page
      .locator('.toast', { hasText: `${READERS} mails go out at the configured rate.` })
      .first()
      .waitFor();
    expect(asked).toEqual([`Send "${SUBJECT}" to ${READERS} confirmed readers? This cannot be undone.`]);
    await card(page).filter({ hasText: SUBJECT }).waitFor();

    // Progress: a refresh once some are out shows how many, the send still going.
    await until('five mails out', () => (mailsIn(dataDir).length >= 5 ? true : undefined), 20_000);
    const midway = await nextRefresh(page);
    expect(midway).toMatchObject({ status: 'sending', recipients: READERS });
    expect(midway?.sent).toBeGreaterThan(0);
    expect(midway?.sent).toBeLessThan(READERS);
    await card(page)
      .filter({ hasText: 'Sending' })
      .filter({ hasText: `: ${midway?.sent} of ${READERS} sent` })
      .waitFor();

    // Midway: killed, nothing handed back; the screen's next refresh finds no server.
    expect(await killBetweenBursts(site, 10)).toBeLessThan(READERS);
    await expect(nextRefresh(page)).resolves.toBeNull();
    await expect(card(page).textContent()).resolves.toContain('Sending'); // the last progress stays on screen

    // The same port and database again; the screen, left alone, refreshes until it is sent.
    site = await startSiteServer({ ...ENV, PORT: new URL(site.url).port }, dataDir);
    // The server's schedule runs on real time, the page's on the test's: the refreshes follow the outbox.
    await until('every mail out', () => (mailsIn(dataDir).length >= READERS ? true : undefined), 20_000);
    for (let refreshes = 1; (await nextRefresh(page))?.status !== 'sent'; refreshes += 1) {
      expect(refreshes).toBeLessThan(10);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await card(page)
      .filter({ hasText: `${SUBJECT} Sent` })
      .waitFor();
    await expect(card(page).textContent()).resolves.toMatch(new RegExp(`: ${READERS} of ${READERS} sent$`));
    expect(recipientsIn(dataDir)).toEqual([...addresses].sort());
    // The only errors are the browser's own lines for the refresh that found no server.
    expect(errors.filter((error) => !error.includes('net::ERR_CONNECTION_REFUSED'))).toEqual([]);
    await page.context().close();
  }, 60_000);
});
