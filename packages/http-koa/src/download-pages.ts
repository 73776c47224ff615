// The download link's HTML pages: the landing page, the friendly pages of a link that cannot
// serve (expired, used up, withdrawn, unknown, busy), and the pages a reader sees while the copy
// is made and when it is ready. Each is a small page of its own, with its own strict policy.
import { createHash } from 'node:crypto';

import { DeliveryErrorCode, type DownloadError, type DownloadErrorCode } from '@memoir/domain';
import { BOOK_TITLE, ERROR_MESSAGES } from '@memoir/shared';
import type { Context } from 'koa';

import { statusOf } from './error-status';
import type { RequestState } from './middleware';
import { escapeHtml } from './html-escape';

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
  [DeliveryErrorCode.StamperBusy]: {
    title: 'Busy, try again in a minute',
    text: [ERROR_MESSAGES.downloadBusy, 'This page tries again by itself.'],
  },
  [DeliveryErrorCode.CopyInProgress]: {
    title: 'Your copy is being made',
    text: [
      `Your personal copy of ${BOOK_TITLE} is being made: each copy carries its reader's name on every page, and many readers asked for theirs at this very moment.`,
      'This page checks by itself every few seconds, and your download starts as soon as your copy is ready. Nothing is counted until then.',
    ],
  },
  [DeliveryErrorCode.CopyFailed]: {
    title: 'Your copy is not ready',
    text: [ERROR_MESSAGES.downloadCopyFailed, 'This page tries again by itself.'],
  },
};

/** When every stamping thread and waiting place is taken: the page says "in a minute", the header says 60 s. */
export const BUSY_RETRY_AFTER_SECONDS = 60;

/** Where a page sends the browser by itself, and after how long (a `<meta http-equiv="refresh">`: no script). */
export interface Refresh {
  readonly seconds: number;
  readonly url: string;
}

/**
 * A friendly page instead of an error: what happened and what to do, with the table's status;
 * with `refresh`, the page asks again by itself.
 */
export function errorPage(ctx: Context, error: DownloadError, refresh?: Refresh): void {
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
  htmlPage(ctx, status, page.title, paragraphs(page.text), "'none'", refresh);
}

const paragraphs = (text: readonly string[]): string => text.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');

function htmlPage(
  ctx: Context,
  status: number,
  title: string,
  body: string,
  formAction: "'none'" | "'self'",
  refresh?: Refresh,
): void {
  const meta =
    refresh === undefined
      ? ''
      : `<meta http-equiv="refresh" content="${refresh.seconds};url=${escapeHtml(refresh.url)}">\n`;
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
${meta}<title>${escapeHtml(title)} · ${escapeHtml(BOOK_TITLE)}</title>
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
export function landingPage(ctx: Context, view: { name: string; downloadsLeft: number; expiresAt: Date }): void {
  const downloads = `${view.downloadsLeft} more download${view.downloadsLeft === 1 ? '' : 's'}`;
  const body = `<p>${escapeHtml(`This is your personal copy of ${BOOK_TITLE}, made for ${view.name}: each page carries your name.`)}</p>
<p>${escapeHtml(`This link allows ${downloads}, until ${formatDate(view.expiresAt)} UTC (${timeLeft(view.expiresAt, new Date())}).`)}</p>
<form method="post"><button type="submit">Download your copy</button></form>
<p class="small">${escapeHtml('Opening this page uses nothing up: only the button counts a download. If a download is interrupted, your browser can resume it for 24 hours without counting again.')}</p>`;
  htmlPage(ctx, 200, `Your copy of ${BOOK_TITLE}`, body, "'self'");
}

/** The copy is ready and counted: the page sends the browser to it at once, and says how to get it otherwise. */
export function readyPage(ctx: Context, fileUrl: string): void {
  const body = `<p>${escapeHtml('Your copy is ready: your download starts by itself.')}</p>
<p><a href="${escapeHtml(fileUrl)}">${escapeHtml('If it does not start, download your copy here')}</a></p>`;
  htmlPage(ctx, 200, `Your copy of ${BOOK_TITLE} is ready`, body, "'none'", { seconds: 0, url: fileUrl });
}
