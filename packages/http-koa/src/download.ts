import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline, Transform, type Readable } from 'node:stream';

import { Router } from '@koa/router';
import { DeliveryErrorCode, type DownloadedCopy, type DownloadError, type DownloadErrorCode } from '@memoir/domain';
import { BOOK_TITLE, ERROR_MESSAGES } from '@memoir/shared';
import type { Context } from 'koa';

import { ByteBudget, DOWNLOAD_BURST_BYTES, DOWNLOAD_BYTES_PER_SECOND } from './byte-budget';
import type { HttpAppOptions } from './deps';
import { statusOf } from './error-status';
import type { RequestState } from './middleware';

/** The download path of the approval email's private link: `/download/<token>`. */
export const DOWNLOAD_PATH = '/download';

/** The kept copy's own address below a link: `/download/<token>/file`. */
export const COPY_FILE_SUFFIX = '/file';

const STYLE = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0f0c;color:#e6efe8;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}main{max-width:34rem;padding:2rem 1.5rem}h1{font-size:1.5rem;line-height:1.3;color:#7dffa8;margin:0 0 1rem}a{color:#7dffa8}button{font:inherit;font-weight:600;color:#0b0f0c;background:#7dffa8;border:0;border-radius:.4rem;padding:.7rem 1.4rem;cursor:pointer}button:focus-visible{outline:3px solid #e6efe8;outline-offset:3px}.small{font-size:.875rem;color:#a9b8ad}`;
// The page's one inline style, allowed by its hash: the site's policy forbids inline styles.
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

interface Page {
  readonly title: string;
  /** Paragraphs of plain text (escaped here). */
  readonly text: readonly string[];
}

const ASK_AGAIN =
  'To ask again, reply to the email that brought you here, or send a new request from the free-copy form on the site.';

const PAGES: Readonly<Record<Exclude<DownloadErrorCode, typeof DeliveryErrorCode.NotDownloaded>, Page>> = {
  [DeliveryErrorCode.LinkExpired]: {
    title: 'This download link has expired',
    text: [
      `Links to ${BOOK_TITLE} work for a limited time, so that a forwarded email cannot be used for ever.`,
      `${ASK_AGAIN} I will gladly send you a fresh link.`,
    ],
  },
  [DeliveryErrorCode.LinkExhausted]: {
    title: 'This download link has been used up',
    text: [
      `Each link allows a few downloads of your personal copy of ${BOOK_TITLE}, and this one has had them all.`,
      `If you still need the book, reply to the email that brought you here and I will send you a fresh link.`,
    ],
  },
  [DeliveryErrorCode.LinkRevoked]: {
    title: 'This download link has been withdrawn',
    text: [
      'This link no longer works: a newer email replaced it, or it was withdrawn. If you received a newer email about the book, use the link in that one.',
      ASK_AGAIN,
    ],
  },
  [DeliveryErrorCode.LinkNotFound]: {
    title: 'This download link is not valid',
    text: [
      'Please check that the whole link from your email was copied; some mail programs split long links across two lines.',
      'If it still does not work, reply to the email that brought you here.',
    ],
  },
  [DeliveryErrorCode.StamperBusy]: { title: 'Busy, try again in a minute', text: [ERROR_MESSAGES.downloadBusy] },
  [DeliveryErrorCode.CopyFailed]: {
    title: 'Your copy is not ready',
    text: [ERROR_MESSAGES.downloadCopyFailed],
  },
};

/** When every stamping thread and waiting place is taken: the page says "in a minute", the header says 60 s. */
export const BUSY_RETRY_AFTER_SECONDS = 60;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A friendly page instead of an error: what happened and what to do, with the table's status. */
function errorPage(ctx: Context, error: DownloadError): void {
  const log = (ctx.state as RequestState).log;
  if (error.code === DeliveryErrorCode.StamperBusy) {
    log.warn('book stamper busy: download refused, not counted');
    ctx.set('Retry-After', String(error.retryAfterSeconds ?? BUSY_RETRY_AFTER_SECONDS));
  } else if (error.code === DeliveryErrorCode.CopyFailed) {
    log.error('the copy could not be made: download refused, not counted');
  }
  const status = statusOf(error.code); // first: a code without a status is a defect, logged as such
  const page =
    error.code === DeliveryErrorCode.NotDownloaded ? PAGES[DeliveryErrorCode.LinkNotFound] : PAGES[error.code];
  htmlPage(ctx, status, page.title, paragraphs(page.text), "'none'");
}

