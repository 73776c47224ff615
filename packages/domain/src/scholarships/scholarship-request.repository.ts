import type { CapabilitySummary } from '../guestbook/guestbook-entry.repository';
import type { ScholarshipDecision, ScholarshipRequest } from './scholarship-request';

/** Port: where scholarship requests are kept. */
export interface ScholarshipRequestRepository {
  /** Stores a new request. The id is new; a duplicate id is a bug and may throw. */
  add(request: ScholarshipRequest): Promise<void>;

  /** The request with this id, or null when there is none. */
  findById(id: string): Promise<ScholarshipRequest | null>;

  /** Every request, newest first (createdAt descending, then id descending). */
  listAll(): Promise<ScholarshipRequest[]>;

  /**
   * Applies the decision only if the request is still pending, atomically: of two
   * concurrent calls for one request, exactly one succeeds. Returns the decided request, or
   * null when no pending request has this id (missing, or already decided).
   */
  decideIfPending(id: string, decision: ScholarshipDecision): Promise<ScholarshipRequest | null>;

  /** total, pending, and created at or after `since`. */
  summarize(since: Date): Promise<CapabilitySummary>;

  /**
   * The 24-hour promise: how many pending requests were created before `overdueBefore`, and
   * when the oldest pending request was created (null when none is pending).
   */
  pendingAge(overdueBefore: Date): Promise<PendingAge>;

  /** Requests created at or after `from` and before `to`, oldest first, at most `limit`. */
  listCreatedBetween(from: Date, to: Date, limit: number): Promise<ScholarshipRequest[]>;
}

export interface PendingAge {
  readonly overdue: number;
  readonly oldestPendingAt: Date | null;
}
