import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

import { startServerProcess, type ServerProcess } from '../../apps/server/test/support/server-process';

const ROOT = join(__dirname, '..', '..');
export const ARTIFACTS = join(ROOT, 'test-results', 'screenshots');
export const ADMIN_PASSWORD = 'browser-tests-password';

/** The built server of a browser test file; `stop()` also removes its data. */
export type SiteServer = ServerProcess;

/**
 * The built server on an empty SQLite folder of its own: each browser test file starts one, so
 * no file sees another's data. `env` adds or overrides configuration (e.g. ADMIN_HOST). A
 * `dataDir` given is kept (the test removes it): a test that restarts the server passes the
 * first one's folder, and its PORT, to the second.
 */
export function startSiteServer(env: Record<string, string> = {}, dataDir?: string): Promise<SiteServer> {
  return startServerProcess({
    env: { ADMIN_PASSWORD, FORM_RATE_LIMIT: '1000/1m', LOG_LEVEL: 'warn', ...env },
    ...(dataDir === undefined ? {} : { dataDir }),
  });
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh page; console errors are collected so a test can insist there were none. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** axe-core's serious and critical violations on the current page. */
export async function seriousAccessibilityViolations(
  page: Page,
): Promise<Array<{ id: string; impact: string; nodes: number }>> {
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: source });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
          ) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: unknown[] }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      nodes: violation.nodes.length,
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Signs the owner in through the API; returns headers for admin calls. */
export async function adminHeaders(baseUrl: string): Promise<Record<string, string>> {
  const login = await post(baseUrl, '/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD });
  const { sessionToken } = (await login.json()) as { sessionToken: string };
  return { Authorization: `Bearer ${sessionToken}`, 'Content-Type': 'application/json' };
}

/** Posts JSON to the site, as the apps do. */
export function post(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Signs the owner in through the API and approves every pending guestbook entry. */
export async function approveAllEntries(baseUrl: string): Promise<void> {
  const headers = await adminHeaders(baseUrl);
  const list = (await (await fetch(`${baseUrl}/api/admin/guestbook`, { headers })).json()) as {
    entries: Array<{ id: string; reviewedAt: string | null }>;
  };
  for (const entry of list.entries.filter((item) => item.reviewedAt === null)) {
    await fetch(`${baseUrl}/api/admin/guestbook/${entry.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ isApproved: true }),
    });
  }
}

/**
 * Waits until React has hydrated the element `selector` names: the server rendered it, and
 * its code may come later (apps/public-site/src/shared/when-near.tsx). Polled from here, so it
 * works while the page's timers are held (Playwright's clock).
 */
export async function hydrated(page: Page, selector: string): Promise<void> {
  const isHydrated = (sel: string): boolean =>
    Object.keys(document.querySelector(sel) ?? {}).some((key) => key.startsWith('__reactFiber'));
  for (let waited = 0; !(await page.evaluate(isHydrated, selector)); waited += 50) {
    if (waited > 10_000) throw new Error(`${selector} was not hydrated`);
    await page.waitForTimeout(50);
  }
}
