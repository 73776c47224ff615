import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const BASE_URL = process.env.BROWSER_BASE_URL ?? '';
export const ARTIFACTS = join(__dirname, '..', '..', '..', 'test-results', 'screenshots');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchChromium(): Promise<Browser> {
  if (BASE_URL === '')
    throw new Error(
      'BROWSER_BASE_URL is not set: run browser tests through jest (its global setup starts the server).',
    );
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
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 }, ...options });
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

/** Signs the owner in through the API and approves every pending guestbook entry. */
export async function approveAllEntries(): Promise<void> {
  const login = await fetch(`${BASE_URL}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: process.env.BROWSER_ADMIN_PASSWORD }),
  });
  const { sessionToken } = (await login.json()) as { sessionToken: string };
  const headers = { Authorization: `Bearer ${sessionToken}`, 'Content-Type': 'application/json' };
  const list = (await (await fetch(`${BASE_URL}/api/admin/guestbook`, { headers })).json()) as {
    entries: Array<{ id: string; reviewedAt: string | null }>;
  };
  for (const entry of list.entries.filter((item) => item.reviewedAt === null)) {
    await fetch(`${BASE_URL}/api/admin/guestbook/${entry.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ isApproved: true }),
    });
  }
}
