import type { GuestbookEntry, GuestbookReview } from './guestbook-entry';

/** Counts the dashboard shows for one capability. */
export interface CapabilitySummary {
  readonly total: number;
  readonly pending: number;
  /** Created at or after the `since` instant given. */
  readonly createdSince: number;
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

  /** Every entry, newest first (createdAt descending, then id descending). */
  listAll(): Promise<GuestbookEntry[]>;

  /**
   * Records a moderation decision (overwriting any earlier one) and returns the updated
   * entry, or null when there is no entry with this id.
   */
  saveReview(id: string, review: GuestbookReview): Promise<GuestbookEntry | null>;

  /** total, pending (not approved and never reviewed), and created at or after `since`. */
  summarize(since: Date): Promise<CapabilitySummary>;

  /** Entries created at or after `from` and before `to`, oldest first, at most `limit`. */
  listCreatedBetween(from: Date, to: Date, limit: number): Promise<GuestbookEntry[]>;
}
