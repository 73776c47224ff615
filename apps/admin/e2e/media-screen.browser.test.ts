import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MediaItem } from '@memoir/shared';
import type { Browser, Page, Request, Route } from 'playwright-core';
import sharp from 'sharp';

import {
  launchChromium,
  openPage,
  seriousAccessibilityViolations,
  startSiteServer,
  type SiteServer,
} from '../../../tools/browser-testing/browser';
import { signInToDashboard } from './admin-pages';

/**
 * The Book and images screen's upload flow in Chromium, on the built server, with the media
 * endpoints answered by the test (`page.route`): what the screen sends (multipart/form-data with
 * `alt` and `file`, the session's bearer header) and what it shows of each answer. The flow
 * against the real endpoints (an upload stored, then served) is the media capability's own
 * browser test.
 */

/** The endpoints of the media capability as the test answers them; `sent` keeps each upload's request. */
async function fakeMediaApi(page: Page, cover: Buffer) {
  const stored: MediaItem[] = [];
  const sent: Request[] = [];
  const answers = new Map<string, (route: Route) => Promise<void>>();
  await page.route('**/api/admin/media', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ media: stored }) }),
  );
  await page.route('**/api/admin/media/**', async (route) => {
    sent.push(route.request());
    const kind = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    await (answers.get(kind) ?? ((other: Route) => other.fulfill({ status: 404 })))(route);
  });
  await page.route('**/media-files/cover.jpg', (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: cover }),
  );
  return { stored, sent, answers };
}

const multipartFields = (request: Request) => {
  const body = request.postDataBuffer()?.toString('latin1') ?? '';
  return [...body.matchAll(/name="([^"]+)"(?:; filename="([^"]+)")?/g)].map((match) => match[2] ?? match[1]);
};

describe('the Book and images screen in Chromium', () => {
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

  it('uploads a cover with its alt text, shows it, and shows a refusal in plain words', async () => {
    const cover = await sharp({ create: { width: 320, height: 480, channels: 3, background: '#1a6' } })
      .jpeg()
      .toBuffer();
    const { page, errors } = await openPage(browser, site.url, { bypassCSP: true });
    const fake = await fakeMediaApi(page, cover);
    await signInToDashboard(page);
    await page.getByRole('link', { name: 'Media', exact: true }).click();
    await page.waitForURL('**/admin/media');
    await page.getByRole('heading', { name: 'Book and images', level: 1 }).waitFor();
    const card = page.getByTestId('media-cover');
    await card.getByText('Nothing uploaded yet: the page draws a cover from the title.').waitFor();

    // Refused first: the server's message, the alt text required before anything is sent.
    await card.getByLabel('Choose a file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
    await card.getByText('Chosen: cover.png').waitFor();
    const uploadButton = card.getByRole('button', { name: 'Upload the cover' });
    expect(await uploadButton.isDisabled()).toBe(true);
    await card.getByLabel('Alt text').fill('The cover: a green terminal and the title');
    fake.answers.set('cover', (route) =>
      route.fulfill({
        status: 415,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: 'Upload a JPEG, PNG or WebP image.',
          code: 'MEDIA.UNSUPPORTED_TYPE',
        }),
      }),
    );
    await uploadButton.click();
    await card.getByRole('alert').filter({ hasText: 'Upload a JPEG, PNG or WebP image.' }).waitFor();

    fake.answers.set('cover', async (route) => {
      const item = {
        kind: 'cover',
        id: 'c1',
        url: '/media-files/cover.jpg',
        bytes: cover.length,
        width: 320,
        height: 480,
        uploadedAt: '2026-11-26T10:30:00.000Z',
        uploadedBy: 'admin',
        alt: 'The cover: a green terminal and the title',
        sha256: 'c0'.repeat(32),
        variants: [{ url: '/media-files/cover.jpg', width: 320, height: 480, format: 'jpeg', bytes: cover.length }],
      } satisfies MediaItem;
      fake.stored.push(item);
      await route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ media: item }) });
    });
    await uploadButton.click();
    await card.getByRole('status').filter({ hasText: 'cover.png is uploaded: visitors see it now.' }).waitFor();
    const preview = card.getByRole('img', { name: 'The cover: a green terminal and the title' });
    await preview.waitFor();
    await expect(preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(320);
    await card.getByText('Uploaded Nov 26, 2026, 10:30 AM UTC by admin').waitFor();

    const upload = fake.sent.at(-1);
    expect(upload?.method()).toBe('POST');
    expect(upload?.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.headers().authorization).toMatch(/^Bearer .{20,}/);
    expect(upload && multipartFields(upload)).toEqual(['alt', 'cover.png']);
    expect(upload?.postDataBuffer()?.toString('latin1')).toContain('The cover: a green terminal and the title');

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(errors.filter((error) => !/status of 415/.test(error))).toEqual([]);
    await page.context().close();
  });

  it('takes a book dropped on its card, cancels it on request, and saves a test copy', async () => {
    const { page } = await openPage(browser, site.url);
    const fake = await fakeMediaApi(page, Buffer.alloc(0));
    const waiting: Route[] = [];
    fake.answers.set('book', async (route) => {
      waiting.push(route); // never answered: the upload is under way until it is cancelled
    });
    await signInToDashboard(page);
    await page.goto('/admin/media');
    const card = page.getByTestId('media-book');
    await card.getByText('Nothing uploaded yet: readers get the book the server was configured with.').waitFor();

    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(3_000_000)], 'root-access.pdf', { type: 'application/pdf' }));
      return transfer;
    });
    await card.getByTestId('media-book-drop').dispatchEvent('drop', { dataTransfer: dropped });
    await card.getByText('Chosen: root-access.pdf (3.0 MB)').waitFor();
    await card.getByRole('button', { name: 'Upload the book' }).click();
    await card
      .getByRole('status')
      .filter({ hasText: /^Uploading: / })
      .waitFor();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('alert').filter({ hasText: 'Upload cancelled. Nothing was changed.' }).waitFor();
    expect(waiting).toHaveLength(1);
    const sentBook = waiting[0]?.request();
    expect(sentBook && multipartFields(sentBook)).toEqual(['root-access.pdf']);

    // With a book on the server, its facts and a stamped test copy to save.
    fake.stored.push({
      kind: 'book',
      id: 'b1',
      url: '/api/admin/media/book/test-copy',
      bytes: 4_212_000,
      pages: 320,
      uploadedAt: '2026-11-26T09:00:00.000Z',
      uploadedBy: null,
      sha256: 'b0'.repeat(32),
      variants: [],
    });
    fake.answers.set('test-copy', (route) =>
      route.fulfill({
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="test-copy-root-access.pdf"',
        },
        body: '%PDF-1.7\n%test\n',
      }),
    );
    await page.reload();
    await card.getByTestId('media-book-facts').filter({ hasText: 'The book: 320 pages, 4.2 MB' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download a test copy' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('test-copy-root-access.pdf');
    expect(fake.sent.at(-1)?.url()).toMatch(/\/api\/admin\/media\/book\/test-copy$/);
    expect(fake.sent.at(-1)?.method()).toBe('POST');
    await page.context().close();
  });
});
