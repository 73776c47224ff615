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

// Valid under the WHATWG rule (the local part may hold % and ?); written into a mailto: link
// as it is, "?cc=" would add a recipient.
const HOSTILE_EMAIL = 'attacker%40evil.example?cc=x@y.example';

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
    const hostileAddress = await post(site.url, '/api/scholarship-request', {
      name: 'Eve',
      email: HOSTILE_EMAIL,
      riddleAnswer: 'kernel',
    });
    expect(hostileAddress.status).toBe(201);
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
      // Scripts that run: the public page's JSON data block (type application/json) holds the
      // entries as data, which the browser never runs.
      scripts: Array.from(document.scripts)
        .filter((script) => script.type !== 'application/json' && (script.textContent ?? '').includes('__pwned'))
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
  it("the admin scholarship card's mailto: link writes to the stored address alone, with no headers", async () => {
    const { page, errors } = await open();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/scholarships');
    const link = page
      .getByTestId('scholarship-request')
      .filter({ hasText: HOSTILE_EMAIL })
      .locator('a[href^="mailto:"]');
    await expect(link.textContent()).resolves.toBe(HOSTILE_EMAIL);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe('mailto:attacker%2540evil.example%3Fcc%3Dx@y.example');
    // As the browser parses it, and a mail program after it: one address, no headers, no fragment.
    const parsed = await page.evaluate((value) => {
      const url = new URL(value);
      return { to: decodeURIComponent(url.pathname), search: url.search, hash: url.hash };
    }, href);
    expect(parsed).toEqual({ to: HOSTILE_EMAIL, search: '', hash: '' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** What the page does with one piece of user text: the element that holds it, and its direction. */
interface Placement {
  readonly text: string;
  readonly isolated: boolean;
  readonly direction: string;
}

/**
 * For each text, the element whose text is exactly that (first in the document): whether it
 * is isolated from its neighbours (a <bdi>, or dir="auto") and the direction it got.
 */
function placements(page: Page, texts: string[]): Promise<Array<Placement | { text: string; missing: true }>> {
  return page.evaluate((wanted) => {
    const holders = new Map<string, HTMLElement>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (parent && wanted.includes(text) && !holders.has(text)) holders.set(text, parent);
    }
    return wanted.map((text) => {
      const element = holders.get(text);
      if (!element) return { text, missing: true as const };
      return {
        text,
        isolated: element.textContent === text && (element.tagName === 'BDI' || element.getAttribute('dir') === 'auto'),
        direction: getComputedStyle(element).direction,
      };
    });
  }, texts);
}

const RTL = {
  guestName: 'مريم',
  guestMessage: 'شكرا على الكتاب',
  guestNotes: 'שלום וברכה',
  location: 'תל אביב',
  requestName: 'דוד לוי',
  requestMessage: 'תודה רבה',
  requestNotes: 'בהצלחה',
};

/**
 * Right-to-left names and messages in both apps: each piece of user text sits in an element
 * of its own with dir="auto" (or a <bdi>), so it takes its own direction and cannot reorder
 * the text around it (a date after an Arabic name stays after it).
 */
describe('right-to-left text in both apps', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchChromium();
    const signed = [
      { name: RTL.guestName, message: RTL.guestMessage },
      { name: 'Ada', location: RTL.location, message: 'Hello' },
    ];
    for (const entry of signed) {
      expect((await post(site.url, '/api/guestbook-entry', { ...entry, riddleAnswer: 'network' })).status).toBe(201);
    }
    const request = await post(site.url, '/api/scholarship-request', {
      name: RTL.requestName,
      email: 'david@example.org',
      message: RTL.requestMessage,
      riddleAnswer: 'kernel',
    });
    expect(request.status).toBe(201);
    const headers = await adminHeaders(site.url);
    const { entries } = (await (await fetch(`${site.url}/api/admin/guestbook`, { headers })).json()) as {
      entries: Array<{ id: string; name: string }>;
    };
    for (const entry of entries) {
      const adminNotes = entry.name === RTL.guestName ? RTL.guestNotes : undefined;
      const approved = await fetch(`${site.url}/api/admin/guestbook/${entry.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ isApproved: true, adminNotes }),
      });
      expect(approved.status).toBe(200);
    }
    const { requests } = (await (await fetch(`${site.url}/api/admin/scholarships`, { headers })).json()) as {
      requests: Array<{ id: string }>;
    };
    const decided = await fetch(`${site.url}/api/admin/scholarships/${requests[0]?.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ status: 'approved', adminNotes: RTL.requestNotes }),
    });
    expect(decided.status).toBe(200);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const isolatedRtl = (...texts: string[]) => texts.map((text) => ({ text, isolated: true, direction: 'rtl' }));
  const isolatedLtr = (...texts: string[]) => texts.map((text) => ({ text, isolated: true, direction: 'ltr' }));

  it('the public guestbook isolates each name, location and message', async () => {
    const { page, errors } = await openPage(browser, site.url);
    await page.goto('/');
    await page.locator('.recent .entry').nth(1).waitFor();
    const texts = [RTL.guestName, RTL.guestMessage, RTL.location, 'Ada', 'Hello'];
    expect(await placements(page, texts)).toEqual([
      ...isolatedRtl(RTL.guestName, RTL.guestMessage, RTL.location),
      ...isolatedLtr('Ada', 'Hello'),
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the admin app isolates user text on every screen, and a date after an Arabic name stays after it', async () => {
    const { page, errors } = await openPage(browser, site.url);
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/?$/);

    await page.goto('/admin/guestbook');
    await page.getByTestId('guestbook-entry').nth(1).waitFor();
    expect(await placements(page, ['admin', RTL.guestName, RTL.guestMessage, RTL.guestNotes, RTL.location])).toEqual([
      ...isolatedLtr('admin'),
      ...isolatedRtl(RTL.guestName, RTL.guestMessage, RTL.guestNotes, RTL.location),
    ]);
    const head = page.getByTestId('guestbook-entry').filter({ hasText: RTL.guestName }).locator('.item-head');
    const name = await head.getByText(RTL.guestName, { exact: true }).boundingBox();
    const date = await head.locator('time').boundingBox();
    expect(name && date && date.x >= name.x + name.width - 1).toBe(true);

    await page.goto('/admin/scholarships');
    await page.getByTestId('scholarship-request').first().waitFor();
    expect(
      await placements(page, [RTL.requestName, 'david@example.org', RTL.requestMessage, RTL.requestNotes]),
    ).toEqual([
      ...isolatedRtl(RTL.requestName),
      ...isolatedLtr('david@example.org'),
      ...isolatedRtl(RTL.requestMessage, RTL.requestNotes),
    ]);

    await page.goto('/admin/logs');
    await page.getByTestId('audit-log').first().waitFor();
    expect(await placements(page, [RTL.guestNotes, RTL.requestNotes])).toEqual(
      isolatedRtl(RTL.guestNotes, RTL.requestNotes),
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
