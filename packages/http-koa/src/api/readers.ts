import type { RouterContext } from '@koa/router';
import type { DomainError, ReaderSource, Result } from '@memoir/domain';

import type { HttpAppOptions } from '../deps';
import { requestContext, type RequestState } from '../middleware';
import { error, FORM_ERRORS, orFail } from './calls';
import { formSubmission } from './public-forms';
import type { Capability } from './route-spec';

/* The reader list's public calls: sign up, confirm (the page's button), leave in one click. */

const LINK_ERRORS = {
  '400': error('The token is missing or not text'),
  '404': error('Not a link of ours'),
  '410': error('The confirmation link expired (14 days) or was used'),
};

export const readerRoutes: Capability<'signUpReader' | 'confirmReader' | 'unsubscribeReader'> = (options) => {
  const { useCases } = options;
  return {
    signUpReader: {
      summary: 'Ask for news about the book: a confirmation email follows (double opt-in)',
      description:
        'The same answer whatever the address: new, waiting for confirmation, confirmed or left. A new or ' +
        'returning address gets a confirmation email whose page confirms only with its button; a pending one ' +
        'another, at most 3 more and an hour apart; a confirmed one nothing. Counted against FORM_RATE_LIMIT.',
      answered: 'Accepted',
      errors: FORM_ERRORS,
      handle: (input) =>
        formSubmission(options, 'readers', {
          execute: (body: typeof input.body) =>
            useCases.signUpReader.execute({ ...body, source: 'signup-form' }, requestContext(input.ctx)),
        })(input),
    },
    confirmReader: {
      summary: "The confirmation page's button: the reader is confirmed (the link works once, for 14 days)",
      description:
        'Opening the link in the email changes nothing (a mail scanner confirms no one); this call does. A second ' +
        "press of a confirmed reader's link answers the same.",
      answered: 'Confirmed',
      errors: LINK_ERRORS,
      handle: async ({ ctx, body }) => {
        orFail(await useCases.confirmReader.confirm(body.token, requestContext(ctx)));
        return { success: true };
      },
    },
    unsubscribeReader: {
      summary: 'Leave the list at once (RFC 8058 one-click: `List-Unsubscribe=One-Click`, form-encoded or JSON)',
      description:
        "The address of every list email's List-Unsubscribe header. No sign-in and no other check: a mail provider " +
        'calls it. Using the link again answers the same.',
      answered: 'Unsubscribed',
      errors: { '400': error('The token is missing'), '404': error('Not a link of ours') },
      handle: async ({ query }) => {
        orFail(await useCases.unsubscribeReader.unsubscribe(query.token, 'one-click'));
        return { success: true };
      },
    },
  };
};

/** What a form's body says about the reader list: the ticked box, and the address (the guestbook's own field). */
interface SubscribingBody {
  readonly subscribe?: boolean;
  readonly email?: string | null;
  readonly name?: string;
}

/**
 * A form's use case that, when its box "Email me when there is news about the book" was ticked,
 * also signs the reader up. The address is checked first, so a bad one refuses the form before
 * anything is kept; then the form is kept, then the sign-up (its answer is the form's: the
 * same whatever the address's state). Not one transaction: a crash between the two keeps the
 * entry without the sign-up, which the reader can make again.
 */
export function subscribing<Body extends SubscribingBody>(
  options: HttpAppOptions,
  ctx: RouterContext,
  source: ReaderSource,
  keep: { execute(body: Body): Promise<Result<unknown, DomainError>> },
): { execute(body: Body): Promise<Result<unknown, DomainError>> } {
  return {
    async execute(body) {
      if (body.subscribe !== true) return keep.execute(body);
      const reader = { email: body.email, name: body.name, consent: true, source };
      const checked = options.useCases.signUpReader.check(reader);
      if (!checked.ok) return checked;
      const kept = await keep.execute(body);
      if (!kept.ok) return kept;
      const signedUp = await options.useCases.signUpReader.execute(reader, requestContext(ctx));
      if (!signedUp.ok)
        (ctx.state as RequestState).log.warn({ code: signedUp.error.code }, 'form kept, sign-up refused');
      return kept;
    },
  };
}
