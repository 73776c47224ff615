import { ReviewList, type ReviewListPage } from '../review-queue/review-list';
import type { ListQuery } from '../shared/list-page';
import type { ListError } from '../shared/list.errors';
import type { RecentCounts } from '../shared/recent-counts';
import type { Result } from '../shared/result';
import type { GuestbookEntry } from './guestbook-entry';
import type { GuestbookEntryRepository } from './guestbook-entry.repository';

/** What the owner asks of the guestbook list; everything optional. */
export interface GuestbookListQuery extends ListQuery {
  /** pending, approved or rejected. */
  readonly class?: string | null;
}

export type GuestbookListPage = ReviewListPage<GuestbookEntry>;

/** The owner's view of the guestbook, a page at a time: the review queue's list, by `class`. */
export class ListGuestbookEntriesUseCase {
  private readonly list: ReviewList<GuestbookEntry, 'class'>;

  constructor(deps: { readonly guestbookEntries: GuestbookEntryRepository; readonly counts?: RecentCounts }) {
    const entries = deps.guestbookEntries;
    this.list = new ReviewList(entries, 'class', () => entries.countByClass(), deps.counts);
  }

  execute(query: GuestbookListQuery = {}): Promise<Result<GuestbookListPage, ListError>> {
    return this.list.read(query, query.class);
  }

  /** Every entry matching the query's filter (its limit and cursor ignored), newest first. */
  exportAll(query: GuestbookListQuery = {}): Result<AsyncGenerator<GuestbookEntry>, ListError> {
    return this.list.exportAll(query, query.class);
  }
}
