import { REQUEST_STATUS_SENTENCE } from '@memoir/domain';

import { requestContext } from '../middleware';
import { actor, error, FORM_ERRORS, orFail } from './calls';
import { limitSubmissions } from './public-forms';
import type { Capability } from './route-spec';

/* Suppressions: the addresses that bounced hard or complained, and lifting one. */

export const suppressionRoutes: Capability<'listSuppressions' | 'removeSuppression' | 'requestStatus'> = (options) => {
  const { useCases } = options;
  return {
    listSuppressions: {
      summary: 'The addresses that bounced hard or complained: they get no mail but what their reader asks for',
      answered: 'The newest first',
      handle: async () => {
        const { suppressions } = await useCases.listSuppressions.execute();
        return {
          suppressions: suppressions.map(({ email, reason, at }) => ({ email, reason, at: at.toISOString() })),
        };
      },
    },
    removeSuppression: {
      summary:
        "Lift an address's suppression: mail goes to it again (audited as suppression_removed, without the address)",
      answered: 'Lifted',
      errors: { '400': error('Not an email address'), '404': error('The address is not suppressed') },
      handle: async ({ ctx, params }) => {
        orFail(await useCases.removeSuppression.execute(params.email, actor(ctx)));
        return { success: true };
      },
    },
    requestStatus: {
      summary: "I never got the email: an approved request's link mailed again, the same answer for every address",
      description:
        'Answers at once, before looking: the answer, its time and its size are the same whether or not a request ' +
        'exists. When an approved request was made with the address, its link is mailed again (a new link; the ' +
        'earlier ones stop working), at most once an hour and 3 times a day; the approval email itself does not count.',
      answered: 'Accepted: "If a request exists for this address, we have emailed it again."',
      errors: FORM_ERRORS,
      handle: async ({ ctx, body }) => {
        await limitSubmissions(options, ctx, 'request-status');
        const email = orFail(useCases.requestStatus.check(body.email));
        const context = requestContext(ctx);
        // Not awaited: what it finds must not show in the answer's time.
        void useCases.requestStatus.resend(email, context).catch((failure: unknown) => {
          options.logger.warn({ err: failure }, 'request-status: could not mail the link again');
        });
        return { success: true, message: REQUEST_STATUS_SENTENCE };
      },
    },
  };
};