const paragraphs = (text: readonly string[]): string => text.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');

function htmlPage(ctx: Context, status: number, title: string, body: string, formAction: "'none'" | "'self'"): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  // The address holds the link's token: it must not leave in a Referer header.
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`,
  );
  ctx.body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(BOOK_TITLE)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">Back to ${escapeHtml(BOOK_TITLE)}</a></p>
</main>
</body>
</html>
`;
}

/** "in 13 days", "in 5 hours", "in less than an hour". */
function timeLeft(until: Date, now: Date): string {
  const hours = Math.floor((until.getTime() - now.getTime()) / 3_600_000);
  if (hours >= 48) return `in ${Math.round(hours / 24)} days`;
  if (hours >= 1) return `in ${hours} hour${hours === 1 ? '' : 's'}`;
  return 'in less than an hour';
}

// Made with the first landing page, not at start: a DateTimeFormat maps some 10 MB of the
// Node binary's ICU data into every process (docs/performance.md#the-start).
let date: Intl.DateTimeFormat | undefined;
const formatDate = (when: Date): string =>
  (date ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })).format(when);

/** The landing page: whose copy, what the link still allows, and the one button that counts. */
function landingPage(ctx: Context, view: { name: string; downloadsLeft: number; expiresAt: Date }): void {
  const downloads = `${view.downloadsLeft} more download${view.downloadsLeft === 1 ? '' : 's'}`;
  const body = `<p>${escapeHtml(`This is your personal copy of ${BOOK_TITLE}, made for ${view.name}: each page carries your name.`)}</p>
<p>${escapeHtml(`This link allows ${downloads}, until ${formatDate(view.expiresAt)} UTC (${timeLeft(view.expiresAt, new Date())}).`)}</p>
<form method="post"><button type="submit">Download your copy</button></form>
<p class="small">${escapeHtml('Opening this page uses nothing up: only the button counts a download. If a download is interrupted, your browser can resume it for 24 hours without counting again.')}</p>`;
  htmlPage(ctx, 200, `Your copy of ${BOOK_TITLE}`, body, "'self'");
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
 * `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` against a file of `size` bytes: the one range
 * it asks for, `unsatisfiable` (416), or null to send the whole file (no header, a header we
 * do not read, or several ranges, which a server may answer whole).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (header === undefined || header === '') return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null; // not a valid range: ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * Streams the kept copy from disk: ETag (the delivery, the file's size and time), Last-Modified,
 * Content-Length, one byte range (206, or 416 past the end; If-Range sends the whole file when
 * the copy changed), never cached.
 */
async function sendCopy(ctx: Context, downloaded: DownloadedCopy, token: string): Promise<void> {
  const { copy, name } = downloaded;
  let handle: FileHandle;
  try {
    handle = await open(copy.path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // Removed in between (revoked, swept): the landing page says what holds now.
    ctx.status = 303;
    ctx.redirect(`${DOWNLOAD_PATH}/${token}`);
    return;
  }
  let streaming = false;
  try {
    const file = await handle.stat();
    const etag = `"${copy.deliveryId}-${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}"`;
    const lastModified = file.mtime.toUTCString();
    ctx.set('ETag', etag);
    ctx.set('Last-Modified', lastModified);
    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Content-Disposition', `attachment; filename="${slug(BOOK_TITLE)}-${slug(name) || 'copy'}.pdf"`);
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    const ifRange = ctx.get('If-Range');
    const rangeHolds = ifRange === '' || ifRange === etag || ifRange === lastModified;
    const range = rangeHolds ? parseRange(ctx.get('Range'), file.size) : null;
    if (range === 'unsatisfiable') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${file.size}`);
      ctx.body = ''; // not null: Koa would make that a 204
      return;
    }
    const { start, end } = range ?? { start: 0, end: file.size - 1 };
    ctx.status = range === null ? 200 : 206;
    if (range !== null) ctx.set('Content-Range', `bytes ${start}-${end}/${file.size}`);
    ctx.type = 'application/pdf';
    // From disk, a chunk at a time; Koa destroys the stream (closing the file) when the answer ends.
    ctx.body = file.size === 0 ? '' : paced(handle.createReadStream({ start, end, autoClose: true }));
    streaming = file.size !== 0;
    ctx.length = end - start + 1;
  } finally {
    if (!streaming) await handle.close();
  }
}

/**
 * The approval email's private link:
 * - GET (and HEAD) `/download/<token>`: the landing page, which counts nothing (a mail
 *   scanner that opens the link uses nothing up), or a friendly page for an expired, used-up,
 *   withdrawn or unknown link (410 or 404);
 * - POST `/download/<token>`: the page's "Download your copy" button. The use case makes the
 *   copy (once per link, then kept) and only then counts one download; the answer is a 303 to
 *   the copy's own address. A busy stamper (503, Retry-After) or a failed copy (503) counts nothing;
 * - GET (and HEAD) `/download/<token>/file`: the kept copy, with byte ranges, for 24 hours after
 *   the last counted download, counting nothing; before any, a 303 back to the landing page.
 * This layer holds no delivery logic: it renders the use case's answers and streams the file.
 */
export function downloadRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  const { downloadBook } = options.useCases;
  router.get(`${DOWNLOAD_PATH}/:token`, async (ctx) => {
    const result = await downloadBook.view(ctx.params.token ?? '');
    if (!result.ok) errorPage(ctx, result.error);
    else landingPage(ctx, result.value);
  });
  router.post(`${DOWNLOAD_PATH}/:token`, async (ctx) => {
    const token = ctx.params.token ?? '';
    const result = await downloadBook.download(token);
    if (!result.ok) {
      errorPage(ctx, result.error);
      return;
    }
    (ctx.state as RequestState).log.info({ downloadsLeft: result.value.downloadsLeft }, 'book downloaded');
    options.useCases.countedEvents?.count('pdf_download'); // the analytics' total of copies sent
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.status = 303;
    ctx.redirect(`${DOWNLOAD_PATH}/${token}${COPY_FILE_SUFFIX}`);
  });
  router.get(`${DOWNLOAD_PATH}/:token${COPY_FILE_SUFFIX}`, async (ctx) => {
    const token = ctx.params.token ?? '';
    const result = await downloadBook.resume(token);
    if (!result.ok) {
      if (result.error.code === DeliveryErrorCode.NotDownloaded) {
        ctx.set('Cache-Control', 'no-store');
        ctx.status = 303;
        ctx.redirect(`${DOWNLOAD_PATH}/${token}`);
        return;
      }
      errorPage(ctx, result.error);
      return;
    }
    await sendCopy(ctx, result.value, token);
  });
  return router;
}

const downloadBudget = new ByteBudget(DOWNLOAD_BYTES_PER_SECOND, DOWNLOAD_BURST_BYTES);

/**
 * The file's stream, each chunk sent when the shared budget allows, but the first at once (it
 * is counted all the same): a reader sees the download start however many others are under
 * way. Destroying the result destroys the file's stream too.
 */
function paced(source: Readable): Transform {
  let first = true;
  const pacer = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const wait = downloadBudget.take(chunk.length);
      if (wait === 0 || first) done(null, chunk);
      else setTimeout(() => done(null, chunk), wait);
      first = false;
    },
  });
  return pipeline(source, pacer, () => undefined); // an error or a reader gone: both ends are destroyed
}
