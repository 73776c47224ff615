import type { RouterContext } from '@koa/router';
import type { DomainError, RateLimitPolicy, Result } from '@memoir/domain';
import { ERROR_MESSAGES, HONEYPOT_FIELD } from '@memoir/shared';

import type { HttpAppOptions } from '../deps';
import { HttpError } from '../http-error';
import { clientAddress, type RequestState } from '../middleware';
import { rateLimitAddressKey } from '../rate-limit-address';
import { orFail } from './calls';

/* What the visitors' forms share: a limit per client address, and the honeypot. */

/** Counts a submission of `form` from this client; 429 with Retry-After past the limit. */
export async function limitSubmissions(
  options: HttpAppOptions,
  ctx: RouterContext,
  form: string,
  policy: RateLimitPolicy = options.formRateLimit,
): Promise<void> {
  const address = clientAddress(ctx);
  const key = `form:${form}:${address === null ? 'unknown' : rateLimitAddressKey(address)}`;
  const verdict = await options.rateLimiter.consume(key, policy);
  if (!verdict.allowed) {
    throw new HttpError(
      429,
      { success: false, error: ERROR_MESSAGES.tooManySubmissions, code: 'FORM.TOO_MANY_SUBMISSIONS' },
      { 'Retry-After': String(verdict.retryAfterSeconds) },
    );
  }
}

/** A filled honeypot is a bot: the caller answers as if accepted and keeps nothing. */
function isBot(ctx: RouterContext, body: { readonly website?: string | null }): boolean {
  if ((body.website ?? '').trim() === '') return false;
  (ctx.state as RequestState).log.info({ field: HONEYPOT_FIELD }, 'honeypot filled: submission dropped');
  return true;
}

/** A form's call as its handler gets it: the body has the honeypot field. */
interface FormCall<Body> {
  readonly ctx: RouterContext;
  readonly body: Body & { readonly website?: string | null };
}

/**
 * A review queue's public form (the guestbook, a scholarship request): counted against the
 * limit, accepted and dropped when the honeypot is filled, otherwise kept by `keep`, whose
 * refusal is the answer.
 */
export const formSubmission =
  <Body>(options: HttpAppOptions, form: string, keep: { execute(body: Body): Promise<Result<unknown, DomainError>> }) =>
  async ({ ctx, body }: FormCall<Body>) => {
    await limitSubmissions(options, ctx, form);
    if (!isBot(ctx, body)) orFail(await keep.execute(body));
    return { success: true as const };
  };
