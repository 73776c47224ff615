import { createHash } from 'node:crypto';

import { Router } from '@koa/router';
import { DeliveryErrorCode, isBookStamperBusy, type BookStampPlace, type DownloadLinkErrorCode } from '@memoir/domain';
import { BOOK_TITLE, ERROR_MESSAGES } from '@memoir/shared';
import type { Context } from 'koa';

import type { HttpAppOptions } from './deps';
import { statusOf } from './error-status';
import type { RequestState } from './middleware';

/** The download path of the approval email's private link: `/download/<token>`. */
export const DOWNLOAD_PATH = '/download';

const STYLE = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0f0c;color:#e6efe8;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}main{max-width:34rem;padding:2rem 1.5rem}h1{font-size:1.5rem;line-height:1.3;color:#7dffa8;margin:0 0 1rem}a{color:#7dffa8}`;
// The page's one inline style, allowed by its hash: the site's policy forbids inline styles.
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

interface Page {
  readonly title: string;
  readonly text: string;
}

const PAGES: Readonly<Record<DownloadLinkErrorCode, Page>> = {
  [DeliveryErrorCode.LinkExpired]: {
    title: 'This download link has expired',
    text: `Links to ${BOOK_TITLE} work for a limited time, so that a forwarded email cannot be used for ever. Reply to the email that brought you here and I will gladly send you a fresh link.`,
  },
  [DeliveryErrorCode.LinkExhausted]: {
    title: 'This download link has been used up',
    text: `Each link allows a few downloads of your personal copy of ${BOOK_TITLE}, and this one has had them all. If you still need the book, reply to the email that brought you here and I will send you a fresh link.`,
  },
  [DeliveryErrorCode.LinkNotFound]: {
    title: 'This download link is not valid',
    text: 'Please check that the whole link from your email was copied; some mail programs split long links across two lines. If it still does not work, reply to the email that brought you here.',
  },
};

/** When every stamping thread and waiting place is taken: the page says "in a minute", the header says 60 s. */
const BUSY_PAGE: Page = { title: 'Busy, try again in a minute', text: ERROR_MESSAGES.downloadBusy };
export const BUSY_RETRY_AFTER_SECONDS = 60;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A friendly page instead of an error: what happened and what to do, with the table's status. */
function linkPage(ctx: Context, code: DownloadLinkErrorCode): void {
  friendlyPage(ctx, statusOf(code), PAGES[code]);
}

/** The stamper is busy: 503, come back in a minute; the download was not counted. */
function busyPage(ctx: Context): void {
  (ctx.state as RequestState).log.warn('book stamper busy: download refused, not counted');
  ctx.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
  friendlyPage(ctx, 503, BUSY_PAGE);
}

function friendlyPage(ctx: Context, status: number, page: Page): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  ctx.body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} · ${escapeHtml(BOOK_TITLE)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.text)}</p>
<p><a href="/">Back to ${escapeHtml(BOOK_TITLE)}</a></p>
</main>
</body>
</html>
`;
}

/** "Ada Lovelace" → "ada-lovelace", for the file name. */
const slug = (name: string): string =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/**
 * The approval email's private link. GET counts one download and sends the reader's stamped
 * copy; an expired, used-up or unknown link gets a friendly page (410 or 404), not an error.
 * HEAD is refused rather than counted, so a link checker cannot use up a download that way.
 * A place in the stamper's queue is held before the download is counted: when there is none,
 * the reader is asked to come back in a minute (503, Retry-After) and nothing is counted.
 */
export function downloadRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  router.get(`${DOWNLOAD_PATH}/:token`, async (ctx) => {
    if (ctx.method === 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET');
      return;
    }
    let place: BookStampPlace;
    try {
      place = options.bookStamper.reserve();
    } catch (error) {
      if (!isBookStamperBusy(error)) throw error;
      busyPage(ctx);
      return;
    }
    try {
      const result = await options.useCases.downloadBook.execute(ctx.params.token ?? '');
      if (!result.ok) {
        linkPage(ctx, result.error.code);
        return;
      }
      const { name, email, downloadsLeft } = result.value;
      const pdf = await place.stamp({ name, email });
      (ctx.state as RequestState).log.info({ downloadsLeft }, 'book downloaded');
      ctx.type = 'application/pdf';
      ctx.set('Content-Disposition', `attachment; filename="${slug(BOOK_TITLE)}-${slug(name) || 'copy'}.pdf"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength); // the copy's bytes, not a copy of them
    } finally {
      place.release(); // unused when the link was not good, or the count failed
    }
  });
  return router;
}
