import type { RouterContext } from '@koa/router';
import type { RateLimitPolicy } from '@memoir/domain';
import { ERROR_MESSAGES, HONEYPOT_FIELD } from '@memoir/shared';

import type { HttpAppOptions } from '../deps';
import { HttpError } from '../http-error';
import { clientAddress, type RequestState } from '../middleware';
import { rateLimitAddressKey } from '../rate-limit-address';

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
export function isBot(ctx: RouterContext, body: { readonly website?: string | null }): boolean {
  if ((body.website ?? '').trim() === '') return false;
  (ctx.state as RequestState).log.info({ field: HONEYPOT_FIELD }, 'honeypot filled: submission dropped');
  return true;
}
