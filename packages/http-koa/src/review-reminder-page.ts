import type { RouterContext } from '@koa/router';
import { Router } from '@koa/router';
import { REVIEW_REMINDER_PATH, type ReviewAnswer } from '@memoir/domain';
import { BOOK_TITLE, REVIEW_REMINDER_TEXTS } from '@memoir/shared';

import type { HttpAppOptions } from './deps';
import { statusOf } from './error-status';
import { escapeHtml } from './html-escape';
import { formField, formText, sendPage, smallPage } from './request-status-page';

/*
 * The review reminder's two answers, the links of its email:
 * `/review-reminder?token=…&answer=reviewed|declined`. Opening one changes nothing (a mail
 * scanner answers nothing); its button, a form POST without script, records the answer once.
 */

const TEXTS = REVIEW_REMINDER_TEXTS;
const DONE: Readonly<Record<ReviewAnswer, string>> = { reviewed: TEXTS.reviewed, declined: TEXTS.declined };
const INTRO: Readonly<Record<ReviewAnswer, string>> = { reviewed: TEXTS.reviewedIntro, declined: TEXTS.declinedIntro };
const BUTTON: Readonly<Record<ReviewAnswer, string>> = {
  reviewed: TEXTS.reviewedButton,
  declined: TEXTS.declinedButton,
};

/** The page: its title, one sentence, and the button of the answer when there is one to record. */
export function reviewReminderPageHtml(
  lead: string,
  button?: { readonly token: string; readonly answer: ReviewAnswer },
) {
  const form =
    button === undefined
      ? ''
      : `<form method="post" action="${REVIEW_REMINDER_PATH}">
<input type="hidden" name="token" value="${escapeHtml(button.token)}">
<input type="hidden" name="answer" value="${button.answer}">
<button type="submit">${escapeHtml(BUTTON[button.answer])}</button>
</form>`;
  return smallPage({
    title: `${escapeHtml(TEXTS.title)} · ${escapeHtml(BOOK_TITLE)}`,
    head: '<link rel="icon" href="/favicon.svg" type="image/svg+xml">\n',
    main: `<h1>${escapeHtml(TEXTS.title)}</h1>
<p class="lead" role="status">${escapeHtml(lead)}</p>
${form}`,
  });
}

const queryText = (ctx: RouterContext, name: string): string => {
  const value = ctx.query[name];
  return typeof value === 'string' ? value : '';
};

/** A page whose address holds a token: sent with no Referer to wherever its links lead. */
function send(ctx: RouterContext, status: number, html: string): void {
  sendPage(ctx, status, html);
  ctx.set('Referrer-Policy', 'no-referrer');
}

export function reviewReminderRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  const { answerReviewReminder } = options.useCases;
  const notFound = (ctx: RouterContext, code: string) =>
    send(ctx, statusOf(code), reviewReminderPageHtml(TEXTS.linkNotFound));
  router.get(REVIEW_REMINDER_PATH, async (ctx) => {
    const token = queryText(ctx, 'token');
    const viewed = await answerReviewReminder.view(token, queryText(ctx, 'answer'));
    if (!viewed.ok) return notFound(ctx, viewed.error.code);
    const { state, answer } = viewed.value;
    send(
      ctx,
      200,
      state === 'answered'
        ? reviewReminderPageHtml(DONE[answer])
        : reviewReminderPageHtml(INTRO[answer], { token, answer }),
    );
  });
  router.post(REVIEW_REMINDER_PATH, async (ctx) => {
    const text = await formText(ctx);
    const field = (name: string) => (text === null ? null : formField(text, name)) ?? queryText(ctx, name);
    const answered = await answerReviewReminder.answer(field('token'), field('answer'));
    if (!answered.ok) return notFound(ctx, answered.error.code);
    send(ctx, 200, reviewReminderPageHtml(DONE[answered.value]));
  });
  return router;
}
