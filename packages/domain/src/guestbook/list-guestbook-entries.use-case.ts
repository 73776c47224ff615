import {
  ADMIN_APPROVED_LIST_LIMIT,
  ADMIN_LIST_DEFAULT_PAGE_SIZE,
  ADMIN_LIST_MAX_PAGE_SIZE,
  ADMIN_REJECTED_LIST_LIMIT,
  type GuestbookEntryClass,
} from '@memoir/shared';

import { clampPageSize, everyItem, normalizeSearch, parseBefore, parseChoice, readPage } from '../shared/list-page';
import { invalidCursor, invalidFilter, type ListError } from '../shared/list.errors';
import { countThrough, type RecentCounts } from '../shared/recent-counts';
import { err, ok, type Result } from '../shared/result';
import type { GuestbookEntry } from './guestbook-entry';
import type { GuestbookEntryRepository, GuestbookListFilter } from './guestbook-entry.repository';

/** What the owner asks of the guestbook list; everything optional. */
export interface GuestbookListQuery {
  /** pending, approved or rejected. */
  readonly class?: string | null;
  readonly q?: string | null;
  readonly limit?: number | null;
  /** A `nextCursor` from an earlier page. */
  readonly before?: string | null;
}

export interface GuestbookListPage {
  /** The list `nextCursor` continues: the default view's pending entries, or the matching ones. */
  readonly page: readonly GuestbookEntry[];
  /** The default view's other sections, the newest approved and rejected entries; otherwise empty. */
  readonly sections: readonly GuestbookEntry[];
  /** Give as `before` for the next page of `page`; null on the last page. */
  readonly nextCursor: string | null;
  /** Exact counts of each class, whatever the filter. */
  readonly counts: Readonly<Record<GuestbookEntryClass, number>>;
}

/** The rows an export reads at a time: one page in memory, never the list. */
const EXPORT_BATCH = 500;

/**
 * The owner's view of the guestbook, a page at a time. Without a filter, the admin screen's
 * three sections: a first page of pending entries (with the cursor for more), the
 * ADMIN_APPROVED_LIST_LIMIT newest approved and the ADMIN_REJECTED_LIST_LIMIT newest rejected.
 * With `class`, `q`, `limit` or `before`, one list of the matching entries, newest first.
 */
export class ListGuestbookEntriesUseCase {
  constructor(
    private readonly deps: { readonly guestbookEntries: GuestbookEntryRepository; readonly counts?: RecentCounts },
  ) {}

  async execute(query: GuestbookListQuery = {}): Promise<Result<GuestbookListPage, ListError>> {
    const repo = this.deps.guestbookEntries;
    const before = parseBefore(query.before);
    if (before === 'invalid') return err(invalidCursor());
    const limit = clampPageSize(query.limit, ADMIN_LIST_DEFAULT_PAGE_SIZE, ADMIN_LIST_MAX_PAGE_SIZE);
    const filter = toFilter(query);
    if (filter === 'invalid') return err(invalidClass());
    const counts = await countThrough(this.deps.counts, 'guestbook', () => repo.countByClass());
    const isDefault =
      filter.class === undefined && filter.search === undefined && query.limit == null && before === undefined;
    if (isDefault) {
      const [pending, approved, rejected] = await Promise.all([
        readPage(limit, (take) => repo.listPage({ class: 'pending' }, { limit: take })),
        repo.listPage({ class: 'approved' }, { limit: ADMIN_APPROVED_LIST_LIMIT }),
        repo.listPage({ class: 'rejected' }, { limit: ADMIN_REJECTED_LIST_LIMIT }),
      ]);
      return ok({ page: pending.items, sections: [...approved, ...rejected], nextCursor: pending.nextCursor, counts });
    }
    const page = await readPage(limit, (take) =>
      repo.listPage(filter, before === undefined ? { limit: take } : { limit: take, before }),
    );
    return ok({ page: page.items, sections: [], nextCursor: page.nextCursor, counts });
  }

  /** Every entry matching the query's filter (its limit and cursor ignored), newest first. */
  exportAll(query: GuestbookListQuery = {}): Result<AsyncGenerator<GuestbookEntry>, ListError> {
    const filter = toFilter(query);
    if (filter === 'invalid') return err(invalidClass());
    return ok(
      everyItem(EXPORT_BATCH, (limit, before) =>
        this.deps.guestbookEntries.listPage(filter, before === undefined ? { limit } : { limit, before }),
      ),
    );
  }
}

const CLASSES: readonly GuestbookEntryClass[] = ['pending', 'approved', 'rejected'];

function toFilter(query: GuestbookListQuery): GuestbookListFilter | 'invalid' {
  const search = normalizeSearch(query.q);
  const entryClass = parseChoice(query.class, CLASSES);
  if (entryClass === 'invalid') return 'invalid';
  return {
    ...(entryClass === undefined ? {} : { class: entryClass }),
    ...(search === null ? {} : { search }),
  };
}

const invalidClass = () => invalidFilter('There is no such class: use pending, approved or rejected.');
