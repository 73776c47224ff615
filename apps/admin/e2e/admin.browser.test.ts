import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_SESSION_STORAGE_KEY, SCREEN_TEXTS, TOASTS } from '@memoir/shared';
import type { Browser, Page } from 'playwright-core';

import {
  ADMIN_PASSWORD,
  adminHeaders,
  launchChromium,
  openPage,
  post,
  screenshot,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { shows, signIn } from './admin-pages';

describe('the admin app in Chromium', () => {
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

  const newPage = async () => (await openPage(browser, site.url)).page;

  it('shows the empty states on a fresh site', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/guestbook');
    await page.getByText(SCREEN_TEXTS.adminGuestbookEmpty).waitFor();
    await page.goto('/admin/scholarships');
    await page.getByText(SCREEN_TEXTS.scholarshipsEmpty).waitFor();
    await expect(page.locator('h1').textContent()).resolves.toBe(SCREEN_TEXTS.scholarshipsTitle);
    await page.context().close();
  });

  it('has a sign-in page that says what it is, keeps submit disabled until both fields are filled, and shows or hides the password', async () => {
    const page = await newPage();
    await page.goto('/admin/login');
    await expect(page.getByText(SCREEN_TEXTS.loginTagline).count()).resolves.toBe(1);
    await expect(page.getByText(SCREEN_TEXTS.loginNotice).count()).resolves.toBe(1);
    const submit = page.getByRole('button', { name: 'Sign in' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Username').fill('admin');
    await expect(submit.isDisabled()).resolves.toBe(true);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('x');
    await expect(submit.isDisabled()).resolves.toBe(false);
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await expect(page.getByLabel('Username').getAttribute('autocomplete')).resolves.toBe('username');
    await expect(password.getAttribute('autocomplete')).resolves.toBe('current-password');
    await page.context().close();
  });

  it('refuses a wrong password with the Login failed toast, then signs in', async () => {
    const page = await newPage();
    await signIn(page, 'not-the-password');
    await page.locator('.toast', { hasText: TOASTS.loginFailed.title }).first().waitFor();
    await page.locator('.toast', { hasText: 'Invalid username or password.' }).first().waitFor();
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    await page.getByRole('link', { name: 'Manage Entries' }).waitFor();
    await page.goto('/admin/login');
    await page.waitForURL(/\/admin\/?$/); // already signed in: back to the dashboard
    await page.context().close();
  });

  it('tells a refused sign-in from a successful one in the audit log: both LOGIN, the refusal marked FAILED in its own colour', async () => {
    const page = await newPage();
    await signIn(page, 'not-the-password');
    await page.locator('.toast', { hasText: TOASTS.loginFailed.title }).first().waitFor();
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/logs');
    const logs = page.getByTestId('audit-log').filter({ hasText: 'ADMIN SESSION' });
    await logs.first().waitFor();
    // Newest first: this sign-in, then the refusal just before it.
    const [succeeded, refused] = [logs.nth(0), logs.nth(1)];
    await expect(succeeded.locator('.badge').allTextContents()).resolves.toEqual(['LOGIN']);
    await expect(refused.locator('.badge').allTextContents()).resolves.toEqual(['LOGIN', 'FAILED']);
    const colour = (badge: ReturnType<Page['locator']>) => badge.evaluate((element) => getComputedStyle(element).color);
    const [successColour, refusalColour] = await Promise.all([
      colour(succeeded.locator('.badge').first()),
      colour(refused.locator('.badge').first()),
    ]);
    expect(refusalColour).not.toBe(successColour);
    await page.context().close();
  });

  it('opens every screen whatever the case of its URL, signed out and signed in', async () => {
    const page = await newPage();
    await page.goto('/ADMIN/GUESTBOOK');
    await page.waitForURL(/\/admin\/login\?redirect=%2Fguestbook$/i);
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'GUESTBOOK MODERATION' }).waitFor();
    for (const [path, title] of [
      ['/ADMIN/SCHOLARSHIPS', SCREEN_TEXTS.scholarshipsTitle],
      ['/Admin/Logs', SCREEN_TEXTS.auditLogsTitle],
      ['/aDmIn/GuestBook/', 'GUESTBOOK MODERATION'],
      ['/ADMIN', 'Dashboard'],
    ] as const) {
      expect([path, (await page.goto(path))?.status()]).toEqual([path, 200]);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    }
    await page.goto('/ADMIN/LOGIN');
    await page.waitForURL(/\/admin\/?$/i); // already signed in: back to the dashboard
    await expect(page.getByText(SCREEN_TEXTS.notFound).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('draws its icons as SVG (which every browser renders), never as characters a font may lack', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    await page.goto('/admin/logs');
    const icons = page.getByTestId('audit-log').locator('.icon');
    await icons.first().waitFor();
    for (const icon of await icons.all()) {
      await expect(icon.textContent()).resolves.toBe('');
      expect((await icon.locator('svg').boundingBox())?.width).toBeGreaterThan(0);
    }
    const back = page.getByRole('link', { name: 'Back to the dashboard' });
    await expect(back.locator('svg').count()).resolves.toBe(1);
    await expect(back.textContent()).resolves.toBe('Back to the dashboard');
    await page.getByRole('button', { name: 'Log out' }).click();
    const close = page.locator('.toast-close').first();
    await close.waitFor();
    await expect(close.textContent()).resolves.toBe('');
    await expect(close.locator('svg').count()).resolves.toBe(1);
    await page.context().close();
  });

  it('sends the owner to sign in from any admin screen, then back there', async () => {
    const page = await newPage();
    await page.goto('/admin/scholarships');
    await page.waitForURL(/\/admin\/login\?redirect=%2Fscholarships/);
    await signIn(page);
    await page.waitForURL(/\/admin\/scholarships$/);
    await page.context().close();
  });

  it('moderates guestbook entries end to end, and the dashboard and audit log follow', async () => {
    for (const name of ['Ada', 'Bob']) {
      await post(site.url, '/api/guestbook-entry', { name, message: `Hello from ${name}`, riddleAnswer: 'network' });
    }
    const page = await newPage();
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    await shows(page.getByTestId('guestbook-pending'), '2');

    await page.getByRole('link', { name: 'Manage Entries' }).click();
    const pending = page.getByRole('region', { name: 'Pending' });
    const ada = pending.getByTestId('guestbook-entry').filter({ hasText: 'Ada' });
    await ada.getByRole('button', { name: 'Review' }).click();
    await ada.getByLabel('Admin notes (optional)').fill('scribbled');
    await ada.getByRole('button', { name: 'Cancel' }).click();
    await ada.getByRole('button', { name: 'Review' }).click();
    await expect(ada.getByLabel('Admin notes (optional)').inputValue()).resolves.toBe('');
    await ada.getByLabel('Admin notes (optional)').fill('Lovely');
    await ada.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.toast', { hasText: TOASTS.guestbookEntryUpdated.title }).first().waitFor();
    await page.getByRole('region', { name: 'Approved' }).getByText('Hello from Ada').waitFor();

    const bob = pending.getByTestId('guestbook-entry').filter({ hasText: 'Bob' });
    await bob.getByRole('button', { name: 'Review' }).click();
    await bob.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('region', { name: 'Rejected' }).getByText('Hello from Bob').waitFor();

    await page.getByRole('link', { name: /Back to the dashboard/ }).click();
    await shows(page.getByTestId('guestbook-pending'), '0');
    await page.getByRole('link', { name: 'View Logs' }).click();
    await page.getByText(SCREEN_TEXTS.auditLogsIntro).waitFor();
    const logs = page.getByTestId('audit-log');
    await logs.first().waitFor();
    const text = (await logs.allTextContents()).join('\n');
    expect(text).toContain('APPROVE');
    expect(text).toContain('REJECT');
    expect(text).toContain('GUESTBOOK ENTRY');
    expect(text).toMatch(/[0-9a-f]{8}\.\.\./);
    expect(text).toContain('"adminNotes": "Lovely"');
    await page.context().close();
  });

  it('decides scholarship requests; a second decision on the same request shows Update failed', async () => {
    for (const name of ['Grace', 'Linus', 'Margaret']) {
      await post(site.url, '/api/scholarship-request', {
        name,
        email: `${name.toLowerCase()}@example.org`,
        riddleAnswer: 'kernel',
      });
    }
    const page = await newPage();
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    await page.getByRole('link', { name: 'Manage Requests' }).click();
    await shows(page.getByTestId('count-pending'), '3');

    const card = (name: string) => page.getByTestId('scholarship-request').filter({ hasText: name });
    await card('Grace').getByRole('button', { name: 'Review' }).click();
    await expect(card('Grace').getByLabel('Decision').inputValue()).resolves.toBe('approved');
    await expect(card('Grace').getByLabel('Admin notes').getAttribute('placeholder')).resolves.toBe(
      SCREEN_TEXTS.scholarshipNotesPlaceholder,
    );
    await card('Grace').getByRole('button', { name: 'Submit Decision' }).click();
    await page.locator('.toast', { hasText: TOASTS.scholarshipUpdated.title }).first().waitFor();
    await shows(page.getByTestId('count-approved'), '1');
    await shows(card('Grace').locator('.badge'), 'APPROVED');

    await card('Linus').getByRole('button', { name: 'Review' }).click();
    await card('Linus').getByLabel('Decision').selectOption('rejected');
    await card('Linus').getByLabel('Admin notes').fill('Please buy it when you can');
    await card('Linus').getByRole('button', { name: 'Submit Decision' }).click();
    await shows(page.getByTestId('count-rejected'), '1');
    await card('Linus').getByText('Admin notes: Please buy it when you can').waitFor();

    // Someone (another tab) decides Margaret's request while the form is open here.
    await card('Margaret').getByRole('button', { name: 'Review' }).click();
    const headers = await adminHeaders(site.url);
    const list = (await (await fetch(`${site.url}/api/admin/scholarships`, { headers })).json()) as {
      requests: Array<{ id: string; name: string }>;
    };
    const margaret = list.requests.find((request) => request.name === 'Margaret');
    await fetch(`${site.url}/api/admin/scholarships/${margaret?.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ status: 'approved' }),
    });
    await card('Margaret').getByRole('button', { name: 'Submit Decision' }).click();
    await page.locator('.toast', { hasText: TOASTS.scholarshipUpdateFailed.title }).first().waitFor();
    await page.locator('.toast', { hasText: 'This request has already been decided.' }).first().waitFor();
    await page.context().close();
  });

  it('brings back the login page when the session ends on the server, and returns there after signing in', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    const token = await page.evaluate((key) => window.localStorage.getItem(key), ADMIN_SESSION_STORAGE_KEY);
    await post(site.url, '/api/admin/logout', {}, { Authorization: `Bearer ${token}` });
    await page.getByRole('link', { name: 'Manage Requests' }).click();
    await page.waitForURL(/\/admin\/login\?redirect=%2Fscholarships/);
    await signIn(page);
    await page.waitForURL(/\/admin\/scholarships$/);
    await page.context().close();
  });

  it('shows each loading state while its data is on the way', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    // Hold the answers, so the loading texts stay on screen until the test has seen them.
    const held: Array<() => void> = [];
    await page.route(/\/api\/admin\/(me|scholarships|audit-logs)/, async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    await page.goto('/admin/scholarships');
    await page.getByText(SCREEN_TEXTS.loading, { exact: true }).waitFor();
    held.splice(0).forEach((release) => release());
    await page.getByText(SCREEN_TEXTS.scholarshipsLoading).waitFor();
    held.splice(0).forEach((release) => release());
    await page.getByText(SCREEN_TEXTS.scholarshipsTitle).waitFor();
    await page.getByRole('link', { name: /Back to the dashboard/ }).click();
    await page.getByRole('link', { name: 'View Logs' }).click();
    await page.getByText(SCREEN_TEXTS.auditLogsLoading).waitFor();
    held.splice(0).forEach((release) => release());
    await page.getByTestId('audit-log').first().waitFor();
    await page.unroute(/\/api\/admin\/(me|scholarships|audit-logs)/);
    await page.context().close();
  });

  it('logs out with the Logged out toast', async () => {
    const page = await newPage();
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/admin\/login/);
    await page.locator('.toast', { hasText: TOASTS.loggedOut.description }).first().waitFor();
    await expect(
      page.evaluate((key) => window.localStorage.getItem(key), ADMIN_SESSION_STORAGE_KEY),
    ).resolves.toBeNull();
    await page.context().close();
  });

  it('shows the not-found screen for other admin paths', async () => {
    const page = await newPage();
    const response = await page.goto('/admin/nothing-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(SCREEN_TEXTS.notFound).count()).resolves.toBe(1);
    await page.context().close();
  });

  it('has no serious or critical accessibility violation on any screen, and keeps screenshots', async () => {
    const { page } = await openPage(browser, site.url, { bypassCSP: true });
    await page.goto('/admin/login');
    await page.getByLabel('Username').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-login');
    await signIn(page);
    await page.waitForURL(/\/admin\/?$/);
    for (const [path, name, ready] of [
      ['/admin', 'admin-dashboard', 'Manage Entries'],
      ['/admin/guestbook', 'admin-guestbook', 'GUESTBOOK MODERATION'],
      ['/admin/scholarships', 'admin-scholarships', SCREEN_TEXTS.scholarshipsTitle],
      ['/admin/logs', 'admin-logs', SCREEN_TEXTS.auditLogsTitle],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      expect([path, await seriousAccessibilityViolations(page)]).toEqual([path, []]);
      await screenshot(page, name);
    }
    await page.context().close();
  });
});

describe('the admin app on its own host (ADMIN_HOST)', () => {
  let site: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    site = await startSiteServer({ ADMIN_HOST: 'admin.localhost' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('is served on admin.localhost and refused on the public host', async () => {
    const port = new URL(site.url).port;
    const { page } = await openPage(browser, `http://admin.localhost:${port}`);
    expect((await page.goto('/admin/login'))?.status()).toBe(200);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/?$/);
    expect((await page.goto(`${site.url}/admin/login`))?.status()).toBe(404);
    expect((await post(site.url, '/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(
      404,
    );
    await page.context().close();
  });
});
