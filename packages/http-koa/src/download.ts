import { open, type FileHandle } from 'node:fs/promises';

import { Router } from '@koa/router';
import { DeliveryErrorCode, type DownloadedCopy } from '@memoir/domain';
import { BOOK_TITLE } from '@memoir/shared';
import type { Context } from 'koa';

import { ByteBudget, DOWNLOAD_BURST_BYTES, DOWNLOAD_BYTES_PER_SECOND } from './byte-budget';
import type { HttpAppOptions } from './deps';
import { escapeHtml } from './html-escape';
import { BUSY_RETRY_AFTER_SECONDS, errorPage, landingPage, readyPage } from './download-pages';
import type { RequestState } from './middleware';
import { PacedFileStream } from './paced-file-stream';

export { BUSY_RETRY_AFTER_SECONDS } from './download-pages';

/** The download path of the approval email's private link: `/download/<token>`. */
export const DOWNLOAD_PATH = '/download';

/** The kept copy's own address below a link: `/download/<token>/file`. */
export const COPY_FILE_SUFFIX = '/file';

/** Where the page of a copy being made (or of a busy stamper) asks again: `/download/<token>/wait`. */
export const WAIT_SUFFIX = '/wait';

/** How often the page of a copy being made asks again, in seconds. */
export const WAITING_REFRESH_SECONDS = 2;

/**
 * The cookie that says this browser pressed the button of this link and has not had its copy
 * yet: only with it does the waiting page's address make (and count) the download, so that the
 * address alone, or a page kept in the history, counts nothing. Its path is the link's own.
 */
export const ASKED_COOKIE = 'copy_asked';

/** How long the cookie holds: the stamper's longest wait (2 minutes) and then some. */
const ASKED_COOKIE_SECONDS = 15 * 60;

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
    seeOther(ctx, `${DOWNLOAD_PATH}/${token}`);
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
    ctx.body = file.size === 0 ? '' : new PacedFileStream(handle, start, end, downloadBudget);
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
 *   the copy's own address. A copy still being made after a moment (a crowd of readers) is a
 *   202 page saying so, which asks again by itself at `/wait`; a busy stamper (503,
 *   Retry-After) or a failed copy (503) counts nothing, and its page also asks again by itself;
 * - GET `/download/<token>/wait`: what those pages ask, with the button's cookie: the same as
 *   the button, but a copy made is a page that starts the download (the page stays on screen
 *   while the browser saves the file). Without the cookie, a 303 to the landing page;
 * - GET (and HEAD) `/download/<token>/file`: the kept copy, with byte ranges, for 24 hours after
 *   the last counted download, counting nothing; before any, a 303 back to the landing page.
 * This layer holds no delivery logic: it renders the use case's answers and streams the file.
 */
export function downloadRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  const { downloadBook } = options.useCases;

  /** The button, pressed or asked again: counted and sent to the copy, or a page that asks again. */
  const press = async (ctx: Context, token: string, whenCounted: (fileUrl: string) => void): Promise<void> => {
    const result = await downloadBook.download(token);
    const link = `${DOWNLOAD_PATH}/${token}`;
    if (!result.ok) {
      const { code } = result.error;
      const retrying =
        code === DeliveryErrorCode.CopyInProgress ||
        code === DeliveryErrorCode.StamperBusy ||
        code === DeliveryErrorCode.CopyFailed;
      setAsked(ctx, token, retrying);
      const seconds =
        code === DeliveryErrorCode.CopyInProgress
          ? WAITING_REFRESH_SECONDS
          : (result.error.retryAfterSeconds ?? BUSY_RETRY_AFTER_SECONDS);
      errorPage(ctx, result.error, retrying ? { seconds, url: `${link}${WAIT_SUFFIX}` } : undefined);
      return;
    }
    setAsked(ctx, token, false);
    (ctx.state as RequestState).log.info({ downloadsLeft: result.value.downloadsLeft }, 'book downloaded');
    options.useCases.countedEvents?.count('pdf_download'); // the analytics' total of copies sent
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    whenCounted(`${link}${COPY_FILE_SUFFIX}`);
  };

  router.get(`${DOWNLOAD_PATH}/:token`, async (ctx) => {
    const result = await downloadBook.view(ctx.params.token ?? '');
    if (!result.ok) errorPage(ctx, result.error);
    else landingPage(ctx, result.value);
  });
  router.post(`${DOWNLOAD_PATH}/:token`, async (ctx) => {
    await press(ctx, ctx.params.token ?? '', (fileUrl) => {
      seeOther(ctx, fileUrl);
    });
  });
  router.get(`${DOWNLOAD_PATH}/:token${WAIT_SUFFIX}`, async (ctx) => {
    const token = ctx.params.token ?? '';
    if (ctx.method !== 'GET' || ctx.cookies.get(ASKED_COOKIE) === undefined) {
      // Not a page of ours asking again (a HEAD, no cookie): the landing page, which counts nothing.
      ctx.set('Cache-Control', 'no-store');
      seeOther(ctx, `${DOWNLOAD_PATH}/${token}`);
      return;
    }
    await press(ctx, token, (fileUrl) => readyPage(ctx, fileUrl));
  });
  router.get(`${DOWNLOAD_PATH}/:token${COPY_FILE_SUFFIX}`, async (ctx) => {
    const token = ctx.params.token ?? '';
    const result = await downloadBook.resume(token);
    if (!result.ok) {
      if (result.error.code === DeliveryErrorCode.NotDownloaded) {
        ctx.set('Cache-Control', 'no-store');
        seeOther(ctx, `${DOWNLOAD_PATH}/${token}`);
        return;
      }
      errorPage(ctx, result.error);
      return;
    }
    await sendCopy(ctx, result.value, token);
  });
  return router;
}

/**
 * A 303 to `url` with a small HTML page of its own, whatever the request accepts: these are
 * pages for people, and Koa's own redirect would answer plain text to a client that does not
 * ask for HTML.
 */
function seeOther(ctx: Context, url: string): void {
  ctx.status = 303;
  ctx.redirect(url);
  ctx.type = 'html';
  ctx.body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>See other</title><p><a href="${escapeHtml(url)}">Continue</a></p></html>`;
}

/** Sets the button's cookie for this link (`asked`), or clears it when the browser sent one. */
function setAsked(ctx: Context, token: string, asked: boolean): void {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return; // never a path a cookie could be told more through
  if (!asked && ctx.cookies.get(ASKED_COOKIE) === undefined) return;
  const secure = ctx.protocol === 'https' ? '; Secure' : '';
  // Clearing: Expires too, which every cookie store reads (some miss a Max-Age of 0).
  const age = asked ? `Max-Age=${ASKED_COOKIE_SECONDS}` : 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  ctx.append(
    'Set-Cookie',
    `${ASKED_COOKIE}=1; Path=${DOWNLOAD_PATH}/${token}; ${age}; HttpOnly; SameSite=Strict${secure}`,
  );
}

const downloadBudget = new ByteBudget(DOWNLOAD_BYTES_PER_SECOND, DOWNLOAD_BURST_BYTES);
