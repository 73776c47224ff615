import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MEDIA_MESSAGES } from '@memoir/shared';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';

import { nuHtmlErrors } from '../../../tools/nu-html-checker';
import {
  hydrated,
  launchChromium,
  openPage,
  screenshot,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { isUprightRedOnTop, PHONE_MAKER, sidewaysPhoneJpeg } from '../../../tools/testing/test-images';
import { signInToDashboard } from './admin-pages';

/**
 * The owner's uploads end to end, in Chromium on the built server: a sideways phone photo with
 * GPS tags as the cover (the page then shows it upright, its served files without GPS, and the
 * share graphic changes), a refused SVG, and the book with its stamped test copy, which
 * poppler reads.
 */

const SAMPLE_BOOK = join(__dirname, '..', '..', 'server', 'assets', 'sample-book.pdf');

async function openMedia(page: Page): Promise<void> {
  await signInToDashboard(page);
  await page.getByRole('link', { name: 'Media', exact: true }).click();
  await page.waitForURL('**/admin/media');
  await page.getByRole('heading', { name: 'Book and images', level: 1 }).waitFor();
}

describe('uploading the book and the images in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;
  let downloads: string;
  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchChromium();
    downloads = mkdtempSync(join(tmpdir(), 'memoir-media-e2e-'));
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    rmSync(downloads, { recursive: true, force: true });
  });

  it('uploads a sideways cover and photo with GPS tags: the page shows them upright, without GPS, hydrated and valid; the share graphic changes', async () => {
    const cardBefore = Buffer.from(await (await fetch(`${site.url}/images/share-card.png`)).arrayBuffer());
    const { page, errors } = await openPage(browser, site.url, { bypassCSP: true });
    await openMedia(page);
    const card = page.getByTestId('media-cover');

    // An SVG renamed .png is refused in the server's words; nothing is replaced.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await card.getByLabel('Choose a file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: svg });
    await card.getByLabel('Alt text').fill('Red above blue: the cover');
    await card.getByRole('button', { name: 'Upload the cover' }).click();
    await card.getByRole('alert').filter({ hasText: MEDIA_MESSAGES.imageType }).waitFor();
    await card.getByText('Nothing uploaded yet: the page draws a cover from the title.').waitFor();

    await card.getByLabel('Choose a file').setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await sidewaysPhoneJpeg(),
    });
    await card.getByRole('button', { name: 'Upload the cover' }).click();
    await card.getByRole('status').filter({ hasText: 'IMG_2041.jpg is uploaded: visitors see it now.' }).waitFor();
    await card.getByRole('img', { name: 'Red above blue: the cover' }).waitFor();
    await card
      .getByTestId('media-uploaded')
      .filter({ hasText: /by admin · 400 x 600 pixels/ })
      .waitFor();
    const photoCard = page.getByTestId('media-author-photo');
    await photoCard.getByLabel('Choose a file').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await sidewaysPhoneJpeg(),
    });
    await photoCard.getByLabel('Alt text').fill('The author, in red and blue');
    await photoCard.getByRole('button', { name: "Upload the author's photo" }).click();
    await photoCard.getByRole('img', { name: 'The author, in red and blue' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(errors.filter((error) => !/status of 415/.test(error))).toEqual([]);

    // The page as served with both uploads: valid HTML.
    expect(nuHtmlErrors(await (await fetch(`${site.url}/`)).text())).toEqual([]);

    // The landing page: the cover upright, loaded; every file it may fetch without EXIF.
    const landing = await page.context().newPage();
    const landingProblems: string[] = [];
    landing.on('pageerror', (error) => landingProblems.push(String(error)));
    landing.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) landingProblems.push(message.text());
    });
    await landing.goto('/');
    const cover = landing.locator('header.hero img.book-image');
    await expect(cover.getAttribute('alt')).resolves.toBe('Red above blue: the cover');
    await landing.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('header.hero img.book-image');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const shown = await cover.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(shown.height).toBeGreaterThan(shown.width);
    const sources = await landing
      .locator('header.hero picture')
      .evaluate((picture) =>
        [...picture.querySelectorAll('source, img')].flatMap((element) =>
          (element.getAttribute('srcset') ?? '').split(',').map((entry) => entry.trim().split(' ')[0] ?? ''),
        ),
      );
    expect(sources).toContain(new URL(shown.src).pathname);
    for (const source of sources) {
      const served = Buffer.from(await (await fetch(`${site.url}${source}`)).arrayBuffer());
      const meta = await sharp(served).metadata();
      expect(meta.exif).toBeUndefined();
      expect(served.toString('latin1')).not.toContain(PHONE_MAKER);
      expect(await isUprightRedOnTop(served)).toBe(true);
    }

    // The share section and the head point at graphics made from this cover.
    const graphic = await landing.locator('.share-graphics a').first().getAttribute('href');
    expect(graphic).toMatch(/^\/images\/share-card\.png\?v=\d+-[0-9a-f]{16}$/);
    const ogImage = await landing.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage?.endsWith(graphic ?? '')).toBe(true);
    const cardAfter = Buffer.from(await (await fetch(`${site.url}${graphic}`)).arrayBuffer());
    expect(cardAfter.equals(cardBefore)).toBe(false);

    // The photo beside the biography, lazy, hydrated without a mismatch; no serious axe finding.
    const photo = landing.locator('#author img.author-photo');
    await photo.scrollIntoViewIfNeeded();
    await expect(photo.getAttribute('loading')).resolves.toBe('lazy');
    await expect(photo.getAttribute('alt')).resolves.toBe('The author, in red and blue');
    await hydrated(landing, '#author img.author-photo');
    expect(await seriousAccessibilityViolations(landing)).toEqual([]);
    expect(landingProblems).toEqual([]);
    await screenshot(page, 'admin-media');
    await landing.evaluate(() => window.scrollTo(0, 0));
    await screenshot(landing, 'landing-with-uploads-desktop');
    await landing.setViewportSize({ width: 390, height: 844 });
    await screenshot(landing, 'landing-with-uploads-phone');
    await page.context().close();
  }, 60_000);

  it('uploads the book, shows its pages, and saves a stamped test copy that poppler reads', async () => {
    const { page, errors } = await openPage(browser, site.url);
    await openMedia(page);
    const card = page.getByTestId('media-book');
    await card.getByLabel('Choose a file').setInputFiles(SAMPLE_BOOK);
    await card.getByRole('button', { name: 'Upload the book' }).click();
    await card.getByRole('status').filter({ hasText: 'sample-book.pdf is uploaded: visitors see it now.' }).waitFor();
    await card
      .getByTestId('media-book-facts')
      .filter({ hasText: /^The book: \d+ pages, / })
      .waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download a test copy' }).click(),
    ]);
    const file = join(downloads, download.suggestedFilename() || 'test-copy.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('admin@test-copy.invalid');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
