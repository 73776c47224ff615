import type { RouterContext } from '@koa/router';
import type { DomainError, Result } from '@memoir/domain';

import { domainFailure } from '../error-status';
import { requestContext } from '../middleware';
import { adminOf, type ErrorDoc, type ErrorDocs } from './route-spec';

/* What the capabilities' handlers and API-reference words have in common. */

/** A use case's value, or its failure thrown as the HTTP answer its code maps to. */
export function orFail<T>(result: Result<T, DomainError>): T {
  if (!result.ok) throw domainFailure(result.error);
  return result.value;
}

/** The signed-in admin acting, and where the request came from (the audit log's actor). */
export const actor = (ctx: RouterContext) => ({ userId: adminOf(ctx).user.id, ...requestContext(ctx) });

/** The actor with their session: calls about one's own sessions and sign-in. */
export const sessionActor = (ctx: RouterContext) => ({ ...actor(ctx), sessionId: adminOf(ctx).session.id });

/** The id of a call's path (`/…/:id`). */
export const idOf = (params: { readonly id: string }): string => params.id;

export const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'string' } },
} as const;

/** An error answer for the API reference. */
export const error = (description: string, headers?: ErrorDoc['headers']): ErrorDoc =>
  headers === undefined ? { description } : { description, headers };

/** What the public forms may answer besides success. */
export const FORM_ERRORS: ErrorDocs = {
  '400': error('A field breaks a rule (fieldErrors names each), the riddle answer is wrong, or the body is not JSON'),
  '429': error('Too many submissions from this address (FORM_RATE_LIMIT)', retryAfter),
};

/** What a list of the back office may answer besides a page. */
export const LIST_ERRORS: ErrorDocs = {
  '400': error(
    'A cursor this server did not make, a filter value it does not know, or a limit that is not a whole number',
  ),
};

/** What a bulk decision may answer besides how each item went. */
export const BULK_ERRORS: ErrorDocs = {
  '400': error('No id, more than 100, or a decision that breaks a rule (the notes, the status)'),
};
