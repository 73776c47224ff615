import type { Sha256 } from '../audit-log/audit-chain';
import type { RateLimitStore } from '../rate-limiting/rate-limit-store';
import type { ScholarshipRequestRepository } from '../scholarships/scholarship-request.repository';
import type { Clock } from '../shared/clock';
import type { RequestContext } from '../shared/request-context';
import { addressInput } from '../shared/text-fields';
import type { Result } from '../shared/result';
import { DeliveryErrorCode, type DeliveryError } from './deliveries.errors';
import type { ResendDeliveryUseCase } from './resend-delivery.use-case';

/** What /request-status says, whatever the address: it never tells whether a request exists. */
export const REQUEST_STATUS_SENTENCE = 'If a request exists for this address, we have emailed it again.';

const HOUR_MS = 60 * 60_000;
/** A reader's link is mailed again at most this often: once an hour, 3 times a day (the approval itself not counted). */
export const REQUEST_STATUS_LIMITS = [
  { name: 'hour', windowMs: HOUR_MS, max: 1 },
  { name: 'day', windowMs: 24 * HOUR_MS, max: 3 },
] as const;

export type RequestStatusOutcome = 'sent' | 'none' | 'limited';

/**
 * "I never got the email": a requester types their address, and if an approved request was
 * made with it, its link is mailed again (a Resend the reader asked for, so it goes even to a
 * suppressed address, and audited as one with no admin). At most once an hour and 3 times a
 * day per request, counted in the shared counters under the request's id (hashed). The caller
 * answers the same whatever this finds: `check` is all it waits for.
 */
export class RequestStatusUseCase {
  constructor(
    private readonly deps: {
      readonly scholarshipRequests: ScholarshipRequestRepository;
      readonly rateLimits: RateLimitStore;
      readonly resend: Pick<ResendDeliveryUseCase, 'execute'>;
      readonly clock: Clock;
      readonly sha256: Sha256;
    },
  ) {}

  /** The address, checked as the forms check it (the same error for any malformed one). */
  check(email: unknown): Result<string, DeliveryError> {
    return addressInput(email, 'email', DeliveryErrorCode.InvalidStatusAddress);
  }

  /** Mails the newest approved request's link again, when there is one and the limits allow. */
  async resend(email: string, context: RequestContext): Promise<RequestStatusOutcome> {
    const requests = await this.deps.scholarshipRequests.listByEmail(email);
    const approved = requests
      .filter((request) => request.status === 'approved')
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (approved === undefined) return 'none';
    const now = this.deps.clock.now();
    const keys = REQUEST_STATUS_LIMITS.map(
      (limit) => [`request-status:${limit.name}:${this.deps.sha256(approved.id).slice(0, 40)}`, limit] as const,
    );
    for (const [key, limit] of keys) {
      const window = await this.deps.rateLimits.peek(key, now);
      if (window !== null && window.count >= limit.max) return 'limited';
    }
    const resent = await this.deps.resend.execute(approved.id, { ...context, userId: null }, { askedByReader: true });
    // A delivery already queued is on its way: nothing to count.
    if (!resent.ok) return 'limited';
    for (const [key, limit] of keys) await this.deps.rateLimits.hit(key, limit.windowMs, now);
    return 'sent';
  }
}
