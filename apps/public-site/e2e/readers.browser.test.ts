import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { READER_CONSENT_TEXTS, READER_TEXTS, TOASTS } from '@memoir/shared';
import type { Browser, Page } from 'playwright-core';

import {
  adminHeaders,
  hydrated,
  launchChromium,
  openPage as openBrowserPage,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';

const NEWS_BOX = READER_CONSENT_TEXTS[1] ?? '';
/** The server's development riddle answers (RIDDLE_*_ANSWER unset). */
const RIDDLES = { guestbook: 'network', scholarship: 'kernel' };

/**
 * The reader list as a visitor meets it: the box on each form and the sign-up form, the
 * confirmation email's page (opening it changes nothing; its button confirms), and leaving by
 * the one POST a mail client makes (RFC 8058).
 */
describe('the reader list in Chromium', () => {
  let browser: Browser;
  let site: SiteServer;
  let owner: Record<string, string>;

  beforeAll(async () => {
    // An https PUBLIC_BASE_URL, as in production: list mail then offers RFC 8058's one-click.
    site = await startSiteServer({ DELIVERY_POLL_INTERVAL: '200ms', PUBLIC_BASE_URL: 'https://memoir-book.example' });
    browser = await launchChromium();
    owner = await adminHeaders(site.url);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** The reader's record as the owner's export of the person holds it (null: not on the list). */
  const reader = async (email: string): Promise<Record<string, unknown> | null> => {
    const answer = await fetch(`${site.url}/api/admin/personal-data?email=${encodeURIComponent(email)}`, {
      headers: owner,
    });
    return ((await answer.json()) as { reader: Record<string, unknown> | null }).reader;
  };

  /** The newest email to the address in the outbox folder, raw, quoted-printable undone, headers unfolded. */
  async function mailTo(address: string): Promise<string> {
    const outbox = join(site.dataDir, 'outbox');
    for (let waited = 0; waited < 10_000; waited += 100) {
      const files = (() => {
        try {
          return readdirSync(outbox).sort();
        } catch {
          return [];
        }
      })();
      const texts = files
        .map((file) => readFileSync(join(outbox, file), 'utf8'))
        .map((raw) =>
          raw
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=')
            .replace(/\r?\n[ \t]+/g, ' '),
        )
        .filter((raw) => new RegExp(`^To: ${address.replace(/\./g, '\\.')}$`, 'mi').test(raw));
      const last = texts.at(-1);
      if (last !== undefined) return last;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no email to ${address}`);
  }

  const pathOf = (mail: string, pattern: RegExp): string => {
    const url = pattern.exec(mail)?.[1];
    if (url === undefined) throw new Error(`no ${pattern} in the email`);
    return new URL(url).pathname + new URL(url).search;
  };

  async function formNear(page: Page, selector: string): Promise<ReturnType<Page['locator']>> {
    await page.goto('/');
    await page.locator(selector).scrollIntoViewIfNeeded();
    await hydrated(page, selector);
    return page.locator(selector);
  }

  it('signs up on the small form, confirms only through the button, and leaves by one POST', async () => {
    // Past the pages' policy only for axe's script, which the test adds.
    const { page, errors } = await openBrowserPage(browser, site.url, { bypassCSP: true });
    const form = await formNear(page, 'form.signup-form');
    await expect(form.getByLabel(NEWS_BOX).isChecked()).resolves.toBe(false);
    await form.getByLabel('Email', { exact: true }).fill('ada@example.org');
    await form.getByLabel(/Name/).fill('Ada');
    await form.getByLabel(NEWS_BOX).check();
    await form.getByRole('button', { name: READER_TEXTS.signUpButton }).click();
    await page.locator('.toast', { hasText: READER_TEXTS.signedUp.title }).first().waitFor();
    expect(await reader('ada@example.org')).toMatchObject({ status: 'pending', source: 'signup-form' });

    const mail = await mailTo('ada@example.org');
    const confirm = pathOf(mail, /(https?:\/\/\S+\/readers\/confirm\?token=[\w-]+)/);
    // A mail scanner, or the reader, opens the link: nothing changes.
    await page.goto(confirm);
    await expect(page.locator('h1').textContent()).resolves.toBe(READER_TEXTS.confirmTitle);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect((await reader('ada@example.org'))?.status).toBe('pending');
    await page.getByRole('button', { name: READER_TEXTS.confirmButton }).click();
    await page.getByText(READER_TEXTS.confirmed).waitFor();
    expect(await reader('ada@example.org')).toMatchObject({ status: 'confirmed', confirmIp: '127.0.0.1' });

    // The mail client's one-click unsubscribe: one POST to List-Unsubscribe's address, RFC 8058's body.
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail)?.[1] ?? '';
    expect(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m.test(mail)).toBe(true);
    const left = await fetch(`${site.url}${new URL(unsubscribe).pathname}${new URL(unsubscribe).search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    expect(await reader('ada@example.org')).toMatchObject({ status: 'unsubscribed', unsubscribedBy: 'one-click' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("ticks the guestbook's box: its email field shows, and the reader is kept with the entry", async () => {
    const { page } = await openBrowserPage(browser, site.url);
    const form = await formNear(page, '#guestbook form');
    await expect(form.getByLabel('Email for the news').count()).resolves.toBe(0);
    await form.getByLabel('Name').fill('Grace');
    await form.getByLabel('Message').fill('Loved it');
    await form.getByLabel(NEWS_BOX).check();
    await form.getByLabel('Email for the news').fill('grace@example.org');
    await form.getByLabel(/Riddle/).fill(RIDDLES.guestbook);
    await form.getByRole('button', { name: '[ SIGN GUESTBOOK ]' }).click();
    await page.locator('.toast', { hasText: TOASTS.guestbookSigned.title }).first().waitFor();
    expect(await reader('grace@example.org')).toMatchObject({ status: 'pending', source: 'guestbook', name: 'Grace' });
    // The reset form starts afresh: the box unticked, the address field gone.
    await expect(form.getByLabel(NEWS_BOX).isChecked()).resolves.toBe(false);
    await expect(form.getByLabel('Email for the news').count()).resolves.toBe(0);
    await page.context().close();
  });

  it("ticks the free-PDF form's two boxes: the reader, and the wish for one review reminder", async () => {
    const { page } = await openBrowserPage(browser, site.url);
    const form = await formNear(page, '#free-pdf form');
    await form.getByLabel('Name').fill('Linus');
    await form.getByLabel('Email', { exact: true }).fill('linus@example.org');
    await form.getByLabel(NEWS_BOX).check();
    await form.getByLabel(READER_TEXTS.reviewReminderBox).check();
    await form.getByLabel(/Riddle/).fill(RIDDLES.scholarship);
    const sent = page.waitForRequest('**/api/scholarship-request');
    await form.getByRole('button', { name: 'Request the free PDF' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ subscribe: true, reviewReminder: true });
    await page.locator('.toast', { hasText: TOASTS.scholarshipSubmitted.title }).first().waitFor();
    expect(await reader('linus@example.org')).toMatchObject({ status: 'pending', source: 'scholarship' });
    await page.context().close();
  });
});
