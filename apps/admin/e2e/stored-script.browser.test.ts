import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';

import {
  ADMIN_PASSWORD,
  adminHeaders,
  launchChromium,
  openPage,
  post,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';

// Each payload, if it ever ran, sets window.__pwned or opens a dialog.
const PAYLOADS = {
  guestName: '<img src=x onerror=alert(1)>',
  guestLocation: '<svg onload=window.__pwned=3>',
  guestMessage:
    '<script>window.__pwned=1</script> "><iframe srcdoc="<script>parent.__pwned=4</script>"></iframe> ' +
    '<a href="javascript:window.__pwned=5">x</a> {{constructor.constructor(\'window.__pwned=6\')()}} ${alert(7)}',
  guestNotes: '<b onmouseover=window.__pwned=8>notes</b><style>body{display:none}</style>',
  requestName: '<script>window.__pwned=2</script>',
  requestMessage: '<img src=x onerror="window.__pwned=9"><details open ontoggle=alert(10)>',
};

/**
 * Both apps (the file lives with the admin app's tests): HTML and script stored in a guestbook
 * entry (name, location, message, admin notes) and a scholarship request (name, message) show as text on the public page and
 * in the admin app: the exact characters are on the page, no element of theirs is in the
 * DOM, no script of theirs ran (no flag, no dialog, no CSP violation or other console error).
 */
describe('stored HTML and script in both apps', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchChromium();
    const entry = await post(site.url, '/api/guestbook-entry', {
      name: PAYLOADS.guestName,
      location: PAYLOADS.guestLocation,
      message: PAYLOADS.guestMessage,
      riddleAnswer: 'network',
    });
    expect(entry.status).toBe(201);
    const request = await post(site.url, '/api/scholarship-request', {
      name: PAYLOADS.requestName,
      email: 'mallory@example.com',
      message: PAYLOADS.requestMessage,
      riddleAnswer: 'kernel',
    });
    expect(request.status).toBe(201);
    const headers = await adminHeaders(site.url);
    const { entries } = (await (await fetch(`${site.url}/api/admin/guestbook`, { headers })).json()) as {
      entries: Array<{ id: string }>;
    };
    const approved = await fetch(`${site.url}/api/admin/guestbook/${entries[0]?.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ isApproved: true, adminNotes: PAYLOADS.guestNotes }),
    });
    expect(approved.status).toBe(200);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** Opens a page that records dialogs and console errors. */
  async function open(): Promise<{ page: Page; dialogs: string[]; errors: string[] }> {
    const { page, errors } = await openPage(browser, site.url);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    return { page, dialogs, errors };
  }

  /** Waits for `texts` on the page, as text, then checks that nothing of the payloads ran or rendered. */
  async function expectShownAsText(page: Page, texts: string[], dialogs: string[], errors: string[]) {
    await page.waitForFunction(
      (wanted) => wanted.every((text) => (document.body.textContent ?? '').includes(text)),
      texts,
      { timeout: 10_000 },
    );
    await page.waitForTimeout(300); // any onerror/onload would have fired by now
    const found = await page.evaluate(() => ({
      pwned: (window as unknown as Record<string, unknown>).__pwned ?? null,
      injected: Array.from(
        document.querySelectorAll(
          'img[src="x"], svg[onload], iframe, [onerror], [onload], [onmouseover], [ontoggle], a[href^="javascript:"], details[open], body style',
        ),
      ).map((element) => element.outerHTML.slice(0, 100)),
      scripts: Array.from(document.scripts)
        .filter((script) => (script.textContent ?? '').includes('__pwned'))
        .map((script) => script.outerHTML.slice(0, 100)),
    }));
    expect(found).toEqual({ pwned: null, injected: [], scripts: [] });
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  }

  it('the public page shows the approved entry as text', async () => {
    const { page, dialogs, errors } = await open();
    await page.goto('/');
    await page.locator('#guestbook').scrollIntoViewIfNeeded();
    await expectShownAsText(page, [PAYLOADS.guestName, PAYLOADS.guestLocation, PAYLOADS.guestMessage], dialogs, errors);
    await page.context().close();
  });

  it('the admin app shows the entry, the request and the notes as text on every screen', async () => {
    const { page, dialogs, errors } = await open();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/guestbook');
    await expectShownAsText(
      page,
      [PAYLOADS.guestName, PAYLOADS.guestLocation, PAYLOADS.guestMessage, PAYLOADS.guestNotes],
      dialogs,
      errors,
    );
    await page.goto('/admin/scholarships');
    await expectShownAsText(page, [PAYLOADS.requestName, PAYLOADS.requestMessage], dialogs, errors);
    await page.goto('/admin/logs');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectShownAsText(page, [], dialogs, errors);
    await page.context().close();
  });
});
