import { readFile } from 'node:fs/promises';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ERROR_MESSAGES, SCREEN_TEXTS } from '@memoir/shared';
import type { Browser, Page, Request, Route } from 'playwright-core';

import {
  adminHeaders,
  launchChromium,
  openPage,
  post,
  screenshot,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { shows, signInToDashboard } from './admin-pages';

/** What the server says when something unexpected broke. */
const broken = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ success: false, error: ERROR_MESSAGES.internal }),
  });

const APPROVED = 34;
const PENDING = 65;
/** The oldest entry is approved again this many times: more approvals in the log than a page holds. */
const REDECISIONS = 20;
const REQUESTERS = ['Grace', 'Linus', 'Margaret'];

/**
 * The owner's inbox on a site with more than a screenful: an old approved entry found by
 * search, pending entries paged with Load more, a Shift+click selection approved at once, a
 * keyboard-only bulk rejection in which one request fails alone, failures shown with Retry
 * (never as an empty list), and the filtered audit log downloaded as CSV. The filters live in
 * the URL, so reload and Back keep them.
 */
describe('the admin inbox: search, paging, bulk decisions and exports', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchChromium();
    const sign = async (name: string, message: string) => {
      const response = await post(site.url, '/api/guestbook-entry', { name, message, riddleAnswer: 'network' });
      expect(response.status).toBe(201);
    };
    // The oldest entry, approved: far beyond the ten newest approved that the screen shows.
    await sign('Old Timer', 'Greetings from the early days');
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let n = 1; n <= APPROVED - 1; n += 1) await sign(`Approved ${n}`, `Approved message ${n}`);
    const headers = await adminHeaders(site.url);
    const toApprove = (await (
      await fetch(`${site.url}/api/admin/guestbook?class=pending&limit=100`, { headers })
    ).json()) as {
      entries: Array<{ id: string }>;
    };
    expect(toApprove.entries).toHaveLength(APPROVED);
    const approved = await post(
      site.url,
      '/api/admin/guestbook/bulk',
      { ids: toApprove.entries.map((entry) => entry.id), isApproved: true },
      headers,
    );
    expect(approved.status).toBe(200);
    const oldest = toApprove.entries.at(-1)?.id ?? '';
    for (let n = 0; n < REDECISIONS; n += 1) {
      const again = await fetch(`${site.url}/api/admin/guestbook/${oldest}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ isApproved: true }),
      });
      expect(again.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let n = 1; n <= PENDING; n += 1) await sign(`Pending ${String(n).padStart(2, '0')}`, `Waiting ${n}`);
    for (const name of REQUESTERS) {
      const response = await post(site.url, '/api/scholarship-request', {
        name,
        email: `${name.toLowerCase()}@example.org`,
        riddleAnswer: 'kernel',
      });
      expect(response.status).toBe(201);
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const signedIn = async (options: Parameters<typeof openPage>[2] = {}): Promise<Page> => {
    const { page } = await openPage(browser, site.url, options);
    await signInToDashboard(page);
    return page;
  };
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const entries = (page: Page, name: string) => region(page, name).getByTestId('guestbook-entry');

  it('finds an old approved entry by search; the URL keeps the search across reload, and Back returns', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Manage Entries' }).click();
    await shows(region(page, 'Approved').getByRole('heading'), `Approved (${APPROVED})`);
    await expect(entries(page, 'Approved').count()).resolves.toBe(10);
    await expect(page.getByText('Old Timer').count()).resolves.toBe(0);
    await region(page, 'Approved').getByRole('button', { name: 'Show all approved' }).waitFor();

    await page.getByLabel('Search entries').fill('old timer');
    await page.getByLabel('Search entries').press('Enter');
    await page.waitForURL(/\/admin\/guestbook\?q=old(\+|%20)timer$/);
    const results = region(page, 'Entries matching “old timer”');
    await results.getByText('Greetings from the early days').waitFor();
    await expect(results.getByTestId('guestbook-entry').count()).resolves.toBe(1);
    await expect(page.getByLabel('Search entries').evaluate((box) => box === document.activeElement)).resolves.toBe(
      true,
    );

    await page.reload();
    await results.getByText('Greetings from the early days').waitFor();
    await expect(page.getByLabel('Search entries').inputValue()).resolves.toBe('old timer');

    await page.goBack();
    await page.waitForURL(/\/admin\/guestbook$/);
    await region(page, 'Pending').waitFor();
    await expect(page.getByLabel('Search entries').inputValue()).resolves.toBe('');

    // The class filter reaches every approved entry, the oldest included.
    await page.getByLabel('Class').selectOption('approved');
    await page.waitForURL(/class=approved/);
    await shows(page.getByTestId('shown-count'), `Showing ${APPROVED} of ${APPROVED}`);
    await region(page, 'Approved entries').getByText('Old Timer').waitFor();
    await page.context().close();
  });

  it('pages through the pending entries with Load more, from the exact count', async () => {
    const page = await signedIn();
    await page.goto('/admin/guestbook');
    await shows(region(page, 'Pending').getByRole('heading'), `Pending (${PENDING})`);
    await expect(entries(page, 'Pending').count()).resolves.toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await entries(page, 'Pending')
      .nth(PENDING - 1)
      .waitFor();
    await expect(entries(page, 'Pending').count()).resolves.toBe(PENDING);
    await region(page, 'Pending').getByText('Waiting 1', { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('bulk-approves a Shift+click selection with one note: the entries move, and the dashboard follows', async () => {
    const page = await signedIn();
    await page.goto('/admin/guestbook');
    const pending = entries(page, 'Pending');
    await pending.first().waitFor();
    const names = await pending.locator('.item-head strong').allTextContents();
    const chosen = names.slice(0, 4);
    await page.getByRole('checkbox', { name: `Select entry by ${chosen[0]}` }).click();
    await page.getByRole('checkbox', { name: `Select entry by ${chosen[3]}` }).click({ modifiers: ['Shift'] });
    await shows(page.getByTestId('selected-count'), '4 selected');
    for (const name of chosen) {
      await expect(page.getByRole('checkbox', { name: `Select entry by ${name}` }).isChecked()).resolves.toBe(true);
    }
    await expect(page.getByRole('checkbox', { name: `Select entry by ${names[4]}` }).isChecked()).resolves.toBe(false);
    await page.getByLabel('Note for the 4 entries (optional)').fill('Welcome aboard');
    await page.getByRole('button', { name: 'Approve selected' }).click();

    await shows(page.getByTestId('bulk-outcome').locator('strong'), 'Approved 4 entries.');
    await shows(region(page, 'Pending').getByRole('heading'), `Pending (${PENDING - 4})`);
    for (const name of chosen) {
      await region(page, 'Approved').getByText(name, { exact: true }).waitFor();
      await expect(region(page, 'Pending').getByText(name, { exact: true }).count()).resolves.toBe(0);
    }
    await expect(region(page, 'Approved').getByText('Notes: Welcome aboard').count()).resolves.toBe(4);
    await shows(page.getByTestId('selected-count'), '0 selected');

    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await shows(page.getByTestId('guestbook-pending'), String(PENDING - 4));
    await page.context().close();
  });

  it('decides a selection from the keyboard alone; a request decided elsewhere fails alone, by name', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Manage Requests' }).click();
    await shows(page.getByTestId('count-pending'), '3');
    for (const name of REQUESTERS) {
      await page.getByRole('checkbox', { name: `Select request from ${name}` }).waitFor();
    }
    // Someone (another tab) approves Margaret's request while this list is on screen.
    const headers = await adminHeaders(site.url);
    const list = (await (await fetch(`${site.url}/api/admin/scholarships`, { headers })).json()) as {
      requests: Array<{ id: string; name: string }>;
    };
    const margaret = list.requests.find((request) => request.name === 'Margaret');
    const decided = await fetch(`${site.url}/api/admin/scholarships/${margaret?.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(decided.status).toBe(200);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).focus();
    await page.keyboard.press('Space');
    await shows(page.getByTestId('selected-count'), '3 selected');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('TEXTAREA');
    await page.keyboard.type('Please buy it when you can');
    await page.keyboard.press('Tab'); // Approve selected
    await page.keyboard.press('Tab'); // Reject selected
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Reject selected');
    await page.keyboard.press('Enter');

    const outcome = page.getByRole('alert').filter({ hasText: 'could not be decided' });
    await shows(outcome.locator('p strong'), 'Rejected 2 of 3 requests; 1 could not be decided:');
    await shows(outcome.locator('li'), 'Margaret: This request has already been decided.');
    // The focus goes to the outcome, which says what happened; Dismiss is the next stop.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
      'bulk-outcome',
    );
    await shows(page.getByTestId('count-pending'), '0');
    await shows(page.getByTestId('count-approved'), '1');
    await shows(page.getByTestId('count-rejected'), '2');
    await region(page, 'Rejected Requests').getByText('Admin notes: Please buy it when you can').first().waitFor();
    await screenshot(page, 'admin-bulk-outcome');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Dismiss
    await expect(page.getByTestId('bulk-outcome').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('shows a failed list as an error with Retry, never as an empty one; Retry loads it', async () => {
    const page = await signedIn();
    await page.goto('/admin/guestbook');
    await region(page, 'Pending').waitFor();
    let failing = true;
    await page.route(/\/api\/admin\/guestbook\?/, (route) => (failing ? broken(route) : route.continue()));

    await page.getByLabel('Class').selectOption('rejected');
    const error = page.getByRole('alert').filter({ hasText: ERROR_MESSAGES.internal });
    await error.getByRole('button', { name: 'Retry' }).waitFor();
    await expect(error.textContent()).resolves.toContain('Could not load the guestbook entries.');
    await expect(page.getByText(SCREEN_TEXTS.adminGuestbookEmpty).count()).resolves.toBe(0);
    failing = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(SCREEN_TEXTS.adminGuestbookEmpty).waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);

    // A next page that fails keeps the entries shown, with its own Retry.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await entries(page, 'Pending').nth(49).waitFor();
    await expect(entries(page, 'Pending').count()).resolves.toBe(50);
    failing = true;
    await page.getByRole('button', { name: 'Load more' }).click();
    const more = page.getByRole('alert').filter({ hasText: 'Could not load more entries.' });
    await more.waitFor();
    await expect(entries(page, 'Pending').count()).resolves.toBe(50);
    failing = false;
    await more.getByRole('button', { name: 'Retry' }).click();
    await entries(page, 'Pending').nth(50).waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('keeps the audit log on screen when its 30 s refresh fails, saying it may be out of date', async () => {
    const { page } = await openPage(browser, site.url);
    await page.clock.install();
    await signInToDashboard(page);
    await page.getByRole('link', { name: 'View Logs' }).click();
    await page.getByTestId('audit-log').first().waitFor();
    const shown = await page.getByTestId('audit-log').count();
    let failing = true;
    await page.route(/\/api\/admin\/audit-logs\?/, (route) => (failing ? broken(route) : route.continue()));
    await page.route(/\/api\/admin\/audit-logs$/, (route) => (failing ? broken(route) : route.continue()));
    await page.clock.runFor(30_000);
    const stale = page.getByRole('alert').filter({ hasText: 'may be out of date' });
    await stale.waitFor();
    await expect(stale.textContent()).resolves.toContain('Could not refresh the audit logs.');
    await expect(page.getByTestId('audit-log').count()).resolves.toBe(shown);
    failing = false;
    await stale.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('filters the audit log in the URL and downloads the filtered events as CSV, with the token in no URL', async () => {
    const page = await signedIn();
    const csvRequests: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('.csv')) csvRequests.push(request);
    });
    await page.goto('/admin/logs');
    await page.getByTestId('audit-log').first().waitFor();
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    await page.getByLabel('Action', { exact: true }).selectOption('approve');
    await page.getByLabel('Resource type', { exact: true }).selectOption('guestbook_entry');
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/action=approve/);
    expect(new URL(page.url()).searchParams.get('resourceType')).toBe('guestbook_entry');
    expect(new URL(page.url()).searchParams.get('to')).toBe(today);

    await page.reload();
    await expect(page.getByLabel('Action', { exact: true }).inputValue()).resolves.toBe('approve');
    await expect(page.getByLabel('To', { exact: true }).inputValue()).resolves.toBe(today);
    const logs = page.getByTestId('audit-log');
    await logs.first().waitFor();
    const badges = await logs.locator('.badge').allTextContents();
    expect(new Set(badges)).toEqual(new Set(['APPROVE']));
    await page.getByRole('button', { name: 'Load more' }).click();
    await logs.nth(50).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trimEnd().split('\r\n');
    expect(header).toBe('id,createdAt,action,resourceType,resourceId,userId,ipAddress,userAgent,details');
    // Every approval of this file's data (not only the pages shown): the seeded ones, the
    // oldest entry's repeats and the four approved in the browser.
    expect(rows).toHaveLength(APPROVED + REDECISIONS + 4);
    for (const row of rows) expect(row).toMatch(/^[0-9a-f-]{36},\d{4}-\d{2}-\d{2}T[^,]+Z,approve,guestbook_entry,/);

    expect(csvRequests).toHaveLength(1);
    const [request] = csvRequests;
    const url = new URL(request?.url() ?? '');
    expect(url.searchParams.get('action')).toBe('approve');
    expect(url.searchParams.get('resourceType')).toBe('guestbook_entry');
    expect(url.href).not.toMatch(/token|bearer/i);
    expect((await request?.allHeaders())?.authorization).toMatch(/^Bearer [\w-]+$/);
    await page.context().close();
  });

  it('has no serious or critical accessibility violation with filters, selection and results on screen', async () => {
    const page = await signedIn({ bypassCSP: true });
    await page.goto('/admin/guestbook');
    await entries(page, 'Pending').first().waitFor();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    expect(['guestbook, selection', await seriousAccessibilityViolations(page)]).toEqual(['guestbook, selection', []]);
    await screenshot(page, 'admin-guestbook-selection');
    for (const [path, ready, name] of [
      ['/admin/guestbook?q=old%20timer', page.getByText('Greetings from the early days'), 'admin-guestbook-search'],
      ['/admin/scholarships?status=rejected', page.getByText('Showing 2 of 2'), 'admin-scholarships-filtered'],
      ['/admin/logs?action=approve', page.getByTestId('audit-log').first(), 'admin-logs-filtered'],
    ] as const) {
      await page.goto(path);
      await ready.waitFor();
      expect([path, await seriousAccessibilityViolations(page)]).toEqual([path, []]);
      await screenshot(page, name);
    }
    await page.context().close();
  });
});
