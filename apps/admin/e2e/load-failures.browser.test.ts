import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ERROR_MESSAGES, SCREEN_TEXTS } from '@memoir/shared';
import type { Browser, Page, Route } from 'playwright-core';

import {
  launchChromium,
  openPage,
  post,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { shows, signInToDashboard } from './admin-pages';

/** What the server says when its database is unreachable. */
const unavailable = (route: Route) =>
  route.fulfill({
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({ success: false, error: ERROR_MESSAGES.unavailable }),
  });

/**
 * A screen whose data cannot be loaded says so, with a Retry button, instead of showing an
 * empty list (which would tell the owner there is nothing to moderate) or placeholders forever.
 */
describe('admin screens whose data does not arrive', () => {
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

  const newPage = async (): Promise<Page> => (await openPage(browser, site.url)).page;

  it.each([
    {
      screen: 'guestbook',
      path: '/admin/guestbook',
      api: /\/api\/admin\/guestbook(\?|$)/,
      empty: SCREEN_TEXTS.adminGuestbookEmpty,
    },
    {
      screen: 'scholarships',
      path: '/admin/scholarships',
      api: /\/api\/admin\/scholarships(\?|$)/,
      empty: SCREEN_TEXTS.scholarshipsEmpty,
    },
    {
      screen: 'audit logs',
      path: '/admin/logs',
      api: /\/api\/admin\/audit-logs(\?|$)/,
      empty: SCREEN_TEXTS.auditLogsEmpty,
    },
  ])(
    '$screen: a failed load shows the error and Retry, never the empty state; Retry loads the list',
    async (screen) => {
      const page = await newPage();
      await signInToDashboard(page);
      let failing = true;
      await page.route(screen.api, (route) => (failing ? unavailable(route) : route.continue()));
      await page.goto(screen.path);

      const error = page.getByRole('alert').filter({ hasText: ERROR_MESSAGES.unavailable });
      await error.waitFor();
      await expect(page.getByText(screen.empty).count()).resolves.toBe(0);

      failing = false;
      await error.getByRole('button', { name: 'Retry' }).click();
      if (screen.screen === 'audit logs') await page.getByTestId('audit-log').first().waitFor();
      else await page.getByText(screen.empty).waitFor();
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      await page.context().close();
    },
  );

  it('dashboard: a call that never answers shows an error with Retry instead of placeholders; Retry shows the figures', async () => {
    const page = await newPage();
    await signInToDashboard(page);
    let failing = true;
    await page.route(/\/api\/admin\/dashboard/, (route) =>
      failing ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto('/admin');
    const error = page.getByRole('alert');
    await error.getByRole('button', { name: 'Retry' }).waitFor();
    await expect(page.getByText('…').count()).resolves.toBe(0);

    failing = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await shows(page.getByTestId('guestbook-total'), '0');
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('dashboard: a failed refresh keeps the last figures and says they could not be refreshed', async () => {
    const page = await newPage();
    await page.clock.install();
    await signInToDashboard(page);
    await shows(page.getByTestId('guestbook-total'), '0');
    let failing = true;
    await page.route(/\/api\/admin\/dashboard/, (route) => (failing ? unavailable(route) : route.continue()));
    await page.clock.runFor(30_000);
    const error = page.getByRole('alert').filter({ hasText: ERROR_MESSAGES.unavailable });
    await error.waitFor();
    await expect(page.getByTestId('guestbook-total').textContent()).resolves.toBe('0');

    failing = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('scholarships: the counters wait for the list instead of showing 0 / 0 / 0', async () => {
    await post(site.url, '/api/scholarship-request', {
      name: 'Grace',
      email: 'grace@example.org',
      riddleAnswer: 'kernel',
    });
    const page = await newPage();
    await signInToDashboard(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/admin\/scholarships(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Manage Requests' }).click();
    await page.getByText(SCREEN_TEXTS.scholarshipsLoading).waitFor();
    await expect(page.getByTestId('count-pending').count()).resolves.toBe(0);
    await expect(page.getByTestId('count-approved').count()).resolves.toBe(0);
    release();
    await shows(page.getByTestId('count-pending'), '1');
    await page.context().close();
  });
});
