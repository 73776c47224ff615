import type { GuestbookEntryClass } from '@memoir/shared';

import type { ListCursor } from '../shared/list-page';
import type { GuestbookEntry, GuestbookReview } from './guestbook-entry';

/** Counts the dashboard shows for one capability. */
export interface CapabilitySummary {
  readonly total: number;
  readonly pending: number;
  /** Created at or after the `since` instant given. */
  readonly createdSince: number;
}

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
export interface GuestbookEntryRepository {
  /** Stores a new entry. The id is new; a duplicate id is a bug and may throw. */
  add(entry: GuestbookEntry): Promise<void>;

  /** The entry with this id, or null when there is none. */
  findById(id: string): Promise<GuestbookEntry | null>;

  /**
   * Approved entries only, newest first (createdAt descending, then id descending so that
   * entries created in the same millisecond still come in a stable order), at most `limit`.
   */
  listApproved(limit: number): Promise<GuestbookEntry[]>;

  /** Every entry, newest first (createdAt descending, then id descending). Tests and tools only: screens read pages. */
  listAll(): Promise<GuestbookEntry[]>;

  /**
   * At most `limit` entries matching `filter`, newest first (createdAt descending, then id
   * descending); with `before`, only those strictly after it in that order.
   */
  listPage(
    filter: GuestbookListFilter,
    page: { readonly limit: number; readonly before?: ListCursor },
  ): Promise<GuestbookEntry[]>;

  /** How many entries each class holds, exactly (count queries, never a list's length). */
  countByClass(): Promise<Readonly<Record<GuestbookEntryClass, number>>>;

  /**
   * Records a moderation decision (overwriting any earlier one) and returns the updated
   * entry, or null when there is no entry with this id.
   */
  saveReview(id: string, review: GuestbookReview): Promise<GuestbookEntry | null>;

  /** total, pending (not approved and never reviewed), and created at or after `since`. */
  summarize(since: Date): Promise<CapabilitySummary>;

  /** Entries created at or after `from` and before `to`, oldest first, at most `limit`. */
  listCreatedBetween(from: Date, to: Date, limit: number): Promise<GuestbookEntry[]>;

  /** Retention: deletes the rejected entries last reviewed before `before`, with their deliveries. Returns how many. */
  deleteRejectedReviewedBefore(before: Date): Promise<number>;
}
