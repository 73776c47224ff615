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
}
