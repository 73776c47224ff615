import type { ReviewQueueRepository } from '../review-queue/review-queue.repository';
import type { ScholarshipDecision, ScholarshipRequest, ScholarshipStatus } from './scholarship-request';

/** Which requests a list holds; every field given must match. */
export interface ScholarshipListFilter {
  readonly status?: ScholarshipStatus;
  /**
   * Text (as `normalizeSearch` gives it) found, case-insensitively, in the name, the email
   * address, the message or the admin notes: a word, a fragment, or the whole address.
   */
  readonly search?: string;
}

/** Port: where scholarship requests are kept. */
export interface ScholarshipRequestRepository extends ReviewQueueRepository<ScholarshipRequest, ScholarshipListFilter> {
  /** How many requests each status holds, exactly. */
  countByStatus(): Promise<Readonly<Record<ScholarshipStatus, number>>>;

  /**
   * Applies the decision only if the request is still pending, atomically: of two
   * concurrent calls for one request, exactly one succeeds. Returns the decided request, or
   * null when no pending request has this id (missing, or already decided).
   */
  decideIfPending(id: string, decision: ScholarshipDecision): Promise<ScholarshipRequest | null>;

  /**
   * The 24-hour promise: how many pending requests were created before `overdueBefore`, and
   * when the oldest pending request was created (null when none is pending).
   */
  pendingAge(overdueBefore: Date): Promise<PendingAge>;

  /** Retention: deletes the rejected requests decided before `before`, with their deliveries. Returns how many. */
  deleteRejectedDecidedBefore(before: Date): Promise<number>;

  /** Every request made with this email address (compared without regard to case), oldest first. */
  listByEmail(email: string): Promise<ScholarshipRequest[]>;

  /**
   * Erasure: the request keeps its id, status and dates, and loses the person: `name` and
   * `email` become the given stand-ins, the message and the admin notes become null. Returns
   * whether it existed.
   */
  anonymise(id: string, standIn: { readonly name: string; readonly email: string }): Promise<boolean>;
}

export interface PendingAge {
  readonly overdue: number;
  readonly oldestPendingAt: Date | null;
}
