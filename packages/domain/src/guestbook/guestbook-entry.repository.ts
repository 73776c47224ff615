import type { GuestbookEntryClass } from '@memoir/shared';

import type { ReviewQueueRepository } from '../review-queue/review-queue.repository';
import type { GuestbookEntry, GuestbookReview } from './guestbook-entry';

/** Which entries a list holds; every field given must match. */
export interface GuestbookListFilter {
  readonly class?: GuestbookEntryClass;
  /**
   * Text (as `normalizeSearch` gives it: trimmed, NFC, lower case) found in the name, the
   * location, the message or the admin notes, case-insensitively: a whole word or a fragment
   * of it. A store may match more loosely (MySQL also ignores accents), never less.
   */
  readonly search?: string;
}

/** Port: where guestbook entries are kept. */
export interface GuestbookEntryRepository extends ReviewQueueRepository<GuestbookEntry, GuestbookListFilter> {
  /**
   * Approved entries only, newest first (createdAt descending, then id descending so that
   * entries created in the same millisecond still come in a stable order), at most `limit`.
   */
  listApproved(limit: number): Promise<GuestbookEntry[]>;

  /** How many entries each class holds, exactly (count queries, never a list's length). */
  countByClass(): Promise<Readonly<Record<GuestbookEntryClass, number>>>;

  /**
   * Records a moderation decision (overwriting any earlier one) and returns the updated
   * entry, or null when there is no entry with this id.
   */
  saveReview(id: string, review: GuestbookReview): Promise<GuestbookEntry | null>;

  /** Retention: deletes the rejected entries last reviewed before `before`, with their deliveries. Returns how many. */
  deleteRejectedReviewedBefore(before: Date): Promise<number>;
}
