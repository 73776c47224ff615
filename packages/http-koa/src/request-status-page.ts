import { createHash } from 'node:crypto';

import type { RouterContext } from '@koa/router';
import { Router } from '@koa/router';
import { READING_TIPS, REQUEST_STATUS_SENTENCE } from '@memoir/domain';
import { BOOK_TITLE } from '@memoir/shared';

import { limitSubmissions } from './api/public-forms';
import type { HttpAppOptions } from './deps';
import { HttpError } from './http-error';
import { requestContext } from './middleware';
import { escapeHtml } from './html-escape';

/** "I never got the email": the page where a requester asks for their link again. */
export const REQUEST_STATUS_PATH = '/request-status';

// The public site's palette, as /privacy has it, in the page's one inline style (allowed by its hash).
// The reader list's pages (reader-pages.ts) wear it too.
export const STYLE = `:root{color-scheme:dark}body{margin:0;background:#07110b;color:#e6f2ea;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}main{max-width:40rem;margin:0 auto;padding:2.5rem 1.25rem 4rem}h1,h2{font-family:ui-monospace,Menlo,Consolas,monospace;line-height:1.2}h1{color:#39ff88;font-size:clamp(1.6rem,5vw,2.2rem)}a{color:#39ff88}label{display:block;margin:1rem 0 .4rem}input{font:inherit;padding:.6rem;width:100%;max-width:24rem;box-sizing:border-box}button{font:inherit;margin-top:1rem;padding:.6rem 1.2rem;background:#39ff88;color:#07110b;border:0;cursor:pointer}.lead{color:#a9c3b2}.error{color:#ffb4a8}:focus-visible{outline:3px solid #39ff88;outline-offset:3px}`;
export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page: the form, or the one sentence every address gets, and how to read the PDF. */
export function requestStatusPageHtml(view: { readonly asked: boolean; readonly error?: string }): string {
  const title = escapeHtml(BOOK_TITLE);
  const answer = view.asked
    ? `<p class="lead" role="status">${escapeHtml(REQUEST_STATUS_SENTENCE)}</p>\n<p>It can take a few minutes. Look in your spam folder too.</p>`
    : `<p class="lead">Asked for a free copy and never got the email? Type the address you used: if a request with it was approved, we email you a new link.</p>
<form method="post" action="${REQUEST_STATUS_PATH}">
<label for="email">Your email address</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
${view.error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(view.error)}</p>`}
<button type="submit">Email my link again</button>
</form>`;
  return smallPage({
    title: `Your free copy · ${title}`,
    main: `<h1>Your free copy</h1>
${answer}
<h2>Reading it on a phone or a Kindle</h2>
${READING_TIPS.map((tip) => `<p>${escapeHtml(tip)}</p>`).join('\n')}`,
  });
}

/**
 * A small page of the server's own (this one, the reader list's): the site's colours, no script,
 * not for search engines, a way back to the landing page. `title` and `main` are HTML, escaped
 * by the caller; `head` adds to the head.
 */
export function smallPage(page: { readonly title: string; readonly main: string; readonly head?: string }): string {
  const book = escapeHtml(BOOK_TITLE);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${page.head ?? ''}<title>${page.title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p><a href="/">← Back to ${book}</a></p>
${page.main}
</main>
</body>
</html>
`;
}

/** A form post is a few hundred bytes: more is refused unread. */
const FORM_MAX_BYTES = 4096;

async function formEmail(ctx: RouterContext): Promise<string | null> {
  const text = await formText(ctx);
  return text === null ? null : formField(text, 'email');
}

/** A small form-encoded body as text, or null when it is too long or not a form. */
export async function formText(ctx: RouterContext): Promise<string | null> {
  if (Number(ctx.get('content-length') || '0') > FORM_MAX_BYTES) return null;
  let text = '';
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > FORM_MAX_BYTES) return null;
  }
  if (ctx.is('application/x-www-form-urlencoded') === false) return null;
  return text;
}

/** One field of a form-encoded body (the first of that name), or null. */
export function formField(text: string, name: string): string | null {
  for (const pair of text.split('&')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    if (key !== name) continue;
    try {
      return decodeURIComponent(pair.slice(equals + 1).replace(/\+/g, ' '));
    } catch {
      return null;
    }
  }
  return null;
}

/** GET shows the form; POST (the form, no script) answers with the same page for every address. */
/** Sends one of these small pages: no cache, and a policy that allows only its own style and forms. */
export function sendPage(ctx: RouterContext, status: number, html: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  );
  ctx.body = html;
}

export function requestStatusRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  const send = sendPage;
  router.get(REQUEST_STATUS_PATH, (ctx) => send(ctx, 200, requestStatusPageHtml({ asked: false })));
  router.post(REQUEST_STATUS_PATH, async (ctx) => {
    try {
      await limitSubmissions(options, ctx, 'request-status');
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      ctx.set('Retry-After', error.headers['Retry-After'] ?? '60');
      send(
        ctx,
        429,
        requestStatusPageHtml({ asked: false, error: 'Too many tries from this network. Try again in a while.' }),
      );
      return;
    }
    const checked = options.useCases.requestStatus.check(await formEmail(ctx));
    if (!checked.ok) {
      send(ctx, 400, requestStatusPageHtml({ asked: false, error: 'Please type a whole email address.' }));
      return;
    }
    // Not awaited: what it finds must not show in the answer's time.
    void options.useCases.requestStatus.resend(checked.value, requestContext(ctx)).catch((failure: unknown) => {
      options.logger.warn({ err: failure }, 'request-status: could not mail the link again');
    });
    send(ctx, 200, requestStatusPageHtml({ asked: true }));
  });
  return router;
}
