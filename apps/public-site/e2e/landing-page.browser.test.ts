import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SCREEN_TEXTS, TOASTS } from '@memoir/shared';
import type { Browser, Page } from 'playwright-core';

import { createWorld, SCHOLARSHIP_ANSWER } from '../../../packages/domain/test/world';
import { IDLE_FALLBACK_MS } from '../../../packages/web-ui/src/when-wanted';
import {
  approveAllEntries,
  hydrated,
  launchChromium,
  openPage as openBrowserPage,
  screenshot,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { SECTION_HEADINGS } from './sections';

/** Whether React has hydrated the element yet (its code may come later than its HTML). */
const isHydrated = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate(
    (sel) => Object.keys(document.querySelector(sel) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  );

describe('the landing page in Chromium', () => {
  let browser: Browser;
  let site: SiteServer;
  let BASE_URL = '';
  const openPage = (b: Browser, options?: Parameters<typeof openBrowserPage>[2]) =>
    openBrowserPage(b, BASE_URL, options);
  beforeAll(async () => {
    site = await startSiteServer();
    BASE_URL = site.url;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  async function fillGuestbook(
    page: Page,
    values: { name: string; message: string; riddle: string; location?: string },
  ) {
    const form = page.locator('#guestbook form');
    await form.getByLabel('Name').fill(values.name);
    if (values.location) await form.getByLabel(/Location/).fill(values.location);
    await form.getByLabel('Message').fill(values.message);
    await form.getByLabel(/Riddle/).fill(values.riddle);
    return form;
  }

  it('shows the empty guestbook state before anyone has been approved', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    await expect(page.locator('.recent .empty').textContent()).resolves.toBe(SCREEN_TEXTS.publicGuestbookEmpty);
    await page.context().close();
  });

  it('has every section in order, the footer links, and no console error', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto('/');
    await expect(page.locator('h1').textContent()).resolves.toBe('Root Access');
    await page.locator('#guestbook').waitFor();
    expect(await page.locator('main h2').allTextContents()).toEqual(SECTION_HEADINGS);
    for (const format of ['Hardcover', 'Paperback', 'Kindle'])
      await expect(page.locator('.buy-format', { hasText: format }).count()).resolves.toBe(1);
    await expect(page.locator('.buy-link', { hasText: 'Kindle' }).textContent()).resolves.toContain('$2.99');
    await expect(page.getByRole('link', { name: 'Admin' }).getAttribute('href')).resolves.toBe('/admin/login');
    await expect(page.locator('footer').textContent()).resolves.toContain('©');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  describe('what is below the fold loads only when wanted', () => {
    // Each deferred chunk by its name and hash. `api-routes-…` is not one of them: the route
    // table, which the page-view count needs at once for the path it sends its beacon to.
    const DEFERRED = /\/assets\/(share-section|scholarship-form|guestbook|claim-form|toaster|api)-[\w-]{8}\.js/;

    const PHONE = { viewport: { width: 412, height: 823 } };

    /** Waits until the section's top is in the upper half of the window (scrolled to). */
    async function scrolledTo(page: Page, id: string): Promise<void> {
      const inView = (sectionId: string): boolean => {
        const top = document.getElementById(sectionId)?.getBoundingClientRect().top ?? -1;
        return top >= 0 && top < window.innerHeight / 2;
      };
      // Polled from here: the page's own timers and animation frames are held.
      for (let waited = 0; !(await page.evaluate(inView, id)); waited += 50) {
        if (waited > 5000) throw new Error(`#${id} was not scrolled into view`);
        await page.waitForTimeout(50);
      }
    }

    /** The page with its timers held (Playwright's clock), and the deferred scripts it asked for. */
    async function openHeld(options?: Parameters<typeof openBrowserPage>[2]) {
      const { page, errors } = await openPage(browser, options);
      await page.clock.install();
      const deferred: string[] = [];
      page.on('request', (request) => {
        if (DEFERRED.test(request.url())) deferred.push(new URL(request.url()).pathname);
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Get your copy' }).waitFor();
      return { page, errors, deferred };
    }

    it('not at load, however quiet the network; then once the page has idled a few seconds', async () => {
      const { page, errors, deferred } = await openHeld(PHONE);
      expect(deferred).toEqual([]);
      // Their words are in the page from the first byte (the server rendered them); their code is not.
      expect(await page.locator('main h2').allTextContents()).toEqual(SECTION_HEADINGS);
      await expect(page.locator('#free-pdf form, #guestbook form, .claim-form').count()).resolves.toBe(3);
      await expect(isHydrated(page, '#guestbook form')).resolves.toBe(false);
      await expect(isHydrated(page, '#about-heading')).resolves.toBe(true);
      await page.clock.runFor(IDLE_FALLBACK_MS * 2);
      await hydrated(page, '#guestbook form');
      await hydrated(page, '.claim-form');
      expect(deferred.some((path) => path.includes('share-section'))).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('at the first click, and the hero’s free-PDF button lands on the form', async () => {
      const { page, deferred } = await openHeld(PHONE);
      expect(deferred).toEqual([]);
      await page.getByRole('link', { name: /Free PDF/ }).click();
      // React shows a section that was waiting for its code up to 300 ms later: well short of the idle fallback.
      await page.clock.runFor(500);
      await hydrated(page, '#free-pdf form');
      expect(deferred.some((path) => path.includes('scholarship-form'))).toBe(true);
      await scrolledTo(page, 'free-pdf');
      await page.context().close();
    });

    it('at once when the address names a section below the fold', async () => {
      const { page } = await openPage(browser, PHONE);
      await page.clock.install();
      await page.goto('/#guestbook');
      await page.clock.runFor(500);
      await hydrated(page, '#guestbook form');
      await scrolledTo(page, 'guestbook');
      await page.context().close();
    });
  });

  it('submits the free-PDF form, shows the exact toast, and resets', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    const form = page.locator('#free-pdf form');
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email', { exact: true }).fill('grace@example.org');
    await form.getByLabel(/situation/).fill('Between jobs.');
    await form.getByLabel(/Riddle/).fill('KERNEL');
    await form.getByRole('button', { name: 'Request the free PDF' }).click();
    await page.locator('.toast', { hasText: TOASTS.scholarshipSubmitted.title }).first().waitFor();
    await page.locator('.toast', { hasText: TOASTS.scholarshipSubmitted.description }).first().waitFor();
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('');
    await page.context().close();
  });

  it('shows the server refusal of a wrong riddle in the toast and beside the field', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    const form = await fillGuestbook(page, { name: 'Ada', message: 'Hello', riddle: 'packets' });
    await form.getByRole('button', { name: '[ SIGN GUESTBOOK ]' }).click();
    await page.locator('.toast', { hasText: TOASTS.guestbookFailed.title }).first().waitFor();
    await page.locator('.toast', { hasText: "That's not the answer to the riddle." }).first().waitFor();
    await expect(form.locator('.field-error').textContent()).resolves.toContain("That's not the answer to the riddle.");
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Ada');
    await page.context().close();
  });

  describe.each([
    {
      form: 'free-PDF',
      selector: '#free-pdf form',
      endpoint: '**/api/scholarship-request',
      button: 'Request the free PDF',
      failure: TOASTS.scholarshipFailed.title,
      fill: async (form: ReturnType<Page['locator']>, name: string, riddle: string) => {
        await form.getByLabel('Name').fill(name);
        await form.getByLabel('Email', { exact: true }).fill('reader@example.org');
        await form.getByLabel(/Riddle/).fill(riddle);
      },
      riddle: 'kernel',
    },
    {
      form: 'guestbook',
      selector: '#guestbook form',
      endpoint: '**/api/guestbook-entry',
      button: '[ SIGN GUESTBOOK ]',
      failure: TOASTS.guestbookFailed.title,
      fill: async (form: ReturnType<Page['locator']>, name: string, riddle: string) => {
        await form.getByLabel('Name').fill(name);
        await form.getByLabel('Message').fill('Hello');
        await form.getByLabel(/Riddle/).fill(riddle);
      },
      riddle: 'network',
    },
  ])('the $form form', ({ selector, endpoint, button, failure, fill, riddle }) => {
    it('shows a field the server refuses beside it, with the failure toast', async () => {
      const { page } = await openPage(browser);
      await page.goto('/');
      const form = page.locator(selector);
      await fill(form, '   ', riddle); // passes the browser's "required", not the server's trim
      await form.getByRole('button', { name: button }).click();
      await page.locator('.toast', { hasText: failure }).first().waitFor();
      await page.locator('.toast', { hasText: 'Name is required.' }).first().waitFor();
      await expect(form.locator('.field-error').first().textContent()).resolves.toBe('Name is required.');
      await page.context().close();
    });

    it('refuses a wrong riddle answer with the failure toast', async () => {
      const { page } = await openPage(browser);
      await page.goto('/');
      const form = page.locator(selector);
      await fill(form, 'Ada', 'wrongo');
      await form.getByRole('button', { name: button }).click();
      await page.locator('.toast', { hasText: failure }).first().waitFor();
      await page.locator('.toast', { hasText: "That's not the answer to the riddle." }).first().waitFor();
      await page.context().close();
    });

    it('says to check the connection when the network fails, and shows the submitting state meanwhile', async () => {
      const { page } = await openPage(browser);
      await page.goto('/');
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(endpoint, async (route) => {
        await held;
        await route.abort('internetdisconnected');
      });
      const form = page.locator(selector);
      await fill(form, 'Ada', riddle);
      await form.getByRole('button', { name: button }).click();
      // Disabled from the click until the answer: waited for, as React renders it a moment later.
      const pending = form.locator('button[type=submit][disabled]');
      await pending.waitFor({ timeout: 5000 });
      await expect(pending.textContent()).resolves.toMatch(/^(Submitting\.\.\.|\[ SUBMITTING\.\.\. \])$/);
      release();
      await page.locator('.toast', { hasText: TOASTS.formNetworkError }).first().waitFor();
      await page.context().close();
    });
  });

  it('shows the server refusal of an invisible character beside the field, with the failure toast', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    const form = await fillGuestbook(page, { name: 'Ada\u202Eecalevol', message: 'Hello', riddle: 'network' });
    await form.getByRole('button', { name: '[ SIGN GUESTBOOK ]' }).click();
    const refusal = 'Name contains invisible or direction-changing characters.';
    await page.locator('.toast', { hasText: TOASTS.guestbookFailed.title }).first().waitFor();
    await page.locator('.toast', { hasText: refusal }).first().waitFor();
    await expect(form.locator('.field-error').textContent()).resolves.toBe(refusal);
    await page.context().close();
  });

  it('agrees with the server on what an email address is, but for the dot the server wants in the domain', async () => {
    const label = (n: number) => 'x'.repeat(n);
    const candidates = [
      // ordinary
      'grace@example.org',
      'first.last+tag@sub.example.co.uk',
      "o'brien@example.ie",
      'UPPER@EXAMPLE.ORG',
      "!#$%&'*+/=?^_`{|}~-@example.org",
      'a@1.2.3.4',
      // no dot in the domain: valid for the browser, not for the server
      'a@b',
      'user@localhost',
      // quoted local parts, comments, IP literals
      '"a b"@example.org',
      '"a"@example.org',
      'a(comment)@example.org',
      'a@[127.0.0.1]',
      'a@[IPv6:::1]',
      // beyond ASCII (typed, the browser spells a domain in punycode)
      'josé@example.org',
      'a@exämple.org',
      'a@xn--exmple-cua.org',
      '用户@例子.广告',
      '\u212A@example.org',
      'a\u200B@example.org',
      // dots
      '.a@example.org',
      'a.@example.org',
      'a..b@example.org',
      'a@.example.org',
      'a@example.org.',
      'a@example..org',
      // hyphens and label lengths
      'a@-example.org',
      'a@example-.org',
      'a@ex-ample.org',
      'a@example.-org',
      `a@${label(63)}.org`,
      `a@${label(64)}.org`,
      `a@example.${label(63)}`,
      // spaces
      'a b@example.org',
      'a@exa mple.org',
      ' a@example.org ',
      '\ta@example.org\n',
      'a@exam\nple.org',
      '\u00A0a@example.org',
      'a@example.org\u00A0',
      '\uFEFFa@example.org',
      '\u2028a@example.org',
      // the rest
      '',
      '@example.org',
      'a@',
      'a@@example.org',
      'a@b@example.org',
      'a@example.org,b@example.org',
      'a@exa_mple.org',
      'a\\b@example.org',
      'a"b@example.org',
      'attacker%40evil.example?cc=x@y.example',
      'a#b@example.org',
    ];
    const world = createWorld();
    const serverAccepts = async (email: string) => {
      const result = await world.useCases.submitScholarshipRequest.execute({
        name: 'Grace',
        email,
        riddleAnswer: SCHOLARSHIP_ANSWER,
      });
      return result.ok || result.error.fieldErrors?.email === undefined;
    };
    const { page } = await openPage(browser);
    await page.goto('/');
    const input = page.locator('#free-pdf form').getByLabel('Email', { exact: true });
    const disagreements: Array<{ candidate: string; sent: string; browser: boolean; server: boolean }> = [];
    for (const candidate of candidates) {
      // Set as a script or autofill would, and typed: the browser sends the field's value.
      const assigned = await input.evaluate((element: HTMLInputElement, value) => {
        element.value = value;
        return { sent: element.value, valid: element.checkValidity() };
      }, candidate);
      await input.fill(candidate);
      const typed = await input.evaluate((element: HTMLInputElement) => ({
        sent: element.value,
        valid: element.checkValidity(),
      }));
      for (const { sent, valid } of [assigned, typed]) {
        const server = await serverAccepts(sent);
        if (server !== valid) disagreements.push({ candidate, sent, browser: valid, server });
      }
    }
    expect(disagreements).toEqual(
      ['a@b', 'user@localhost'].flatMap((candidate) => [
        { candidate, sent: candidate, browser: true, server: false },
        { candidate, sent: candidate, browser: true, server: false },
      ]),
    );
    await page.context().close();
  });

  it('enforces the maximum lengths as you type', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    const name = page.locator('#guestbook form').getByLabel('Name');
    await name.fill('x'.repeat(60));
    await expect(name.inputValue()).resolves.toHaveLength(50);
    await page.context().close();
  });

  it('signs the guestbook, and shows the entry in Recent Visitors once approved', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    const form = await fillGuestbook(page, {
      name: 'Linus',
      location: 'Helsinki',
      message: 'Great read!',
      riddle: ' Network ',
    });
    await form.getByRole('button', { name: '[ SIGN GUESTBOOK ]' }).click();
    await page.locator('.toast', { hasText: TOASTS.guestbookSigned.title }).first().waitFor();
    await approveAllEntries(BASE_URL);
    await page.reload();
    const entry = page.locator('.entry', { hasText: 'Linus' });
    await expect(entry.textContent()).resolves.toContain('Great read!');
    const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(new Date());
    await expect(entry.locator('time').textContent()).resolves.toContain(date);
    await page.context().close();
  });

  it('copies a post: the button says Copied! for 2 seconds, with the clipboard toast', async () => {
    const { page } = await openPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    // Load in natural time (the share section hydrates once the page has idled), then stop time.
    await page.clock.install();
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Copy the LinkedIn post' });
    await hydrated(page, '.post button');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
    await button.click();
    // The label changes after the clipboard answers and React renders: wait for it, do not read at once.
    await button.filter({ hasText: /^Copied!$/ }).waitFor();
    await page.locator('.toast', { hasText: TOASTS.copied.title }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Root Access');
    await page.clock.runFor(1900);
    await expect(button.textContent()).resolves.toBe('Copied!');
    await page.clock.runFor(200);
    await button.filter({ hasText: /^Copy$/ }).waitFor();
    await page.context().close();
  });

  it('advances the manifesto every 8 seconds, wraps, and holds still while hovered', async () => {
    const { page } = await openPage(browser);
    // Time stands still from before the page loads; it moves only when the test says.
    await page.clock.install({ time: new Date('2026-06-01T12:00:00Z') });
    await page.clock.pauseAt(new Date('2026-06-01T12:00:01Z'));
    await page.goto('/');
    // Restart the carousel's timer at a known instant: hover, and leave.
    await page.locator('.carousel').hover();
    await page.mouse.move(0, 0);
    const quote = page.locator('.quote:not([hidden]) blockquote');
    const first = await quote.textContent();
    await page.clock.runFor(7900);
    await expect(quote.textContent()).resolves.toBe(first);
    await page.clock.runFor(200);
    const second = await quote.textContent();
    expect(second).not.toBe(first);
    // One interval at a time: React sets each next timer after it renders the last change.
    await page.clock.runFor(8000);
    const third = await quote.textContent();
    expect([first, second]).not.toContain(third);
    await page.clock.runFor(8000);
    await expect(quote.textContent()).resolves.toBe(first);
    await page.locator('.carousel').hover();
    await page.clock.runFor(20_000);
    await expect(quote.textContent()).resolves.toBe(first);
    await page.getByRole('button', { name: 'Quote 3 of 3' }).click();
    await expect(page.getByRole('button', { name: 'Quote 3 of 3' }).getAttribute('aria-current')).resolves.toBe('true');
    await page.context().close();
  });

  it('resumes the manifesto after a click once the pointer leaves, and holds it while keyboard focus is inside', async () => {
    const { page } = await openPage(browser);
    await page.clock.install({ time: new Date('2026-06-01T12:00:00Z') });
    await page.clock.pauseAt(new Date('2026-06-01T12:00:01Z'));
    await page.goto('/');
    const quote = page.locator('.quote:not([hidden]) blockquote');
    const dot = (n: number) => page.getByRole('button', { name: `Quote ${n} of 3` });

    // A click leaves focus on the button it pressed; that alone must not hold the carousel.
    await page.getByRole('button', { name: 'Next quote' }).click();
    await expect(dot(2).getAttribute('aria-current')).resolves.toBe('true');
    await page.mouse.move(0, 0);
    await page.clock.runFor(8100);
    await expect(dot(3).getAttribute('aria-current')).resolves.toBe('true');
    await dot(1).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(8100);
    await expect(dot(2).getAttribute('aria-current')).resolves.toBe('true');

    // Keyboard focus inside holds it, however long; it moves again once focus leaves.
    await page.getByRole('button', { name: 'Previous quote' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dot(3).getAttribute('aria-current')).resolves.toBe('true');
    const held = await quote.textContent();
    await page.clock.runFor(20_000);
    await expect(quote.textContent()).resolves.toBe(held);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(8100);
    await expect(dot(1).getAttribute('aria-current')).resolves.toBe('true');
    await page.context().close();
  });

  it('draws the carousel arrows as SVG icons, never as characters a font may lack', async () => {
    const { page } = await openPage(browser);
    await page.goto('/');
    for (const name of ['Previous quote', 'Next quote']) {
      const button = page.getByRole('button', { name });
      await expect(button.textContent()).resolves.toBe('');
      expect((await button.locator('svg').boundingBox())?.width).toBeGreaterThan(0);
    }
    await page.context().close();
  });

  it('animates the hero only without a reduced-motion preference', async () => {
    const moving = await openPage(browser);
    await moving.page.goto('/');
    await moving.page.waitForFunction(() => document.querySelector('.hero')?.getAttribute('data-animating') === 'true');
    await moving.page.context().close();

    const still = await openPage(browser, { reducedMotion: 'reduce' });
    await still.page.goto('/');
    await still.page.locator('.hero canvas').waitFor({ state: 'attached' });
    await expect(still.page.locator('.hero').getAttribute('data-animating')).resolves.toBe('false');
    await still.page.context().close();
  });

  it('shows the not-found screen for any other path, and the Admin link leads to /admin/login', async () => {
    const { page } = await openPage(browser);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(SCREEN_TEXTS.notFound).count()).resolves.toBe(1);
    await page.goto('/');
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL('**/admin/login');
    await page.context().close();
  });

  it('has no serious or critical accessibility violation (axe-core)', async () => {
    const { page } = await openPage(browser, { bypassCSP: true });
    await page.goto('/');
    await page.locator('#guestbook').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps screenshots at phone and desktop widths', async () => {
    for (const [name, viewport] of [
      ['landing-phone', { width: 390, height: 844 }],
      ['landing-desktop', { width: 1440, height: 900 }],
    ] as const) {
      const { page } = await openPage(browser, { viewport, reducedMotion: 'reduce' });
      await page.goto('/');
      await page.locator('#guestbook').waitFor();
      await screenshot(page, name);
      await page.context().close();
    }
  });

  it('sends the sharing and search tags in the HTML itself, and serves assets compressed and cached', async () => {
    const html = await (await fetch(`${BASE_URL}/`)).text();
    expect(html).toContain('<meta property="og:type" content="book"');
    expect(html).toContain('<meta property="book:author"');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain('"@type": "Book"');
    expect(html).toMatch(/<link rel="icon" href="\/favicon.svg"/);
    expect((await fetch(`${BASE_URL}/robots.txt`)).status).toBe(200);
    expect((await fetch(`${BASE_URL}/images/share-card.png`)).headers.get('content-type')).toBe('image/png');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const asset = await fetch(`${BASE_URL}${script}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
