import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';

import { INTENDED_KEY } from '../crackme/intended-key';
import {
  launchChromium,
  openPage as openBrowserPage,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';

/** A solver claims the prize next to the crackme: a wrong key is refused beside the field, the right one wins. */
describe('the crackme prize claim in Chromium', () => {
  let browser: Browser;
  let site: SiteServer;

  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('refuses a wrong key beside the field, then accepts the key the crackme accepts', async () => {
    const { page, errors } = await openBrowserPage(browser, site.url);
    await page.goto('/');
    const form = page.locator('form.claim-form');
    await form.getByLabel('Key').fill('NOT-THE-KEY-AT-ALL');
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.org');
    await form.getByRole('button', { name: 'Claim your prize' }).click();
    await expect(form.locator('.field-error').textContent()).resolves.toBe('That is not the key the crackme accepts.');

    await form.getByLabel('Key').fill(INTENDED_KEY);
    await form.getByRole('button', { name: 'Claim your prize' }).click();
    await expect(form.getByRole('status').textContent()).resolves.toMatch(
      /you are number 1: a signed hardcover is yours/,
    );
    // The refused key's 400 is the one console line Chromium writes; nothing else went wrong.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await page.context().close();
  });
});
