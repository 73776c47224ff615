import type { ListCursor, PageRequest } from '../shared/list-page';

/** The three states of what the owner reviews: a guestbook entry's class, a request's status. */
export type ReviewState = 'pending' | 'approved' | 'rejected';

export const REVIEW_STATES: readonly ReviewState[] = ['pending', 'approved', 'rejected'];

/** Counts the dashboard shows for one capability. */
export interface CapabilitySummary {
  readonly total: number;
  readonly pending: number;
  /** Created at or after the `since` instant given. */
  readonly createdSince: number;
}

/**
 * Port: where the items of a review queue are kept (guestbook entries, scholarship requests),
 * what both stores answer alike. Each capability's repository adds its own decisions.
 */
export interface ReviewQueueRepository<Item extends ListCursor, Filter> {
  /** Stores a new item. The id is new; a duplicate id is a bug and may throw. */
  add(item: Item): Promise<void>;

  /** The item with this id, or null when there is none. */
  findById(id: string): Promise<Item | null>;

  /** Every item, newest first (createdAt descending, then id descending). Tests and tools only: screens read pages. */
  listAll(): Promise<Item[]>;

  /**
   * At most `limit` items matching `filter`, newest first (createdAt descending, then id
   * descending); with `before`, only those strictly after it in that order.
   */
  listPage(filter: Filter, page: PageRequest): Promise<Item[]>;

  /** total, pending (never decided), and created at or after `since`. */
  summarize(since: Date): Promise<CapabilitySummary>;

  /** Items created at or after `from` and before `to`, oldest first, at most `limit`. */
  listCreatedBetween(from: Date, to: Date, limit: number): Promise<Item[]>;
}
