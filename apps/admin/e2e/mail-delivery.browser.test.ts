import { createHmac } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSmtpServer, type TestSmtpServer } from '@memoir/mail/testing';
import type { Browser } from 'playwright-core';

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
import { signInToDashboard } from './admin-pages';

const SECRET = 'a-long-random-webhook-secret';

/** A Mailgun webhook of one event, signed with MAIL_EVENTS_SECRET as Mailgun signs it. */
function mailgunEvent(event: Record<string, unknown>) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = `token-${Math.random().toString(36).slice(2)}`;
  const signature = createHmac('sha256', SECRET)
    .update(timestamp + token)
    .digest('hex');
  return {
    signature: { timestamp, token, signature },
    'event-data': { id: token, timestamp: Number(timestamp), ...event },
  };
}

/**
 * The owner follows what became of a reader's email: sent, bounced (a provider's signed
 * webhook), the page opened; a Resend is not sent, and the request says why. On the Mail
 * screen's Suppressed addresses, the owner removes the address, confirming first, and the
 * list is empty.
 */
describe("a delivery's timeline and the suppression list in Chromium", () => {
  let smtp: TestSmtpServer;
  let site: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    site = await startSiteServer({ SMTP_URL: smtp.url, DELIVERY_POLL_INTERVAL: '100ms', MAIL_EVENTS_SECRET: SECRET });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await smtp?.close();
  });

  it('shows the timeline and why a resend was not sent, then lifts the suppression', async () => {
    await post(site.url, '/api/scholarship-request', {
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      riddleAnswer: 'kernel',
    });
    const headers = await adminHeaders(site.url);
    const list = (await (await fetch(`${site.url}/api/admin/scholarships`, { headers })).json()) as {
      requests: Array<{ id: string }>;
    };
    const id = list.requests[0]?.id ?? '';
    const decided = await fetch(`${site.url}/api/admin/scholarships/${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(decided.status).toBe(200);
    while (smtp.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const [email] = await smtp.parsed();
    const path = /\/download\/[A-Za-z0-9_-]{43}/.exec(email?.text ?? '')?.[0] ?? '';
    // Mailgun reports a bounce (its time in whole seconds: never shown before the send), and
    // the reader opens the page all the same (a copy forwarded by a server that then refused).
    const bounce = mailgunEvent({ event: 'failed', severity: 'permanent', recipient: 'Ada@example.org' });
    expect((await post(site.url, '/api/mail-events/mailgun', bounce)).status).toBe(200);
    expect((await fetch(`${site.url}${path}`)).status).toBe(200);

    const { page, errors } = await openPage(browser, site.url, { bypassCSP: true });
    await signInToDashboard(page);
    await page.goto('/admin/scholarships?status=approved');
    const card = page.getByTestId('scholarship-request').filter({ hasText: 'Ada Lovelace' });
    await card.getByRole('button', { name: 'What became of the email' }).click();
    const timeline = card.getByTestId('delivery-timeline');
    await timeline.getByRole('heading', { name: 'PDF email: sent' }).waitFor();
    const lines = async () =>
      (await timeline.locator('li').allTextContents()).map((line) => line.replace(/^.*? · /, ''));
    await expect(lines()).resolves.toEqual([
      'Queued to be sent',
      "Accepted by the mail server (it left the site; the reader's provider has it)",
      'Bounced: the receiving server says the address does not exist; no more mail goes to it',
      'The reader opened the download page',
    ]);

    // The owner sends it again: the address is suppressed, so it is not sent, and the request says why.
    await card.getByRole('button', { name: 'Resend' }).click();
    await timeline.getByRole('heading', { name: 'PDF email, sent again: not sent' }).waitFor({ timeout: 15_000 });
    await expect(timeline.getByTestId('not-sent').textContent()).resolves.toMatch(
      /^Not sent: the address bounced on \d{4}-\d\d-\d\d and is suppressed\. Lift the suppression \(Mail, Suppressions\) and send again\.$/,
    );
    expect(smtp.received).toHaveLength(1);
    await screenshot(page, 'admin-delivery-timeline');

    // Mail, then its Suppressed addresses: the address, why and when; removed after a confirm.
    await page.getByRole('link', { name: 'Mail', exact: true }).click();
    await page.getByRole('navigation', { name: 'Mail' }).getByRole('link', { name: 'Suppressed addresses' }).click();
    await page.waitForURL('**/admin/mail/suppressions');
    await page.getByRole('heading', { name: 'Suppressed addresses', level: 1 }).waitFor();
    const row = page.getByTestId('suppression');
    await expect(row.textContent()).resolves.toMatch(
      /^ada@example\.org BOUNCEDSuppressed .+: its server said the address does not exist\./,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-suppressions');
    await row.getByRole('button', { name: 'Remove from the list' }).click();
    await row.getByText('Remove this address from the list? Mail from the site goes to it again.').waitFor();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: 'Remove from the list' }).click();
    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.locator('.toast', { hasText: 'Address removed from the list' }).first().waitFor();
    await page.getByText('No suppressed addresses. When an address bounces hard').waitFor();
    await expect(page.getByTestId('suppression').count()).resolves.toBe(0);
    const listed = await (await fetch(`${site.url}/api/admin/suppressions`, { headers })).json();
    expect(listed).toEqual({ suppressions: [] });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
