import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, SETUP_STEPS } from '@memoir/shared';
import type { Browser, Page } from 'playwright-core';

import {
  adminHeaders,
  launchChromium,
  openPage,
  screenshot,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { signInToDashboard } from './admin-pages';

/** The draft as the server has it now (read through the API, as a second look at what the screen saved). */
async function serverDraft(baseUrl: string): Promise<{ revision: number; content: typeof DEFAULT_SITE_CONTENT }> {
  const response = await fetch(`${baseUrl}/api/admin/site-content`, { headers: await adminHeaders(baseUrl) });
  return ((await response.json()) as { draft: { revision: number; content: typeof DEFAULT_SITE_CONTENT } }).draft;
}

/** The HTML a crawler gets: fetched without a browser, so no JavaScript runs. */
const servedHtml = async (url: string): Promise<string> => (await fetch(url)).text();

/** Polls `check` until it holds (a publish reaches `/` within seconds), or fails with its last value. */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, ms = 6000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!holds(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

/** Opens the editor from the top bar's "Site" link. */
async function openEditor(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Site', exact: true }).click();
  await page.waitForURL(/\/admin\/site$/);
  await page.getByRole('heading', { name: 'Site content' }).waitFor();
}

const status = (page: Page) => page.getByTestId('save-status');
const book = (page: Page) => page.getByRole('region', { name: 'Book' });

/** Waits for the autosave to have gone through. */
const saved = (page: Page) =>
  status(page)
    .filter({ hasText: /^Saved$/ })
    .waitFor({ timeout: 10_000 });

const OLD_TAGLINE = DEFAULT_SITE_CONTENT.tagline;
const NEW_TAGLINE = 'Every stack has a way in, typed in the browser.';
const NEW_PRICE = '$19.49';

describe('the site editor in Chromium', () => {
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

  it('edits the tagline and a price, previews them, publishes them to the served page, then restores the version before', async () => {
    const { page, errors } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await openEditor(page);

    await book(page).getByLabel('Tagline').fill(NEW_TAGLINE);
    await page.getByRole('group', { name: 'Buy link 2: Paperback' }).getByLabel('Price').fill(NEW_PRICE);
    // Autosaved once typing stops, with no button pressed.
    await saved(page);
    const draft = await serverDraft(site.url);
    expect(draft.content.tagline).toBe(NEW_TAGLINE);
    expect(draft.content.buyLinks[1]).toMatchObject({ format: 'paperback', price: NEW_PRICE });

    // Preview: the real page, from the draft, in a new tab; `/` still shows the published words.
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const previewTab = await opened;
    const link = page.getByTestId('preview-link').getByRole('link', { name: 'open the preview' });
    const previewUrl = new URL((await link.getAttribute('href')) ?? '');
    expect(previewUrl.pathname).toMatch(/^\/preview\/[\w-]{16,}$/);
    // PUBLIC_BASE_URL is not set here, so the link names the default host: read its path from this server.
    const previewOfThisServer = `${site.url}${previewUrl.pathname}`;
    await previewTab.goto(previewOfThisServer);
    await previewTab.getByText(NEW_TAGLINE).first().waitFor({ timeout: 5000 });
    const preview = await servedHtml(previewOfThisServer);
    expect(preview).toContain(NEW_TAGLINE);
    expect(preview).toContain(NEW_PRICE);
    const before = await servedHtml(`${site.url}/`);
    expect(before).not.toContain(NEW_TAGLINE);
    expect(before).not.toContain(NEW_PRICE);
    await previewTab.close();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByTestId('published-version').filter({ hasText: 'On the page: version 2,' }).waitFor();
    const published = await eventually(
      () => servedHtml(`${site.url}/`),
      (html) => html.includes(NEW_TAGLINE),
    );
    expect(published).toContain(NEW_TAGLINE);
    expect(published).toContain(NEW_PRICE);

    // The versions, newest first, with what changed; Restore on all but the one on the page.
    const versions = page.getByTestId('site-version');
    await versions.filter({ hasText: 'Version 2' }).getByText('Changed: Tagline, Buy links.').waitFor();
    await expect(
      versions.filter({ hasText: 'Version 2' }).getByRole('button', { name: 'Restore' }).count(),
    ).resolves.toBe(0);
    await screenshot(page, 'site-versions');
    page.once('dialog', (dialog) => void dialog.accept());
    await versions.filter({ hasText: 'Version 1' }).getByRole('button', { name: 'Restore' }).click();
    await page.waitForFunction(
      (old) => (document.getElementById('site-tagline') as HTMLInputElement | null)?.value === old,
      OLD_TAGLINE,
    );
    await expect(
      page.getByRole('group', { name: 'Buy link 2: Paperback' }).getByLabel('Price').inputValue(),
    ).resolves.toBe(DEFAULT_SITE_CONTENT.buyLinks[1]?.price);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByTestId('published-version').filter({ hasText: 'On the page: version 3,' }).waitFor();
    const restored = await eventually(
      () => servedHtml(`${site.url}/`),
      (html) => !html.includes(NEW_TAGLINE),
    );
    expect(restored).toContain(OLD_TAGLINE);
    expect(restored).not.toContain(NEW_TAGLINE);
    expect(restored).not.toContain(NEW_PRICE);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('tells a tab whose draft is stale that it was changed elsewhere, and keeps its edits until the owner chooses', async () => {
    const { page: first, errors } = await openPage(browser, site.url);
    await signInToDashboard(first);
    await openEditor(first);
    // A second tab of the same session opens the editor on the same revision.
    const second = await first.context().newPage();
    await second.goto('/admin/site');
    await second.getByRole('heading', { name: 'Site content' }).waitFor();

    await book(second).getByLabel('Subtitle').fill('Saved from the second tab');
    await saved(second);

    await book(first).getByLabel('Author').fill('Edited in the first tab');
    const conflict = first.getByTestId('site-conflict');
    await conflict.waitFor({ timeout: 10_000 });
    await expect(conflict.textContent()).resolves.toContain('The draft was changed elsewhere (in another tab');
    await expect(status(first).textContent()).resolves.toMatch(/^Not saved: /);
    // Nothing was overwritten: the server has the second tab's save, the first tab still its edit.
    const draft = await serverDraft(site.url);
    expect(draft.content.subtitle).toBe('Saved from the second tab');
    expect(draft.content.author).toBe(DEFAULT_SITE_CONTENT.author);
    await expect(book(first).getByLabel('Author').inputValue()).resolves.toBe('Edited in the first tab');
    await expect(first.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).resolves.toBe(true);
    await screenshot(first, 'site-conflict');

    // The owner loads the latest: the second tab's words, and saving works again.
    first.once('dialog', (dialog) => void dialog.accept());
    await conflict.getByRole('button', { name: 'Load the latest draft' }).click();
    await conflict.waitFor({ state: 'detached' });
    await expect(book(first).getByLabel('Subtitle').inputValue()).resolves.toBe('Saved from the second tab');
    await expect(book(first).getByLabel('Author').inputValue()).resolves.toBe(DEFAULT_SITE_CONTENT.author);
    await book(first).getByLabel('Author').fill('Sam Okafor, edited after loading');
    await saved(first);
    expect((await serverDraft(site.url)).content.author).toBe('Sam Okafor, edited after loading');
    // Chromium logs the refused save itself; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('409 (Conflict)'))).toEqual([]);
    await first.context().close();
  });

  it('publishes nothing from a screen whose draft was changed elsewhere, and says so', async () => {
    const { page: first } = await openPage(browser, site.url);
    await signInToDashboard(first);
    await openEditor(first);
    const version = await first.getByTestId('published-version').textContent();
    const second = await first.context().newPage();
    await second.goto('/admin/site');
    await book(second).getByLabel('Subtitle').fill('Saved from the second tab, again');
    await saved(second);

    // The first tab has no edits of its own: Publish would publish the revision it loaded.
    await first.getByRole('button', { name: 'Publish', exact: true }).click();
    await first.getByTestId('site-conflict').waitFor();
    await expect(first.getByTestId('published-version').textContent()).resolves.toBe(version);
    await expect(first.locator('.toast', { hasText: 'Could not publish' }).count()).resolves.toBe(0);
    await first.context().close();
  });

  it('shows a refused field next to it, and puts focus on it when the owner publishes', async () => {
    const { page } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await openEditor(page);
    const title = page.getByRole('group', { name: 'Theme 2' }).getByLabel('Title');
    await title.fill('x'.repeat(90));
    await page.getByRole('group', { name: 'Theme 2' }).getByText('90 of 80 characters: 10 too many').waitFor();
    await status(page)
      .filter({ hasText: /^Not saved: / })
      .waitFor({ timeout: 10_000 });
    await expect(title.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.locator('#site-themes-1-title-error').waitFor();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'site-themes-1-title');
    await title.fill('The Arena');
    await saved(page);
    await expect(title.getAttribute('aria-invalid')).resolves.toBeNull();
    await page.context().close();
  });

  it('saves the draft when the owner leaves before the autosave: for another screen, or closing the tab', async () => {
    const { page } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await openEditor(page);
    await page.getByRole('region', { name: 'Crackme' }).getByLabel('Prize').fill('Prize: a signed first edition.');
    await page.getByRole('link', { name: /Back to the dashboard/ }).click();
    await page.waitForURL(/\/admin\/?$/);
    const draft = await eventually(
      () => serverDraft(site.url),
      (latest) => latest.content.crackme.prize === 'Prize: a signed first edition.',
    );
    expect(draft.content.crackme.prize).toBe('Prize: a signed first edition.');
    // Back on the editor, the draft is the one just saved.
    await openEditor(page);
    await expect(page.getByRole('region', { name: 'Crackme' }).getByLabel('Prize').inputValue()).resolves.toBe(
      'Prize: a signed first edition.',
    );

    // Closing the tab at once saves too (pagehide, sent with keepalive).
    await page.getByRole('region', { name: 'Crackme' }).getByLabel('Prize').fill('Prize: a signed proof copy.');
    await page.close({ runBeforeUnload: true });
    const afterClose = await eventually(
      () => serverDraft(site.url),
      (latest) => latest.content.crackme.prize === 'Prize: a signed proof copy.',
    );
    expect(afterClose.content.crackme.prize).toBe('Prize: a signed proof copy.');
    await page.context().close();
  });

  it('keeps the edits while the connection is down, says so, and saves them once it is back', async () => {
    const { page } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await openEditor(page);
    await page.context().setOffline(true);
    await book(page).getByLabel('Blurb').fill('Written on a train without a signal.');
    await status(page)
      .filter({ hasText: /^Not saved: no answer from the server/ })
      .waitFor({ timeout: 10_000 });
    await page.context().setOffline(false);
    await saved(page);
    expect((await serverDraft(site.url)).content.blurb).toBe('Written on a train without a signal.');
    await page.context().close();
  });

  it('adds and removes a paragraph with the keyboard alone, focus following', async () => {
    const { page } = await openPage(browser, site.url);
    await signInToDashboard(page);
    await openEditor(page);
    const about = page.getByRole('region', { name: 'About the book' });
    const count = DEFAULT_SITE_CONTENT.about.length;
    await about.getByRole('button', { name: 'Add a paragraph' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => document.activeElement?.id === id, `site-about-${count}`);
    await page.keyboard.type('A paragraph typed from the keyboard.');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      `Remove paragraph ${count + 1}`,
    );
    await page.keyboard.press('Enter');
    await expect(about.getByRole('group').count()).resolves.toBe(count);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Add a paragraph');
    await page.context().close();
  });

  it('has no serious accessibility violation, and opens at any case of its URL', async () => {
    // axe is injected as an inline script: this page alone goes without the CSP.
    const { page } = await openPage(browser, site.url, { bypassCSP: true });
    await signInToDashboard(page);
    await openEditor(page);
    await expect(seriousAccessibilityViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'site-editor');
    // Paths are case-insensitive, as for every screen.
    await page.goto('/ADMIN/Site');
    await page.getByRole('heading', { name: 'Site content' }).waitFor();
    await page.context().close();
  });

  it('lists what a new owner still has to set up on the dashboard, with the way to the editor', async () => {
    const { page } = await openPage(browser, site.url);
    await signInToDashboard(page);
    const checklist = page.getByRole('region', { name: 'Set up your site' });
    await checklist.waitFor({ timeout: 5000 });
    await checklist
      .getByRole('link', { name: 'Replace the placeholder links (store, social, publisher) with your own.' })
      .click();
    await page.waitForURL(/\/admin\/site$/);
    await page.getByRole('heading', { name: 'Site content' }).waitFor();
    await page.context().close();
  });

  it('shows each setup step with where it is done, links those done in the app, and hides the list once none is left', async () => {
    const { page } = await openPage(browser, site.url);
    // The server's answer with the steps this test chooses: the screen's part alone.
    let steps: unknown[] = [
      { key: 'smtp-url', ...SETUP_STEPS['smtp-url'] },
      { key: 'two-factor', ...SETUP_STEPS['two-factor'] },
    ];
    await page.route(/\/api\/admin\/dashboard$/, async (route) => {
      const answer = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: { ...answer, setup: steps } });
    });
    await signInToDashboard(page);
    const checklist = page.getByRole('region', { name: 'Set up your site' });
    await checklist.waitFor();
    const items = checklist.getByTestId('setup-step');
    await expect(items.count()).resolves.toBe(2);
    await expect(items.nth(0).textContent()).resolves.toBe(
      `${SETUP_STEPS['smtp-url'].text} Where: ${SETUP_STEPS['smtp-url'].where}`,
    );
    await expect(items.nth(0).getByRole('link').count()).resolves.toBe(0);
    await items.nth(1).getByRole('link', { name: SETUP_STEPS['two-factor'].text }).click();
    await page.waitForURL(/\/admin\/security$/);

    steps = [];
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Manage Entries' }).waitFor();
    await expect(page.getByRole('region', { name: 'Set up your site' }).count()).resolves.toBe(0);
    await page.context().close();
  });
});
