import type { RouterContext } from '@koa/router';
import { Router } from '@koa/router';
import type { DomainError, ReaderLinkState, Result } from '@memoir/domain';
import { BOOK_TITLE, READER_TEXTS } from '@memoir/shared';

import type { HttpAppOptions } from './deps';
import { statusOf } from './error-status';
import { escapeHtml } from './html-escape';
import { requestContext } from './middleware';
import { formField, formText, sendPage, smallPage } from './request-status-page';

/*
 * The reader list's two pages, the links of its emails: `/readers/confirm?token=…` and
 * `/readers/unsubscribe?token=…`. Opening one changes nothing (a mail scanner that follows the
 * link confirms no one and unsubscribes no one); its button, a form POST without script, does.
 */

export const READER_CONFIRM_PATH = '/readers/confirm';
export const READER_UNSUBSCRIBE_PATH = '/readers/unsubscribe';

interface PageView {
  readonly title: string;
  /** The sentence under the title. */
  readonly lead: string;
  /** The button's form, when the page still has something to do. */
  readonly button?: { readonly action: string; readonly token: string; readonly label: string };
}

/** A page of the reader list: its title, one sentence, and its button. */
export function readerPageHtml(view: PageView): string {
  const form =
    view.button === undefined
      ? ''
      : `<form method="post" action="${view.button.action}">
<input type="hidden" name="token" value="${escapeHtml(view.button.token)}">
<button type="submit">${escapeHtml(view.button.label)}</button>
</form>`;
  return smallPage({
    title: `${escapeHtml(view.title)} · ${escapeHtml(BOOK_TITLE)}`,
    head: '<link rel="icon" href="/favicon.svg" type="image/svg+xml">\n',
    main: `<h1>${escapeHtml(view.title)}</h1>
<p class="lead" role="status">${escapeHtml(view.lead)}</p>
${form}`,
  });
}

/** The token of the page's address or of its form. */
const queryToken = (ctx: RouterContext): string => (typeof ctx.query.token === 'string' ? ctx.query.token : '');
/** The form's token, or the address's when a mail client POSTs RFC 8058's body to the page's own link. */
const postedToken = async (ctx: RouterContext): Promise<string> => {
  const text = await formText(ctx);
  return (text === null ? null : formField(text, 'token')) ?? queryToken(ctx);
};

/** A dead link's words: not ours, expired, or used. */
function linkProblem(error: DomainError): string {
  if (error.code === 'READER.LINK_EXPIRED') return READER_TEXTS.linkExpired;
  if (error.code === 'READER.LINK_USED') return READER_TEXTS.linkUsed;
  return READER_TEXTS.linkNotFound;
}

interface LinkPage {
  readonly path: string;
  readonly title: string;
  readonly intro: string;
  readonly button: string;
  readonly done: string;
  view(token: string): Promise<Result<ReaderLinkState, DomainError>>;
  press(ctx: RouterContext, token: string): Promise<Result<unknown, DomainError>>;
}

/** A page whose address holds a token: sent with no Referer to wherever its links lead. */
function sendLinkPage(ctx: RouterContext, status: number, html: string): void {
  sendPage(ctx, status, html);
  ctx.set('Referrer-Policy', 'no-referrer');
}

function linkPageRoutes(router: Router, page: LinkPage): void {
  const problem = (ctx: RouterContext, error: DomainError) =>
    sendLinkPage(ctx, statusOf(error.code), readerPageHtml({ title: page.title, lead: linkProblem(error) }));
  router.get(page.path, async (ctx) => {
    const token = queryToken(ctx);
    const state = await page.view(token);
    if (!state.ok) return problem(ctx, state.error);
    const button = { action: page.path, token, label: page.button };
    sendLinkPage(
      ctx,
      200,
      readerPageHtml(
        state.value === 'done'
          ? { title: page.title, lead: page.done }
          : { title: page.title, lead: page.intro, button },
      ),
    );
  });
  router.post(page.path, async (ctx) => {
    const pressed = await page.press(ctx, await postedToken(ctx));
    if (!pressed.ok) return problem(ctx, pressed.error);
    sendLinkPage(ctx, 200, readerPageHtml({ title: page.title, lead: page.done }));
  });
}

export function readerPageRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  const { confirmReader, unsubscribeReader } = options.useCases;
  linkPageRoutes(router, {
    path: READER_CONFIRM_PATH,
    title: READER_TEXTS.confirmTitle,
    intro: READER_TEXTS.confirmIntro,
    button: READER_TEXTS.confirmButton,
    done: READER_TEXTS.confirmed,
    view: (token) => confirmReader.view(token),
    press: (ctx, token) => confirmReader.confirm(token, requestContext(ctx)),
  });
  linkPageRoutes(router, {
    path: READER_UNSUBSCRIBE_PATH,
    title: READER_TEXTS.unsubscribeTitle,
    intro: READER_TEXTS.unsubscribeIntro,
    button: READER_TEXTS.unsubscribeButton,
    done: READER_TEXTS.unsubscribed,
    view: (token) => unsubscribeReader.view(token),
    press: (_ctx, token) => unsubscribeReader.unsubscribe(token, 'page'),
  });
  return router;
}
